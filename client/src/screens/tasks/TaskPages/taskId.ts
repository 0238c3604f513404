/**
 * The task a page's path names (`/mission/details/42` or the global id): links in letters,
 * notices, e-mails and calendar feeds carry the legacy numeric id, which becomes the Task's
 * global id (Pothos: base64 of `Task:<id>`); a global id is taken as it is.
 */
export function taskIdFromPath(pathname: string): string {
  const last = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  return /^\d+$/.test(last) ? btoa(`Task:${last}`) : last;
}

/** The id param of a menu screen's route (MenuRoute passes the splat). */
export const taskIdFromParams = (params: Readonly<Record<string, string | undefined>>) => taskIdFromPath(`/${params['*'] ?? ''}`);
