import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** A list's state in the URL: every value a string, '' (the default) left out of the query. */
export type UrlState<K extends string> = Readonly<Record<K, string>>;

export function readUrlState<K extends string>(search: string, defaults: UrlState<K>): UrlState<K> {
  const params = new URLSearchParams(search);
  const out = { ...defaults } as Record<K, string>;
  for (const key of Object.keys(defaults) as K[]) {
    const value = params.get(key);
    if (value !== null) out[key] = value;
  }
  return out;
}

export function writeUrlState<K extends string>(state: UrlState<K>, defaults: UrlState<K>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults) as K[]) if (state[key] !== defaults[key] && state[key] !== '') params.set(key, state[key]);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Filters, sort and page of a list kept in the URL's query (inside the hash), so back, reload,
 * a shared link and the tab bar (which remembers each tab's full path) show the same list.
 * `set(patch)` navigates (a history entry each, so Back undoes a filter); keys equal to their
 * default are left out of the URL.
 *
 * The list may be a kept-alive view (`/archives/list` stays mounted while another tab shows): while
 * the location is someone else's path, the hook answers the state it last read for its own.
 */
export function useUrlState<K extends string>(defaults: UrlState<K>): [UrlState<K>, (patch: Partial<Record<K, string>>) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const [owner] = useState(location.pathname);
  const [initial] = useState(defaults);
  // The state last read at the list's own path (adjusted during render, React's pattern for
  // state that follows props): while another path shows, it stays as it was.
  const [last, setLast] = useState(() => ({ search: location.search, state: readUrlState(location.search, initial) }));
  let state = last.state;
  if (location.pathname === owner && last.search !== location.search) {
    state = readUrlState(location.search, initial);
    setLast({ search: location.search, state });
  }
  const set = useCallback(
    (patch: Partial<Record<K, string>>) => {
      const next = { ...state, ...patch } as UrlState<K>;
      navigate({ pathname: owner, search: writeUrlState(next, initial) });
    },
    [navigate, owner, state, initial],
  );
  return [state, set];
}
