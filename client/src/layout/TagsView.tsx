import { Box, chakra, Flex, IconButton, Stack } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { askDiscard } from '../components/DiscardDialog.tsx';
import { notify } from '../components/toaster.tsx';
import { dirtyOn } from '../lib/dirty.ts';
import { useLang } from '../lib/useLang.ts';
import { closeAll, closeOthers, closeRight, closeView, refreshView, visitedViews, type VisitedView } from '../state/visited.ts';

const SCROLL_PADDING = 4;

type ContextMenu = { x: number; y: number; view: VisitedView } | null;
type TagAction = 'refresh' | 'close' | 'closeRight' | 'closeOthers' | 'closeAll';

/** An action that would do nothing is offered disabled: closing a pinned tab, closing to the right of the last. */
function idle(action: TagAction, view: VisitedView, views: VisitedView[]): boolean {
  if (action === 'close') return view.affix;
  if (action === 'closeRight') return !views.slice(views.findIndex((v) => v.path === view.path) + 1).some((v) => !v.affix);
  return false;
}

/** Tabs of visited views: arrows page through them, right-click offers refresh and closing. */
export function TagsView() {
  const { t } = useTranslation();
  const lang = useLang();
  const views = visitedViews.use();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const strip = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<ContextMenu>(null);

  // Keep the active tab in sight (measured against the strip itself: offsetLeft counted from the
  // page, so a tab opened past the right edge stayed hidden). Runs again when titles change width.
  const titles = views.map((v) => v.title[lang]).join('|');
  useEffect(() => {
    const el = strip.current?.querySelector<HTMLElement>('[data-active="true"]');
    const box = strip.current;
    if (!el || !box) return;
    const left = el.getBoundingClientRect().left - box.getBoundingClientRect().left + box.scrollLeft;
    const right = left + el.offsetWidth;
    if (left < box.scrollLeft) box.scrollLeft = left - SCROLL_PADDING;
    else if (right > box.scrollLeft + box.clientWidth) box.scrollLeft = right - box.clientWidth + SCROLL_PADDING;
  }, [pathname, views.length, titles]);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('click', close);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('keydown', onKey);
    };
  }, [menu]);

  function page(direction: -1 | 1) {
    const box = strip.current;
    if (!box) return;
    const atStart = box.scrollLeft <= 0;
    const atEnd = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
    if (direction < 0 && atStart) return notify('warning', t('client.tags.firstPage'));
    if (direction > 0 && atEnd) return notify('warning', t('client.tags.lastPage'));
    box.scrollBy({ left: direction * box.clientWidth, behavior: 'instant' as ScrollBehavior });
  }

  /** After closing the active tab, the last remaining tab opens. */
  function goToLast(remaining: VisitedView[]) {
    const last = remaining[remaining.length - 1];
    navigate(last ? last.fullPath : '/', { replace: true });
  }

  async function close(view: VisitedView) {
    if (view.affix) return;
    // A kept-alive view holding unsaved input (an archive section in edit mode) asks first.
    if (dirtyOn(view.path) && !(await askDiscard())) return;
    const remaining = closeView(view.path);
    if (view.path === pathname) goToLast(remaining);
  }

  function onContextMenu(event: MouseEvent, view: VisitedView) {
    event.preventDefault();
    setMenu({ x: event.clientX, y: event.clientY, view });
  }

  function act(action: TagAction, view: VisitedView) {
    setMenu(null);
    if (action === 'refresh') {
      refreshView(view.path);
      if (view.path !== pathname) navigate(view.fullPath);
    } else if (action === 'close') {
      void close(view);
    } else if (action === 'closeRight') {
      const remaining = closeRight(view.path);
      if (!remaining.some((v) => v.path === pathname)) navigate(view.fullPath);
    } else if (action === 'closeOthers') {
      closeOthers(view.path);
      if (view.path !== pathname) navigate(view.fullPath);
    } else {
      const remaining = closeAll();
      if (!remaining.some((v) => v.path === pathname)) goToLast(remaining);
    }
  }

  return (
    <Flex h="10" align="center" bg="bg.panel" borderBottomWidth="1px" px="1" gap="1" flexShrink={0} data-testid="tags-view">
      <IconButton aria-label={t('client.tags.previous')} size="xs" variant="ghost" onClick={() => page(-1)} data-testid="tags-prev">
        <ChevronLeft />
      </IconButton>
      {/* Links to the open pages (not ARIA tabs: they control no panel); each a button, with its close button beside it, not inside. */}
      <Flex ref={strip} as="nav" aria-label={t('client.tags.label')} flex="1" gap="1" overflowX="hidden" align="center" h="full">
        {views.map((view) => {
          const active = view.path === pathname;
          return (
            <Flex
              key={view.path}
              data-active={active}
              data-path={view.path}
              data-affix={view.affix || undefined}
              data-testid="tag"
              align="center"
              gap="1"
              flexShrink={0}
              h="7"
              pl="3"
              pr={view.affix ? '3' : '1'}
              fontSize="sm"
              borderWidth="1px"
              borderRadius="md"
              cursor="pointer"
              bg={active ? 'bg.accent' : 'bg.panel'}
              color={active ? 'white' : 'fg.strong'}
              borderColor={active ? 'border.accent' : 'border'}
              _hover={{ borderColor: 'border.hover' }}
              _focusWithin={{ outline: '2px solid', outlineColor: 'border.accent', outlineOffset: '1px' }}
              onClick={() => navigate(view.fullPath)}
              onContextMenu={(e) => onContextMenu(e, view)}
            >
              {active && <Box w="1.5" h="1.5" borderRadius="full" bg="bg.panel" />}
              <chakra.button type="button" aria-current={active ? 'page' : undefined} outline="none" whiteSpace="nowrap" data-testid="tag-open">
                {view.title[lang]}
              </chakra.button>
              {!view.affix && (
                <IconButton
                  aria-label={t('client.tags.close')}
                  size="2xs"
                  variant="ghost"
                  color="inherit"
                  minW="4"
                  h="4"
                  _hover={{ bg: active ? 'bg.accentHover' : 'bg.emphasized' }}
                  data-testid="tag-close"
                  onClick={(e) => {
                    e.stopPropagation();
                    void close(view);
                  }}
                >
                  <X />
                </IconButton>
              )}
            </Flex>
          );
        })}
      </Flex>
      <IconButton aria-label={t('client.tags.next')} size="xs" variant="ghost" onClick={() => page(1)} data-testid="tags-next">
        <ChevronRight />
      </IconButton>
      {menu && (
        <Stack
          role="menu"
          position="fixed"
          left={`${menu.x}px`}
          top={`${menu.y}px`}
          zIndex="popover"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          py="1"
          gap="0"
          minW="32"
          data-testid="tags-context-menu"
          onClick={(e) => e.stopPropagation()}
        >
          {(['refresh', 'close', 'closeRight', 'closeOthers', 'closeAll'] as const).map((action) => (
            <Box
              key={action}
              as="button"
              role="menuitem"
              textAlign="left"
              px="3"
              py="1.5"
              fontSize="sm"
              _hover={{ bg: 'bg.muted' }}
              _disabled={{ color: 'fg.subtle', cursor: 'not-allowed' }}
              {...{ disabled: idle(action, menu.view, views) }}
              onClick={() => act(action, menu.view)}
              data-action={action}
            >
              {t(`client.tags.${action}`)}
            </Box>
          ))}
        </Stack>
      )}
    </Flex>
  );
}
