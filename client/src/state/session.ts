import { load, save } from '../lib/storage.ts';
import { createStore } from './store.ts';

/** The user kept after login (local storage `PC_user`), as the header shows it before the layout query answers. */
export type SessionUser = {
  databaseId: number;
  account: string;
  name: string;
  nameEn: string | null;
  language: 'zh' | 'en';
  timeZone: string;
};

export const sessionUser = createStore<SessionUser | null>(load<SessionUser | null>('user', null));
sessionUser.subscribe(() => save('user', sessionUser.get()));

/**
 * A deliberate logout ends at `/login` with no `?redirect=`: the page being left is not where
 * the next user wants to return. Logout clears the token, the user and the store in the same
 * turn as it navigates, so the guard may re-render on the page being left before the navigation
 * lands; this mark tells it to send the page to the plain login page too. The login page clears
 * it when it shows, so a guarded path opened later still returns there after login.
 */
let loggingOut = false;

export const logoutIntent = {
  mark(): void {
    loggingOut = true;
  },
  clear(): void {
    loggingOut = false;
  },
  get(): boolean {
    return loggingOut;
  },
};
