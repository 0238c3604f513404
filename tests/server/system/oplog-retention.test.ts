/**
 * Retention of the operation log: rows older than the retention go with their field changes,
 * and what they were stays as counts per day, operation and outcome; newer rows stay whole.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { purgeOperationLog } from '../../../server/oplog-retention.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
const NOW = new Date('2026-12-07T12:00:00Z');
const day = (iso: string) => new Date(`${iso}T08:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  await t.db.operationLog.deleteMany({});
  const row = (operation: string, createdAt: Date, outcome = 'SUCCESS') => ({ operation, outcome, door: 'GRAPHQL', createdAt, account: 'admin' });
  for (const r of [row('auth.login', day('2023-01-05')), row('auth.login', day('2023-01-05')), row('auth.login', day('2023-01-05'), 'FAILURE'), row('archive.bio.save', day('2023-01-06'))]) {
    await t.db.operationLog.create({ data: r });
  }
  const old = await t.db.operationLog.findFirstOrThrow({ where: { operation: 'archive.bio.save' } });
  await t.db.operationChange.createMany({ data: ['phone', 'email'].map((field) => ({ operationLogId: old.id, entity: 'bio', field, before: 'x', after: 'y' })) });
  const recent = await t.db.operationLog.create({ data: row('archive.bio.save', day('2026-11-30')) });
  await t.db.operationChange.create({ data: { operationLogId: recent.id, entity: 'bio', field: 'phone', before: 'a', after: 'b' } });
});
afterAll(() => t.close());

describe('operation log retention', () => {
  it('keeps three years by default', () => {
    expect(loadConfig({}).operationLogRetentionDays).toBe(1095);
    expect(loadConfig({ OPERATION_LOG_RETENTION_DAYS: '30' }).operationLogRetentionDays).toBe(30);
  });

  it('purges rows past the retention with their changes and keeps daily counts', async () => {
    const r = await purgeOperationLog(t.db, 1095, NOW);
    expect(r).toMatchObject({ rows: 4, changes: 2, days: 2 });
    expect(await t.db.operationLog.count()).toBe(1);
    expect(await t.db.operationChange.count()).toBe(1);
    const daily = await t.db.operationLogDaily.findMany({ orderBy: [{ day: 'asc' }, { operation: 'asc' }, { outcome: 'asc' }] });
    expect(daily.map((d) => [d.day.toISOString().slice(0, 10), d.operation, d.outcome, d.count, d.changes])).toEqual([
      ['2023-01-05', 'auth.login', 'FAILURE', 1, 0],
      ['2023-01-05', 'auth.login', 'SUCCESS', 2, 0],
      ['2023-01-06', 'archive.bio.save', 'SUCCESS', 1, 2],
    ]);
  });

  it('adds to a day’s counts when the day is purged again, and purges nothing twice', async () => {
    await t.db.operationLog.create({ data: { operation: 'auth.login', outcome: 'SUCCESS', door: 'REST', createdAt: day('2023-01-05') } });
    expect(await purgeOperationLog(t.db, 1095, NOW)).toMatchObject({ rows: 1, changes: 0, days: 1 });
    expect(await purgeOperationLog(t.db, 1095, NOW)).toMatchObject({ rows: 0, days: 0 });
    const login = await t.db.operationLogDaily.findFirstOrThrow({ where: { operation: 'auth.login', outcome: 'SUCCESS' } });
    expect(login.count).toBe(3);
  });

  it('refuses a retention below one day', async () => {
    await expect(purgeOperationLog(t.db, 0, NOW)).rejects.toThrow(/at least 1/);
  });
});
