import { createContext, useContext } from 'react';
import { matchPath } from 'react-router';

/** A node of the viewer's menu (the rights tree for PC), as the layout query returns it. */
export type MenuNode = {
  databaseId: number;
  key: string;
  path: string;
  title: string;
  titleEn: string;
  icon: string | null | undefined;
  hidden: boolean;
  redirect: string | null | undefined;
  component: string | null | undefined;
  children: ReadonlyArray<MenuNode>;
};

export type Menu = { tree: ReadonlyArray<MenuNode>; flat: MenuNode[] };

export function flatten(tree: ReadonlyArray<MenuNode>): MenuNode[] {
  const out: MenuNode[] = [];
  const walk = (nodes: ReadonlyArray<MenuNode>) =>
    nodes.forEach((n) => {
      out.push(n);
      walk(n.children);
    });
  walk(tree);
  return out;
}

export function visibleChildren(node: MenuNode): MenuNode[] {
  return node.children.filter((c) => !c.hidden);
}

/** Rights without a path carry a placeholder (`__right_<id>`) from the server: not routable. */
export function isPlaceholderPath(path: string): boolean {
  return !path.startsWith('/');
}

/** The route a menu entry opens: its redirect, its path, or its first visible child's route. */
export function targetOf(node: MenuNode): string | null {
  if (node.redirect) return node.redirect;
  if (node.component && !isPlaceholderPath(node.path)) return node.path;
  for (const child of visibleChildren(node)) {
    const t = targetOf(child);
    if (t) return t;
  }
  return isPlaceholderPath(node.path) || node.path.includes(':') ? null : node.path;
}

/** The menu entry whose path matches a location (exact match, `:id` segments allowed). */
export function findByPath(menu: Menu, pathname: string): MenuNode | undefined {
  // A fixed path wins over a pattern (`/archives/detail/batch-operation` over `/archives/detail/:id`).
  return menu.flat.find((n) => n.path === pathname) ?? menu.flat.find((n) => !isPlaceholderPath(n.path) && matchPath({ path: n.path, end: true }, pathname));
}

/** The params of the menu entry's path pattern (`:id` of `/archives/detail/:id`), for the screen it renders. */
export const MenuParamsContext = createContext<Readonly<Record<string, string | undefined>>>({});
export const useMenuParams = () => useContext(MenuParamsContext);

/** The top-level entry containing a location, for the sidebar. */
export function sectionOf(menu: Menu, pathname: string): MenuNode | undefined {
  return menu.tree.find((top) => flatten([top]).some((n) => !isPlaceholderPath(n.path) && matchPath({ path: n.path, end: true }, pathname)));
}

export const MenuContext = createContext<Menu>({ tree: [], flat: [] });
export const useMenu = () => useContext(MenuContext);

export function titleOf(node: { title: string; titleEn: string }, lang: 'zh' | 'en'): string {
  return lang === 'en' ? node.titleEn || node.title : node.title;
}
