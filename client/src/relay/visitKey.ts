import { useEffect, useState } from 'react';

const visits = new Map<string, number>();

/**
 * A fetch key for a screen's own queries that changes on each visit: coming back to the screen
 * asks the server again while the stored data shows (with `store-and-network`), where the same
 * key could reuse the last visit's request for a while and miss what changed since. It counts
 * committed visits (the count moves when a visit unmounts), so a first render that suspends and
 * retries keeps its key and does not ask again and again.
 */
export function useVisitKey(screen: string): number {
  const [key] = useState(() => visits.get(screen) ?? 0);
  useEffect(
    () => () => {
      visits.set(screen, (visits.get(screen) ?? 0) + 1);
    },
    [screen],
  );
  return key;
}
