/**
 * The job queue (server/jobs/queue.ts, docs/jobs.md): a job added in a write's transaction runs
 * once it commits and never if it rolls back; with several runners on one database (WORKERS, or
 * several hosts) each job runs exactly once; a runner stopped while a job runs lets it finish.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { addJob, defineJob, startJobQueue } from '../../../server/jobs/queue.ts';

const ran: number[] = [];
let slowStarted = false;
let slowEnded = false;
defineJob('test.record', async (payload) => {
  ran.push(Number((payload as { n: number }).n));
});
defineJob('test.slow', async () => {
  slowStarted = true;
  await new Promise((r) => setTimeout(r, 800));
  slowEnded = true;
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function until(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const pending = async () => Number((await t.db.$queryRawUnsafe<Array<{ n: bigint }>>('SELECT count(*) AS n FROM graphile_worker.jobs'))[0]!.n);

describe('job queue', () => {
  it('runs each of 40 jobs exactly once with two runners on the database, and never a rolled-back one', async () => {
    const deps = { db: t.db, config: t.config };
    const first = await startJobQueue(t.url, deps, { pollInterval: 200 });
    const second = await startJobQueue(t.url, deps, { pollInterval: 200 });
    try {
      await t.db.$transaction(async (tx) => {
        for (let n = 1; n <= 40; n++) await addJob(tx, 'test.record', { n });
      });
      await expect(
        t.db.$transaction(async (tx) => {
          await addJob(tx, 'test.record', { n: 999 });
          throw new Error('the write fails');
        }),
      ).rejects.toThrow('the write fails');
      await until(async () => ran.length >= 40 && (await pending()) === 0);
      await new Promise((r) => setTimeout(r, 500));
      expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('lets a running job finish when its runner stops', async () => {
    const queue = await startJobQueue(t.url, { db: t.db, config: t.config }, { pollInterval: 200 });
    await t.db.$transaction((tx) => addJob(tx, 'test.slow', {}));
    await until(() => slowStarted);
    expect(slowEnded).toBe(false);
    await queue.stop();
    expect(slowEnded).toBe(true);
    expect(await pending()).toBe(0);
  });

  it('refuses a job name nobody defined', async () => {
    await expect(t.db.$transaction((tx) => addJob(tx, 'test.nobody', {}))).rejects.toThrow('unknown job test.nobody');
  });
});
