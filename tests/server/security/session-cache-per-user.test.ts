/**
 * A write drops the cached sessions of the users it changed, not the whole cache of the process
 * (server/session/session-cache.ts): one app with a ten-minute cache on a statement-counting
 * client, so a request whose session is cached makes no statement before its own work.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb } from '../../../server/db/client.ts';
import { parseChangedSessions, sessionCacheOf, sessionsChangedBy } from '../../../server/session/session-cache.ts';
import { appOn, DEMO, gql, loginGql, testDatabase, type TestApp } from '../../helpers/app.ts';
import { globalId } from '../support.ts';

const CACHE_SECONDS = 600;
const STAFF = (account: string) => ({ account, password: 'Staff#2026' });
let t: TestApp;
const statements: string[] = [];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const database = testDatabase('spu');
  const admin = new pg.Client({ connectionString: database.adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database.name)} TEMPLATE ${admin.escapeIdentifier(inject('templateDatabase'))}`);
  } finally {
    await admin.end();
  }
  const db = createDb(database.url, { max: 4 });
  (db as unknown as { $on(event: 'query', listener: (e: { query: string }) => void): void }).$on('query', (e) => statements.push(e.query));
  t = appOn(database, { sessionCacheSeconds: CACHE_SECONDS }, db);
  await sessionCacheOf(t.db, CACHE_SECONDS)!.ready();
  tokens.admin = await loginGql(t, DEMO.admin);
  tokens.lecturer = await loginGql(t, STAFF('lecturer'));
  tokens.consultant = await loginGql(t, STAFF('consultant'));
  // Twice each: the first request of a session may refresh last-active; then all are cached.
  for (const token of Object.values(tokens)) for (let i = 0; i < 2; i++) await gql(t, '{ __typename }', {}, { token });
});
afterAll(async () => {
  sessionCacheOf(t.db, CACHE_SECONDS)?.close();
  await t.close();
});

/** Statements of an authenticated `{ __typename }`: 0 when the session is cached. */
async function sessionReads(who: string): Promise<number> {
  statements.length = 0;
  const res = await gql(t, '{ __typename }', {}, { token: tokens[who] });
  expect(res.body.errors).toBeUndefined();
  return statements.length;
}

describe('session invalidation per user', () => {
  it('keeps every session cached across a write that changes none', async () => {
    expect(await sessionReads('consultant')).toBe(0);
    const consultant = await t.db.user.findUniqueOrThrow({ where: { account: 'consultant' }, select: { id: true } });
    const res = await gql<{ sendLetter: { __typename: string } }>(
      t,
      'mutation($input: SendLetterInput!) { sendLetter(input: $input) { __typename } }',
      { input: { recipientIds: [globalId('User', consultant.id)], title: 'cache', content: '<p>x</p>' } },
      { token: tokens.admin },
    );
    expect(res.body.data?.sendLetter.__typename).toBe('SendLetterPayload');
    expect(await sessionReads('admin')).toBe(0);
    expect(await sessionReads('consultant')).toBe(0);
    expect(await sessionReads('lecturer')).toBe(0);
  });

  it("drops only the changed user's sessions, at once, when a write changes them", async () => {
    const res = await gql<{ setLanguage: { __typename: string } }>(t, 'mutation { setLanguage(input: { language: EN }) { __typename } }', {}, { token: tokens.lecturer });
    expect(res.body.errors).toBeUndefined();
    // The lecturer's own next request reads the session again (now in English) ...
    expect(await sessionReads('lecturer')).toBeGreaterThan(0);
    // ... the others' stay cached.
    expect(await sessionReads('consultant')).toBe(0);
    expect(await sessionReads('admin')).toBe(0);
    const viewer = await gql<{ viewer: { language: string } }>(t, '{ viewer { language } }', {}, { token: tokens.lecturer });
    expect(viewer.body.data?.viewer.language).toBe('EN');
  });

  it('learns from the triggers whose sessions a transaction changed: some users, every one, or none', async () => {
    const consultant = await t.db.user.findUniqueOrThrow({ where: { account: 'consultant' }, select: { id: true, name: true } });
    const lecturer = await t.db.user.findUniqueOrThrow({ where: { account: 'lecturer' }, select: { id: true, name: true } });
    const users = await t.db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: consultant.id }, data: { name: consultant.name } }); // unchanged: no trigger
      await tx.user.update({ where: { id: lecturer.id }, data: { name: `${lecturer.name}.` } });
      await tx.user.update({ where: { id: consultant.id }, data: { name: `${consultant.name}.` } });
      await tx.user.update({ where: { id: lecturer.id }, data: { name: lecturer.name } });
      return sessionsChangedBy(tx);
    });
    expect(users).toEqual([lecturer.id, consultant.id]);
    const role = await t.db.roleRight.findFirstOrThrow();
    const every = await t.db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: lecturer.id }, data: { name: `${lecturer.name}.` } });
      await tx.roleRight.delete({ where: { roleId_rightId: { roleId: role.roleId, rightId: role.rightId } } });
      await tx.roleRight.create({ data: role });
      await tx.user.update({ where: { id: lecturer.id }, data: { name: lecturer.name } });
      return sessionsChangedBy(tx);
    });
    expect(every).toBe('*');
    const none = await t.db.$transaction(async (tx) => {
      await tx.letter.create({ data: { title: 'none', content: 'x' } });
      return sessionsChangedBy(tx);
    });
    expect(none).toEqual([]);
  });

  it('reads anything unexpected in the noted list as every session', () => {
    expect(parseChangedSessions(null)).toEqual([]);
    expect(parseChangedSessions('')).toEqual([]);
    expect(parseChangedSessions('4,17')).toEqual([4, 17]);
    expect(parseChangedSessions('4,x')).toBe('*');
    expect(parseChangedSessions('*')).toBe('*');
  });
});
