/**
 * Completing a task makes the same small number of SQL statements every time: the row lock,
 * the task with what the rules need, the update, the log line (with the names it snapshots)
 * and the operation log, whatever else the task carries.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app.ts';
import { PrismaClient } from '../../../server/generated/prisma/client.ts';
import { createTestApp, loginRest, type TestApp } from '../../helpers/app.ts';
import { gid, idOf, who } from './support.ts';

const countingDb = (url: string) => new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 2 }), log: [{ emit: 'event', level: 'query' }] });

let t: TestApp;
let db: ReturnType<typeof countingDb>;
let app: ReturnType<typeof createApp>;
let token: string;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  db = countingDb(t.url);
  db.$on('query', (e) => statements.push(e.query));
  app = createApp({ db, config: t.config });
  token = await loginRest(t, who('consultant'));
});

afterAll(async () => {
  await db.$disconnect();
  await t.close();
});

async function count(query: string, variables: Record<string, unknown> = {}): Promise<{ n: number; data: any }> {
  statements.length = 0;
  const res = await app.fetch(
    new Request('http://test.local/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-token': token, 'x-forwarded-for': '127.0.0.1' },
      body: JSON.stringify({ query, variables }),
    }),
  );
  const body = (await res.json()) as { data?: unknown; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return { n: statements.length, data: body.data };
}

const COMPLETE = `mutation($id: ID!) { completeTask(input: { id: $id }) { __typename ... on Error { code } } }`;

/** A task of the consultant's own, with additions and logs, so that nothing else counts. */
async function ownTask(title: string, additions: number): Promise<number> {
  const me = await idOf(t, 'consultant');
  const project = await t.db.project.findFirstOrThrow({ where: { deletedAt: null, stateCode: { notIn: [4, 5] } }, select: { id: true } });
  const task = await t.db.workTask.create({ data: { title, content: '', projectId: project.id, assignerId: me, executorId: me, state: 1, priority: 3, taskType: 1, taskSource: 2 } });
  for (let i = 0; i < additions; i++) {
    await t.db.taskAddition.create({ data: { taskId: task.id, userId: me, content: `<p>addition ${i}</p>` } });
    await t.db.taskLog.create({ data: { taskId: task.id, userId: me, logNote: '更新任务', action: 'ADDITION', assignerName: 'x', executorName: 'x', logTime: new Date() } });
  }
  return task.id;
}

describe('SQL statements per task write', () => {
  it('completing a task makes the same few statements, with or without additions and logs', async () => {
    await count('{ __typename }'); // the first request of a session may refresh last-active
    const auth = (await count('{ __typename }')).n;
    const plain = await count(COMPLETE, { id: gid('Task', await ownTask('sql: complete, plain', 0)) });
    const busy = await count(COMPLETE, { id: gid('Task', await ownTask('sql: complete, busy', 12)) });
    expect(plain.data.completeTask.__typename).toBe('TaskPayload');
    expect(busy.data.completeTask.__typename).toBe('TaskPayload');
    // Row lock, the task (with the names the log line snapshots), update, log line, operation log, COMMIT.
    expect(plain.n - auth).toBe(6);
    expect(busy.n - auth).toBe(6);
  });
});
