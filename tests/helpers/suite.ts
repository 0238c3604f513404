/**
 * The usual frame of a test file: its own database (cloned from the seeded template), the app
 * on it, and tokens of the demo accounts it logs in as. The values are live bindings set in
 * `beforeAll`; vitest gives each test file its own module instance, so files never share them.
 *
 *   import { admin, manager, t, useSuite } from '../../helpers/suite.ts';
 *   useSuite('admin', 'manager');
 */
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, DEMO, loginRest, type TestApp } from './app.ts';

export let t: TestApp;
export let admin: string;
export let manager: string;
export let consultant: string;
export let lecturer: string;
export let sales: string;

type Account = Exclude<keyof typeof DEMO, 'partner'>;

function setToken(account: Account, token: string): void {
  if (account === 'admin') admin = token;
  else if (account === 'manager') manager = token;
  else if (account === 'consultant') consultant = token;
  else if (account === 'lecturer') lecturer = token;
  else sales = token;
}

/** Registers the file's beforeAll (database, app, logins in the order given) and afterAll. */
export function useSuite(...accounts: Account[]): void {
  beforeAll(async () => {
    t = await createTestApp();
    for (const account of accounts) setToken(account, await loginRest(t, DEMO[account]));
  });
  afterAll(async () => {
    await t?.close();
  });
}
