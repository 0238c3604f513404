import { Box, Button, Drawer, Flex, IconButton, Menu, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ChevronDown, Clock3, Ellipsis, Menu as MenuGlyph, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { Link, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { Logo } from '../components/Logo.tsx';
import { notify } from '../components/toaster.tsx';
import { applyLang } from '../i18n/index.ts';
import type { Lang } from '../lib/format.ts';
import { useIsMobile, useScreenClass } from '../lib/useMedia.ts';
import { useLang } from '../lib/useLang.ts';
import { sessionUser } from '../state/session.ts';
import type { TopBarSetLanguageMutation } from './__generated__/TopBarSetLanguageMutation.graphql.ts';
import type { TopBar_viewer$key } from './__generated__/TopBar_viewer.graphql.ts';
import type { NoticeBadge_query$key } from './__generated__/NoticeBadge_query.graphql.ts';
import { MenuIcon } from './icons.tsx';
import { sectionOf, targetOf, titleOf, useMenu, visibleChildren, type MenuNode } from './menu.ts';
import { NoticeBadge } from './NoticeBadge.tsx';
import { UserMenu } from './UserMenu.tsx';

const fragment = graphql`
  fragment TopBar_viewer on Viewer {
    version
    timeZone {
      name
      nameZh
      nameEn
    }
    ...UserMenu_viewer
  }
`;

const setLanguageMutation = graphql`
  mutation TopBarSetLanguageMutation($input: SetLanguageInput!) {
    setLanguage(input: $input) {
      __typename
      ... on ViewerPayload {
        user {
          id
          language
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** "China Standard Time (Shanghai)" -> "Shanghai"; the full name is in the title. */
function shortZone(name: string): string {
  return /\(([^)]+)\)\s*$/.exec(name)?.[1] ?? name;
}

type Props = { viewer: TopBar_viewer$key; query: NoticeBadge_query$key; sidebarOpen: boolean; onToggleSidebar: () => void };

export function TopBar({ viewer, query, sidebarOpen, onToggleSidebar }: Props) {
  const data = useFragment(fragment, viewer);
  const { t } = useTranslation();
  const lang = useLang();
  const isMobile = useIsMobile();
  const screen = useScreenClass();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [commitLanguage] = useMutation<TopBarSetLanguageMutation>(setLanguageMutation);

  /** The language is saved to the user, then applied (page and `lang` cookie). */
  function switchLanguage(next: Lang) {
    commitLanguage({
      variables: { input: { language: next === 'en' ? 'EN' : 'ZH' } },
      onCompleted: (res) => {
        if (res.setLanguage.__typename === 'ViewerPayload') {
          applyLang(next);
          const user = sessionUser.get();
          if (user) sessionUser.set({ ...user, language: next });
        } else {
          notify('error', res.setLanguage.message ?? t('transport.unknown'));
        }
      },
      // The request layer has shown the failure.
      onError: () => {},
    });
  }

  const zone = data.timeZone;
  const zoneName = zone ? (lang === 'en' ? zone.nameEn : zone.nameZh) : (sessionUser.get()?.timeZone ?? '');

  return (
    <Flex as="header" h="14" px="3" gap="2" align="center" bg="nav.bg" color="white" flexShrink={0} data-testid="top-bar">
      {isMobile ? (
        <IconButton aria-label={t('client.layout.openMenu')} variant="ghost" color="white" size="sm" _hover={{ bg: 'nav.hover' }} onClick={() => setDrawerOpen(true)} data-testid="open-drawer">
          <MenuGlyph />
        </IconButton>
      ) : (
        <IconButton aria-label={t('client.layout.toggleSidebar')} data-open={sidebarOpen} variant="ghost" color="white" size="sm" _hover={{ bg: 'nav.hover' }} onClick={onToggleSidebar} data-testid="toggle-sidebar">
          {sidebarOpen ? <PanelLeftClose /> : <PanelLeftOpen />}
        </IconButton>
      )}
      <Link to="/working" aria-label={t('client.appName')}>
        <Flex align="center" gap="2" mr="2">
          <Logo size={28} />
          {screen === 'lg' && (
            <Text fontWeight="bold" whiteSpace="nowrap">
              {t('client.appName')}
            </Text>
          )}
        </Flex>
      </Link>
      {isMobile ? <Box flex="1" /> : <HorizontalMenu />}
      <NoticeBadge query={query} />
      <LanguageSwitch onChange={switchLanguage} dark />
      {!isMobile && (
        <Flex align="center" gap="1" fontSize="xs" color="nav.fg" title={`${t('client.layout.timeZone')}: ${zoneName}`} data-testid="time-zone" whiteSpace="nowrap">
          <Clock3 size={14} /> {screen === 'sm' ? shortZone(zoneName) : zoneName}
        </Flex>
      )}
      {!isMobile && (
        <Text fontSize="xs" color="nav.fg" whiteSpace="nowrap" data-testid="version">
          {t('client.layout.version', { version: data.version })}
        </Text>
      )}
      <UserMenu viewer={data} />
      {isMobile && <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
    </Flex>
  );
}

/**
 * Top-level menu entries; entries with visible children open a dropdown. Every entry shows its
 * name (issue 32: icon-only groups hid the name in a tooltip). The bar stays usable with long
 * (English) titles in three steps, measured on invisible copies: every entry with its icon and
 * title; else titles without icons (the current section keeps its icon); else the entries that do
 * not fit go into "more", titled, where each keeps its own submenu.
 */
function HorizontalMenu() {
  const menu = useMenu();
  const lang = useLang();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = sectionOf(menu, pathname);
  const entries = menu.tree.filter((n) => !n.hidden);
  const bar = useRef<HTMLDivElement>(null);
  const ruler = useRef<HTMLDivElement>(null);
  const compactRuler = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState<{ compact: boolean; fit: number }>({ compact: false, fit: entries.length });
  const activeIndex = entries.findIndex((n) => n.databaseId === active?.databaseId);

  useLayoutEffect(() => {
    const measure = () => {
      if (!bar.current || !ruler.current || !compactRuler.current) return;
      const full = [...ruler.current.children].map((c) => (c as HTMLElement).offsetWidth + 2);
      const small = [...compactRuler.current.children].map((c) => (c as HTMLElement).offsetWidth + 2);
      const available = bar.current.clientWidth;
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      if (sum(full) <= available) return setLayout({ compact: false, fit: full.length });
      // Titles without icons, the current section keeps its icon.
      const widths = small.map((w, i) => (i === activeIndex ? full[i]! : w));
      if (sum(widths) <= available) return setLayout({ compact: true, fit: widths.length });
      // The current section always stays in the bar: its width is kept aside first.
      let used = MORE_WIDTH + (activeIndex >= 0 ? widths[activeIndex]! : 0);
      let n = 0;
      while (n < widths.length && (n === activeIndex || used + widths[n]! <= available)) {
        if (n !== activeIndex) used += widths[n]!;
        n++;
      }
      setLayout({ compact: true, fit: n });
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (bar.current) observer.observe(bar.current);
    return () => observer.disconnect();
  }, [entries.length, lang, activeIndex]);

  const button = (node: MenuNode, mode: 'live' | 'measure' | 'measureCompact' = 'live') => {
    const children = visibleChildren(node);
    const isActive = active?.databaseId === node.databaseId;
    const measuring = mode !== 'live';
    const textOnly = mode === 'measureCompact' || (mode === 'live' && layout.compact && !isActive);
    const title = titleOf(node, lang);
    const props = {
      size: 'sm' as const,
      variant: 'ghost' as const,
      px: textOnly ? '1.5' : '2.5',
      gap: textOnly ? '0.5' : undefined,
      color: isActive ? 'white' : 'nav.fg',
      bg: isActive ? 'nav.active' : undefined,
      _hover: { bg: isActive ? 'nav.activeHover' : 'nav.hover', color: 'white' },
      // Open: the dark bar's hover colours (Chakra's light grey left grey text at 1.5:1).
      _expanded: { bg: isActive ? 'nav.activeHover' : 'nav.hover', color: 'white' },
      flexShrink: 0,
      tabIndex: measuring ? -1 : undefined,
      'data-menu-key': measuring ? undefined : node.key,
      'data-compact': textOnly || undefined,
    };
    const label = (
      <>
        {textOnly ? null : <MenuIcon name={node.icon} />} {title} {children.length > 0 && <ChevronDown size={textOnly ? 12 : 14} />}
      </>
    );
    if (measuring)
      return (
        <Button key={node.databaseId} {...props}>
          {label}
        </Button>
      );
    if (!children.length) {
      const target = targetOf(node);
      return (
        <Button key={node.databaseId} {...props} aria-current={isActive ? 'page' : undefined} onClick={() => target && navigate(target)}>
          {label}
        </Button>
      );
    }
    return (
      <Menu.Root key={node.databaseId} positioning={{ placement: 'bottom-start' }} onSelect={(d) => navigate(d.value)}>
        <Menu.Trigger asChild>
          <Button {...props}>{label}</Button>
        </Menu.Trigger>
        <SectionEntries entries={children} lang={lang} />
      </Menu.Root>
    );
  };

  // Past `fit`, into "more", except the current section, which stays in the bar.
  const shown = entries.filter((_, i) => i < layout.fit || i === activeIndex);
  const overflow = entries.filter((_, i) => i >= layout.fit && i !== activeIndex);
  return (
    <Flex ref={bar} as="nav" aria-label={t('client.layout.mainMenu')} flex="1" minW="0" position="relative" gap="0.5" overflow="hidden" data-testid="main-menu" data-compact={layout.compact || undefined}>
      <Flex ref={ruler} position="absolute" visibility="hidden" pointerEvents="none" gap="0.5" aria-hidden="true">
        {entries.map((n) => button(n, 'measure'))}
      </Flex>
      <Flex ref={compactRuler} position="absolute" visibility="hidden" pointerEvents="none" gap="0.5" aria-hidden="true">
        {entries.map((n) => button(n, 'measureCompact'))}
      </Flex>
      {shown.map((n) => button(n))}
      {overflow.length > 0 && (
        <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(d) => navigate(d.value)}>
          <Menu.Trigger asChild>
            <Button
              size="sm"
              variant="ghost"
              px="2.5"
              color={overflow.some((n) => n.databaseId === active?.databaseId) ? 'white' : 'nav.fg'}
              bg={overflow.some((n) => n.databaseId === active?.databaseId) ? 'nav.active' : undefined}
              _hover={{ bg: 'nav.hover', color: 'white' }}
              _expanded={{ bg: 'nav.hover', color: 'white' }}
              flexShrink={0}
              data-testid="menu-more"
            >
              <Ellipsis /> {t('client.layout.more')}
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content minW="48" maxH="80vh" overflowY="auto" data-testid="menu-more-list">
                {overflow.map((node) => {
                  const children = visibleChildren(node);
                  if (!children.length) return <MenuEntry key={node.databaseId} node={node} lang={lang} />;
                  // A section keeps its own submenu: the list stays as short as the sections.
                  return (
                    <Menu.Root key={node.databaseId} positioning={{ placement: 'left-start', gutter: 2 }} onSelect={(d) => navigate(d.value)}>
                      <Menu.TriggerItem data-menu-group={node.key}>
                        <MenuIcon name={node.icon} size={14} /> {titleOf(node, lang)}
                      </Menu.TriggerItem>
                      <SectionEntries entries={children} lang={lang} />
                    </Menu.Root>
                  );
                })}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
    </Flex>
  );
}

const MORE_WIDTH = 90;

/** The pages of one section, as a dropdown (in the bar) or a submenu (in "More"). */
function SectionEntries({ entries, lang }: { entries: MenuNode[]; lang: Lang }) {
  return (
    <Portal>
      <Menu.Positioner>
        <Menu.Content minW="44">
          {entries.map((child) => (
            <MenuEntry key={child.databaseId} node={child} lang={lang} />
          ))}
        </Menu.Content>
      </Menu.Positioner>
    </Portal>
  );
}

function MenuEntry({ node, lang }: { node: MenuNode; lang: Lang }) {
  const target = targetOf(node);
  return (
    <Menu.Item value={target ?? node.path} disabled={!target} data-menu-key={node.key}>
      <MenuIcon name={node.icon} /> {titleOf(node, lang)}
    </Menu.Item>
  );
}

/** Under 1024 px the menu lives in a drawer. */
function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const menu = useMenu();
  const lang = useLang();
  const navigate = useNavigate();
  const go = (node: MenuNode) => {
    const target = targetOf(node);
    if (target) navigate(target);
    onClose();
  };
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="menu-drawer" color="nav.drawerFg">
            <VisuallyHidden asChild>
              <Drawer.Title>{t('client.layout.mainMenu')}</Drawer.Title>
            </VisuallyHidden>
            <Drawer.Body p="2">
              <Stack gap="0.5">
                {menu.tree
                  .filter((n) => !n.hidden)
                  .map((node) => (
                    <Box key={node.databaseId}>
                      <Button variant="ghost" justifyContent="flex-start" w="full" fontWeight="semibold" onClick={() => go(node)}>
                        <MenuIcon name={node.icon} /> {titleOf(node, lang)}
                      </Button>
                      {visibleChildren(node).map((child) => (
                        <Button key={child.databaseId} variant="ghost" justifyContent="flex-start" w="full" pl="8" size="sm" onClick={() => go(child)}>
                          <MenuIcon name={child.icon} size={14} /> {titleOf(child, lang)}
                        </Button>
                      ))}
                    </Box>
                  ))}
              </Stack>
            </Drawer.Body>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
