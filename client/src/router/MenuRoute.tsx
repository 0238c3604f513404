import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { matchPath, Navigate, useParams } from 'react-router';
import { findByPath, targetOf, useMenu, visibleChildren } from '../layout/menu.ts';
import { ErrorPage } from '../screens/system/ErrorPage/ErrorPage.tsx';
import { RoutePreloadContext } from '../relay/routeQuery.ts';
import { preloadComponent } from './preload.ts';
import { Placeholder } from '../screens/system/Placeholder/Placeholder.tsx';

/**
 * Screens this client has, by the view component path the right tree names. Heavy screens
 * are loaded on demand in their own chunks.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'notification/notice/index': lazy(() => import('../screens/notice/NoticeList/NoticeList.tsx').then((m) => ({ default: m.NoticeList }))),
  'mission/task-list/index': lazy(() => import('../screens/working/Tasks/TaskList.tsx')),
};

/** PC paths the spec names: reached without the right, they answer 401 rather than 404. */
const KNOWN_PATHS = [
  '/archives/list', '/archives/detail/batch-operation', '/quick-progress', '/archives-verification', '/user-manage/list',
  '/notice', '/operation-log', '/role-control/list', '/people/list', '/mission/task-list', '/project/list', '/school/list',
];

/**
 * Any other path inside the layout resolves against the viewer's menu: a group goes to its
 * redirect or first visible child, a view renders its screen (or a placeholder while the screen
 * is not built), a known path without the right is 401, anything else 404.
 * The path comes from this route's own params so a kept-alive view keeps its own path.
 */
export function MenuRoute() {
  const menu = useMenu();
  const params = useParams();
  const pathname = `/${params['*'] ?? ''}`.replace(/\/+$/, '') || '/';
  const node = findByPath(menu, pathname);
  // The screen's query starts now, while React loads the screen's code (each path mounts its
  // own MenuRoute: the layout keys views by path and refresh count).
  const [preloads] = useState(() => (node?.component ? preloadComponent(node.component, params) : null));
  if (!node) {
    return KNOWN_PATHS.some((p) => matchPath({ path: p, end: true }, pathname)) ? <ErrorPage code={401} embedded /> : <ErrorPage code={404} embedded />;
  }
  if (node.redirect && node.redirect !== pathname) return <Navigate to={node.redirect} replace />;
  if (!node.component && visibleChildren(node).length) {
    const target = targetOf(node);
    if (target && target !== pathname) return <Navigate to={target} replace />;
  }
  const Screen = node.component ? SCREENS[node.component] : undefined;
  return Screen ? <RoutePreloadContext.Provider value={preloads}><Screen /></RoutePreloadContext.Provider> : <Placeholder item={node} />;
}
