import { useSyncExternalStore } from 'react';
import { MOBILE_BELOW, screenClass, type ScreenClass } from './format.ts';

function subscribe(cb: () => void) {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
}

/** Below 1024 px the layout is the mobile one (menu in a drawer, no tabs). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth < MOBILE_BELOW);
}

export function useScreenClass(): ScreenClass {
  return useSyncExternalStore(subscribe, () => screenClass(window.innerWidth));
}

/** Phones (below 768 px): dialogs go full screen, the calendar offers day and agenda. */
export const PHONE_BELOW = 768;
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.innerWidth < PHONE_BELOW);
}
