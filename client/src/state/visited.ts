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
  /** When the tab was last shown (ms): the least recently used closes first past MAX_VIEWS. */
  usedAt?: number;
};

/** At most this many tabs are open; opening one more closes the least recently used (pinned tabs excepted). */
export const MAX_VIEWS = 20;

export const AFFIX_VIEWS: VisitedView[] = [{ fullPath: '/working', path: '/working', title: { zh: '我的日历', en: 'My Calendar' }, affix: true }];

/** List routes kept alive when revisited (spec section 2). */
export const KEEP_ALIVE_PATHS = new Set(['/archives/list', '/user-manage/list']);

/**
 * Views kept alive while their tab is open: the two lists, and an archive's detail, so that a
 * section in edit mode keeps what was typed across a switch to another tab (docs/ui-kit.md,
 * "Nothing typed is lost"). Bounded by MAX_VIEWS.
 */
export function keepsAlive(path: string): boolean {
  return KEEP_ALIVE_PATHS.has(path) || (/^\/archives\/detail\/[^/]+$/.test(path) && path !== '/archives/detail/batch-operation');
}

/** A path as tabs and screens compare them: decoded (a screen may name a global id encoded or not). */
function samePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The list with at most MAX_VIEWS tabs: the least recently used unpinned tabs other than `keep` close first. */
function capped(list: VisitedView[], keep: string): VisitedView[] {
  if (list.length <= MAX_VIEWS) return list;
  const closable = list.filter((v) => !v.affix && v.path !== keep).sort((a, b) => (a.usedAt ?? 0) - (b.usedAt ?? 0));
  const drop = new Set(closable.slice(0, list.length - MAX_VIEWS).map((v) => v.path));
  return list.filter((v) => !drop.has(v.path));
}

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
  const key = samePath(path);
  ownTitles.set(key, title);
  visitedViews.set((list) => list.map((v) => (samePath(v.path) === key && (v.title.zh !== title.zh || v.title.en !== title.en) ? { ...v, title } : v)));
}

/** A visit: the tab opens (or is brought up to date) and counts as used now. */
export function addView(added: VisitedView): void {
  const own = ownTitles.get(samePath(added.path));
  const view = { ...added, ...(own ? { title: own } : {}), usedAt: Date.now() };
  visitedViews.set((list) => {
    const i = list.findIndex((v) => v.path === view.path);
    if (i === -1) return capped([...list, view], view.path);
    const existing = list[i]!;
    const next = list.slice();
    // A screen's own title (set before the visit reached the bar) wins over the route's.
    next[i] = { ...view, title: own ?? existing.title, affix: existing.affix };
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

/** Closes the unpinned tabs to the right of `path`. */
export function closeRight(path: string): VisitedView[] {
  visitedViews.set((list) => {
    const i = list.findIndex((v) => v.path === path);
    return i === -1 ? list : list.filter((v, j) => j <= i || v.affix);
  });
  return visitedViews.get();
}

export function closeAll(): VisitedView[] {
  visitedViews.set((list) => list.filter((v) => v.affix));
  return visitedViews.get();
}

/**
 * At login the visited tabs of another user are cleared (pinned tabs stay); the same user
 * signing in again (after a session ended elsewhere) finds the tabs they had.
 */
export function resetViews(userId?: number): void {
  const owner = load<number | null>('visitedViewsOwner', null);
  save('visitedViewsOwner', userId ?? null);
  if (userId !== undefined && owner === userId) return;
  visitedViews.set(withAffix([]));
  refreshKeys.set({});
}

export function refreshView(path: string): void {
  refreshKeys.set((keys) => ({ ...keys, [path]: (keys[path] ?? 0) + 1 }));
}
