import { Box, Flex } from '@chakra-ui/react';
import { Loading } from './Loading.tsx';
import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { matchPath, useLocation, useOutlet, useRevalidator } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary.tsx';
import { dismissOnNavigation } from '../components/toaster.tsx';
import { load, save } from '../lib/storage.ts';
import { RelayRoot } from '../relay/environment.tsx';
import { useIsMobile, useScreenClass } from '../lib/useMedia.ts';
import { addView, keepsAlive, refreshKeys, refreshView, visitedViews } from '../state/visited.ts';
import type { LayoutQuery } from './__generated__/LayoutQuery.graphql.ts';
import { findByPath, flatten, MenuContext, sectionOf, type Menu, type MenuNode } from './menu.ts';
import { LayoutGuards } from './Guards.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TagsView } from './TagsView.tsx';
import { TopBar } from './TopBar.tsx';

/** The menu is loaded from the viewer's rights (PC) on the first navigation into the layout. */
const layoutQuery = graphql`
  query LayoutQuery {
    ...NoticeBadge_query
    viewer {
      ...TopBar_viewer
      menu(display: PC) {
        ...LayoutMenuItem @relay(mask: false)
        children {
          ...LayoutMenuItem @relay(mask: false)
          children {
            ...LayoutMenuItem @relay(mask: false)
            children {
              ...LayoutMenuItem @relay(mask: false)
            }
          }
        }
      }
    }
  }
`;

/** The fields of a menu entry, at each of the four levels. */
void graphql`
  fragment LayoutMenuItem on MenuItem {
    databaseId
    key
    path
    title
    titleEn
    icon
    hidden
    redirect
    component
  }
`;

type RawNode = Omit<MenuNode, 'children'> & { children?: ReadonlyArray<RawNode> };
const toNode = (raw: RawNode): MenuNode => ({ ...raw, children: (raw.children ?? []).map(toNode) });

/** Paths inside the layout that are not menu entries (spec section 2). */
const FIXED_TITLES: Array<{ pattern: string; zh: string; en: string }> = [
  { pattern: '/working', zh: '我的日历', en: 'My Calendar' },
  { pattern: '/notice', zh: '通知列表', en: 'Notices' },
  { pattern: '/notification/detail/:id', zh: '通知详情', en: 'Notice' },
];

function viewTitle(menu: Menu, pathname: string): { zh: string; en: string } | null {
  const fixed = FIXED_TITLES.find((f) => matchPath({ path: f.pattern, end: true }, pathname));
  if (fixed) return { zh: fixed.zh, en: fixed.en };
  const node = findByPath(menu, pathname);
  return node ? { zh: node.title, en: node.titleEn } : null;
}

/** The Relay store lives from here down: the login route does without relay-runtime. */
export function Layout() {
  return (
    <RelayRoot>
      <Suspense fallback={<Loading />}>
        <LayoutFrame />
      </Suspense>
    </RelayRoot>
  );
}

function LayoutFrame() {
  const data = useLazyLoadQuery<LayoutQuery>(layoutQuery, {}, { fetchPolicy: 'store-or-network' });
  const menu = useMemo<Menu>(() => {
    const tree = data.viewer.menu.map((n) => toNode(n as RawNode));
    return { tree, flat: flatten(tree) };
  }, [data]);
  const location = useLocation();
  const isMobile = useIsMobile();
  const screen = useScreenClass();
  const [sidebarOpen, setSidebarOpen] = useState(() => load('sidebarOpen', true));
  useEffect(() => save('sidebarOpen', sidebarOpen), [sidebarOpen]);

  // A toast belongs to the page it was said on.
  useEffect(() => dismissOnNavigation(), [location.pathname]);

  // Every visited view becomes a tab.
  useEffect(() => {
    const title = viewTitle(menu, location.pathname);
    if (!title) return;
    addView({ path: location.pathname, fullPath: location.pathname + location.search, title, affix: location.pathname === '/working' });
  }, [menu, location.pathname, location.search]);

  const section = sectionOf(menu, location.pathname);
  const fullWidth = location.pathname === '/working';
  const showSidebar = !isMobile && !fullWidth && !!section && section.children.some((c) => !c.hidden);
  const padding = { sm: '4', md: '5', lg: '6' }[screen];

  return (
    <MenuContext.Provider value={menu}>
      <LayoutGuards />
      <Flex direction="column" h="100vh" bg="bg.canvas" data-screen={screen} data-mobile={isMobile || undefined}>
        <TopBar viewer={data.viewer} query={data} sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((o) => !o)} />
        <Flex flex="1" minH="0">
          {showSidebar && section && <Sidebar section={section} open={sidebarOpen} />}
          <Flex direction="column" flex="1" minW="0">
            {!isMobile && <TagsView />}
            <Box as="main" flex="1" overflow="auto" p={isMobile ? '3' : padding}>
              <ViewHost />
            </Box>
          </Flex>
        </Flex>
      </Flex>
    </MenuContext.Provider>
  );
}

type KeptView = { element: ReactNode; key: number };

/**
 * The kept-alive views after a render at `pathname`: the current one added (or replaced when its
 * tab was refreshed), those whose tab was closed dropped. The same map when nothing changed.
 */
function keptViews(kept: ReadonlyMap<string, KeptView>, pathname: string, current: KeptView | null, views: ReadonlyArray<{ path: string }>): ReadonlyMap<string, KeptView> {
  let next = kept;
  const hit = kept.get(pathname);
  if (current && (!hit || hit.key !== current.key)) next = new Map(next).set(pathname, current);
  const stale = [...next.keys()].filter((path) => path !== pathname && !views.some((v) => v.path === path));
  if (stale.length) {
    const pruned = new Map(next);
    for (const path of stale) pruned.delete(path);
    next = pruned;
  }
  return next;
}

/**
 * Renders the current view; `/archives/list` and `/user-manage/list` stay mounted (hidden)
 * while their tab is open, so they keep their state when revisited. Refreshing a tab bumps its key.
 */
function ViewHost() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const keys = refreshKeys.use();
  const views = visitedViews.use();
  const revalidator = useRevalidator();
  // The kept-alive views: each keeps the element it was first rendered with (until its tab is
  // refreshed or closed). Adjusted during render, React's pattern for state that follows props.
  const [kept, setKept] = useState<ReadonlyMap<string, KeptView>>(() => new Map());
  // A screen that threw: its route's loader starts the query again, then the screen re-mounts.
  const retry = (path: string) => void revalidator.revalidate().then(() => refreshView(path));
  const key = keys[pathname] ?? 0;
  const keepAlive = keepsAlive(pathname);
  const cache = keptViews(kept, pathname, keepAlive ? { element: outlet, key } : null, views);
  if (cache !== kept) setKept(cache);
  return (
    <>
      {[...cache].map(([path, entry]) => (
        <Box key={`${path}#${entry.key}`} display={path === pathname ? 'block' : 'none'} data-kept-alive={path}>
          <ErrorBoundary onRetry={() => retry(path)} resetKey={entry.key}>
            <Suspense fallback={<Loading />}>{entry.element}</Suspense>
          </ErrorBoundary>
        </Box>
      ))}
      {!keepAlive && (
        <Box key={`${pathname}#${key}`}>
          <ErrorBoundary onRetry={() => retry(pathname)}>
            <Suspense fallback={<Loading />}>{outlet}</Suspense>
          </ErrorBoundary>
        </Box>
      )}
    </>
  );
}
