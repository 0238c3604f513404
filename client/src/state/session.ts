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
