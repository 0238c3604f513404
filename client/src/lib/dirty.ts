import { useEffect, useRef, useState } from 'react';
import { sessionUser } from '../state/session.ts';
import { getToken, load, save } from './storage.ts';

/**
 * "Nothing typed is lost" (docs/ui-kit.md): every form that holds unsaved input registers here
 * while it does. The registry answers the browser's `beforeunload` (closing or reloading the
 * tab asks), the layout's route blocker (leaving a view whose input would be lost asks) and the
 * tab bar (closing a tab whose view holds input asks). Drafts keep a form's input in local
 * storage per user and record while it is dirty, so that a session ended elsewhere loses
 * nothing: the form offers the draft back after the next login.
 */

type Entry = { path: string };
const entries = new Set<Entry>();

/** A view's path as this registry compares them: decoded, without a trailing slash. */
export function normalPath(path: string): string {
  let p = path.split('?')[0] || '/';
  try {
    p = decodeURIComponent(p);
  } catch {
    // A malformed escape: compared as it is.
  }
  return p.replace(/\/+$/, '') || '/';
}

/** The path of the view on screen (hash router), where a form registers. */
export function currentPath(): string {
  if (typeof window === 'undefined') return '/';
  return normalPath(window.location.hash.replace(/^#/, ''));
}

/** Forms with unsaved input on the view at `path` (any view without a path). */
export function dirtyOn(path?: string): boolean {
  const wanted = path === undefined ? undefined : normalPath(path);
  for (const e of entries) if (wanted === undefined || e.path === wanted) return true;
  return false;
}

function onBeforeUnload(e: BeforeUnloadEvent): void {
  if (!entries.size) return;
  e.preventDefault();
  // Older browsers need a value; the text is the browser's own.
  e.returnValue = '';
}

/**
 * Navigation options for a form that leaves once its input is saved (a new course opening its
 * detail): the route blocker lets the navigation through, though the form is still registered
 * while it runs.
 */
export const AFTER_SAVE = { state: { afterSave: true } } as const;

/** Whether a navigation's state says it follows a save (`AFTER_SAVE`). */
export function isAfterSave(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { afterSave?: unknown }).afterSave === true;
}

function unregister(entry: Entry): void {
  entries.delete(entry);
  if (!entries.size) window.removeEventListener('beforeunload', onBeforeUnload);
}

/**
 * Marks input as unsaved while `dirty` is true (from the first render that says so until it says
 * otherwise or unmounts). `release` unregisters at once, before the next render: a dialog whose
 * input the user chose to discard closes, and the navigation that follows does not ask again.
 */
export function useDirtyRegistration(dirty: boolean): { release: () => void } {
  const current = useRef<Entry | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const entry = { path: currentPath() };
    current.current = entry;
    entries.add(entry);
    if (entries.size === 1) window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      current.current = null;
      unregister(entry);
    };
  }, [dirty]);
  return {
    release: () => {
      if (current.current) unregister(current.current);
    },
  };
}

/**
 * A form's dirtiness: `explicit` when the form knows it (a comparison with what it opened
 * with), else any input event inside the form since it opened (`onInput` on its container:
 * typing, pasting, choosing a file, the rich-text editor). Registered while true.
 */
export function useDirty(explicit: boolean | undefined): { dirty: boolean; onInput: (e: { target: EventTarget; currentTarget: EventTarget }) => void; reset: () => void; release: () => void } {
  const [touched, setTouched] = useState(false);
  const dirty = explicit ?? touched;
  const { release } = useDirtyRegistration(dirty);
  return {
    dirty,
    release,
    onInput: (e) => {
      if (explicit === undefined && !touched && typedInto(e.target, e.currentTarget)) setTouched(true);
    },
    reset: () => setTouched(false),
  };
}

/** Input types whose value is something typed or chosen in the form (not a file, a toggle or a button, which act or are redone at once). */
const TYPED = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', 'date', 'datetime-local', 'time', 'month', 'week', '']);

/**
 * Whether an input event is typing inside this form's own element: events that React bubbles up
 * from a nested dialog (another portal: it guards itself), a file chosen for an import, or a
 * checkbox do not count.
 */
function typedInto(target: EventTarget, container: EventTarget): boolean {
  if (!(target instanceof HTMLElement) || !(container instanceof HTMLElement) || !container.contains(target)) return false;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement || target.isContentEditable) return true;
  return target instanceof HTMLInputElement && TYPED.has(target.getAttribute('type')?.toLowerCase() ?? '');
}

// ── drafts: a dirty form's input in local storage, per user and record ──

type Stored<T> = { value: T; savedAt: string };
const draftKey = (key: string) => `draft:${sessionUser.get()?.databaseId ?? 0}:${key}`;

/**
 * Keeps `value` as the draft of `key` (a record and a form: `archive:<id>:bio`) while `dirty`;
 * removes it when the form is clean again, or unmounts while the session lasts (saved, or
 * discarded after asking). A form that unmounts because the session ended keeps its draft.
 * `offered` is a draft found when the form opened (with when it was kept): the form offers it
 * back (`take`) or drops it (`drop`).
 */
export function useDraft<T>(key: string | null, value: T, dirty: boolean) {
  const read = (k: string | null) => ({ key: k, offered: k ? load<Stored<T> | null>(draftKey(k), null) : null });
  // Read again when the key changes (a form whose record or rights arrive after its first render).
  const [found, setFound] = useState(() => read(key));
  if (found.key !== key) setFound(read(key));
  const offered = found.key === key ? found.offered : null;
  const setOffered = (v: null) => setFound({ key, offered: v });
  useEffect(() => {
    if (!key) return;
    if (dirty) save(draftKey(key), { value, savedAt: new Date().toISOString() } satisfies Stored<T>);
    else if (!offered) save(draftKey(key), null);
  }, [key, value, dirty, offered]);
  useEffect(
    () => () => {
      // Unmounted with the session alive: saved or discarded on purpose. Without it: kept for after login.
      if (key && getToken()) save(draftKey(key), null);
    },
    [key],
  );
  return {
    offered,
    take: (): T | null => {
      const v = offered?.value ?? null;
      setOffered(null);
      return v;
    },
    drop: () => {
      if (key) save(draftKey(key), null);
      setOffered(null);
    },
  };
}
