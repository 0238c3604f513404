import { load, save } from '../lib/storage.ts';
import { createStore } from './store.ts';

/** A tab of the visited-views bar. `affix` tabs (My Calendar) cannot be closed. */
export type VisitedView = {
  /** Full path with the query string: what the tab opens. */
  fullPath: string;
  /** Path without the query string: the tab's identity. */
  path: string;
  title: { zh: string; en: string };
  affix: boolean;
};

export const AFFIX_VIEWS: VisitedView[] = [{ fullPath: '/working', path: '/working', title: { zh: '我的日历', en: 'My Calendar' }, affix: true }];

/** List routes kept alive when revisited (spec section 2). */
export const KEEP_ALIVE_PATHS = new Set(['/archives/list', '/user-manage/list']);

function withAffix(list: VisitedView[]): VisitedView[] {
  const rest = list.filter((v) => !AFFIX_VIEWS.some((a) => a.path === v.path));
  const affix = AFFIX_VIEWS.map((a) => list.find((v) => v.path === a.path) ?? a);
  return [...affix, ...rest];
}

export const visitedViews = createStore<VisitedView[]>(withAffix(load<VisitedView[]>('visitedViews', [])));
visitedViews.subscribe(() => save('visitedViews', visitedViews.get()));

/** Each refresh of a view bumps its key so the view is mounted anew. */
export const refreshKeys = createStore<Record<string, number>>({});

/** Titles screens gave their tab (a notice's own title), by path: they win over the route's fixed title. */
const ownTitles = new Map<string, VisitedView['title']>();

/**
 * A screen names its tab after what it shows (a notice or letter: its title; later a student's
 * archive: the student's name). Call it once the data is there (`useEffect`), with the view's path.
 */
export function titleView(path: string, title: VisitedView['title']): void {
  ownTitles.set(path, title);
  visitedViews.set((list) => list.map((v) => (v.path === path && (v.title.zh !== title.zh || v.title.en !== title.en) ? { ...v, title } : v)));
}

export function addView(added: VisitedView): void {
  const own = ownTitles.get(added.path);
  const view = own ? { ...added, title: own } : added;
  visitedViews.set((list) => {
    const i = list.findIndex((v) => v.path === view.path);
    if (i === -1) return [...list, view];
    const existing = list[i]!;
    if (existing.fullPath === view.fullPath && existing.title.zh === view.title.zh && existing.title.en === view.title.en) return list;
    const next = list.slice();
    next[i] = { ...view, affix: existing.affix };
    return next;
  });
}

export function closeView(path: string): VisitedView[] {
  visitedViews.set((list) => list.filter((v) => v.affix || v.path !== path));
  return visitedViews.get();
}

export function closeOthers(path: string): void {
  visitedViews.set((list) => list.filter((v) => v.affix || v.path === path));
}

export function closeAll(): VisitedView[] {
  visitedViews.set((list) => list.filter((v) => v.affix));
  return visitedViews.get();
}

/** At login the visited tabs are cleared (pinned tabs stay). */
export function resetViews(): void {
  visitedViews.set(withAffix([]));
  refreshKeys.set({});
}

export function refreshView(path: string): void {
  refreshKeys.set((keys) => ({ ...keys, [path]: (keys[path] ?? 0) + 1 }));
}
