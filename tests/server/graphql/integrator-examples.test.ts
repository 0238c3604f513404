/**
 * The examples of docs/integrators.md run against the demo data, as an integrator sends them:
 * every docs/examples/<name>.graphql with its variables (<name>.json, or <name>.<variant>.json)
 * is posted the way the guide's curl commands post it (no browser headers, a Bearer token), and
 * the answers are checked; then the TypeScript client (docs/examples/client.ts) does the four
 * common jobs. The guide quotes each example file verbatim, which is checked too, so neither
 * the guide nor the examples can drift from the server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveAnApplication, consultantWeek, createClient, createTask, document, listStudentsWithApplications, weekOf, type Client } from '../../../docs/examples/client.ts';
import { createTestApp, uniqueAddress, type TestApp } from '../../helpers/app.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const EXAMPLES = path.join(root, 'docs/examples');
const guide = readFileSync(path.join(root, 'docs/integrators.md'), 'utf8');

let t: TestApp;
let address: string;

beforeAll(async () => {
  t = await createTestApp();
  address = uniqueAddress();
});
afterAll(async () => {
  await t.close();
});

type Answer = { status: number; body: { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: { code?: string } }> } };

/** What the guide's curl sends: POST /graphql, JSON, `Authorization: Bearer <token>`. */
async function post(body: unknown, token?: string): Promise<Answer> {
  const res = await t.app.fetch(
    new Request('http://backoffice.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** The variables file with its {{placeholders}} filled in, as the guide tells integrators to. */
function variables(file: string, values: Record<string, string>): Record<string, unknown> {
  const text = readFileSync(path.join(EXAMPLES, file), 'utf8').replace(/\{\{(\w+)\}\}/g, (_m, k: string) => {
    const v = values[k];
    if (v === undefined) throw new Error(`${file} needs {{${k}}}`);
    return v;
  });
  return JSON.parse(text) as Record<string, unknown>;
}

const ran = new Set<string>();
const values: Record<string, string> = {};

/** Runs docs/examples/<name>.graphql with docs/examples/<vars>.json; the answer must have no `errors`. */
async function example(name: string, vars = name, token: string | undefined = values.token): Promise<Record<string, any>> {
  ran.add(`${name}.graphql`).add(`${vars}.json`);
  const res = await post({ query: document(name), variables: variables(`${vars}.json`, values) }, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!;
}

/** Today in Asia/Shanghai, yyyy-MM-dd. */
const todayInShanghai = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());

describe('the guide runs, example by example (admin, demo data)', () => {
  it('login answers a token; wrong credentials are an error as data', async () => {
    const data = await example('login', 'login', undefined);
    expect(data.login).toMatchObject({ __typename: 'TokenPayload', token: expect.any(String), viewer: { user: { name: expect.any(String) } } });
    expect(Date.parse(data.login.expiresAt)).toBeGreaterThan(Date.now());
    values.token = data.login.token;

    const wrong = await post({ query: document('login'), variables: { input: { account: 'admin', password: 'not the password' } } });
    expect(wrong.body.data?.login).toMatchObject({ __typename: 'RuleError', code: 'BAD_CREDENTIALS', message: expect.any(String) });
  });

  it('a request without a token is refused with UNAUTHENTICATED', async () => {
    const res = await post({ query: '{ viewer { databaseId } }' });
    expect(res.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('refreshToken exchanges the token once; the old one stops working', async () => {
    const old = values.token!;
    const data = await example('refresh-token');
    expect(data.refreshToken).toMatchObject({ __typename: 'TokenPayload', token: expect.any(String) });
    values.token = data.refreshToken.token;
    expect((await post({ query: '{ viewer { databaseId } }' }, old)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await post({ query: '{ viewer { databaseId } }' }, values.token)).body.data?.viewer.databaseId).toEqual(expect.any(Number));
    const again = await post({ query: document('refresh-token'), variables: { token: old } });
    expect(again.body.data?.refreshToken).toMatchObject({ __typename: 'RuleError', code: 'TOKEN_INVALID' });
  });

  it('lists students with their applications', async () => {
    const data = await example('students-with-applications');
    const page = data.overallProgress;
    expect(page.totalCount).toBeGreaterThan(0);
    expect(page.edges.length).toBe(Math.min(5, page.totalCount));
    expect(page.pageInfo.hasNextPage).toBe(page.totalCount > 5);
    for (const { node } of page.edges) {
      expect(node.name).toEqual(expect.any(String));
      expect(node.applications.length).toBeGreaterThan(0);
      expect(node.applications.some((a: { state: string }) => a.state === 'APPLYING')).toBe(true);
      for (const a of node.applications) expect(a.school.name).toEqual(expect.any(String));
    }
  });

  it("reads a consultant's calendar for a week", async () => {
    const found = await example('find-consultant');
    const consultant = found.users.edges.map((e: { node: { account: string } }) => e.node).find((u: { account: string }) => u.account === 'consultant');
    expect(consultant).toBeDefined();
    values.consultantId = consultant.id;
    Object.assign(values, weekOf(todayInShanghai()));
    const data = await example('consultant-week');
    expect(data.calendar.timeZone).toBe('Asia/Shanghai');
    const { occurrences } = data.calendar;
    // The demo consultant has the daily stand-up and the weekly US team call every week.
    expect(occurrences.length).toBeGreaterThan(0);
    for (const o of occurrences) {
      expect(Date.parse(o.endAt)).toBeGreaterThan(Date.parse(`${values.monday}T00:00:00+08:00`));
      expect(Date.parse(o.startAt)).toBeLessThan(Date.parse(`${values.nextMonday}T00:00:00+08:00`));
      expect(o.startLocal).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    }
    // A New York 09:00 meeting is shown at its Shanghai wall time.
    const us = occurrences.find((o: { title: string }) => o.title === '美国组周例会');
    if (us) expect(['21:00:00', '22:00:00']).toContain(us.startLocal.slice(11));
  });

  it('creates a task; a refused one is an InputError with its code', async () => {
    const choices = await example('task-choices');
    values.projectId = choices.projects.edges[0].node.id;
    values.executorId = choices.users.edges[0].node.id;
    const data = await example('create-task');
    expect(data.createTask).toMatchObject({
      __typename: 'TaskPayload',
      task: { title: 'Prepare the interview list', state: 'INCOMPLETE', priority: 'HIGH', project: { name: choices.projects.edges[0].node.name } },
      log: { note: 'CREATED' },
    });
    values.taskId = data.createTask.task.id;
    const refused = await example('create-task', 'create-task.refused');
    expect(refused.createTask).toMatchObject({ __typename: 'InputError', code: 'TITLE_REQUIRED', message: expect.any(String) });
  });

  it('reads the new task again by its global id', async () => {
    const data = await example('refetch-node');
    expect(data.node).toEqual({ __typename: 'Task', id: values.taskId, title: 'Prepare the interview list', state: 'INCOMPLETE' });
  });

  it('pages backward from the end of a list', async () => {
    const last = (await example('tasks-last-page')).tasks;
    expect(last.edges).toHaveLength(3);
    expect(last.pageInfo.hasPreviousPage).toBe(last.totalCount > 3);
    const before = await post({ query: document('tasks-last-page'), variables: { last: 3, before: last.pageInfo.startCursor } }, values.token);
    const ids = before.body.data?.tasks.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(last.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(id);
  });

  it("updates an application's state; a refused transition is a RuleError", async () => {
    const list = await example('applying-applications');
    values.applicationId = list.applications.edges[0].node.id;
    const data = await example('update-application-state');
    expect(data.updateApplicationState).toMatchObject({
      __typename: 'ApplicationPayload',
      application: { id: values.applicationId, state: 'APPROVED' },
      logs: [{ action: 'STATE', fromValue: '1', toValue: '4' }],
    });
    const refused = await example('update-application-state', 'update-application-state.refused');
    expect(refused.updateApplicationState).toMatchObject({ __typename: 'RuleError', code: 'STATE_TRANSITION_REFUSED' });
    const now = await post({ query: document('refetch-node'), variables: { id: values.applicationId } }, values.token);
    expect(now.body.data?.node).toMatchObject({ __typename: 'Application' });
  });

  it('follows the unread letter count over server-sent events', async () => {
    ran.add('unread-letters.graphql').add('unread-letters.json');
    const expected = (await post({ query: '{ unreadLetterCount }' }, values.token)).body.data?.unreadLetterCount;
    const client = createClient({ url: 'http://backoffice.test', fetch: appFetch });
    await client.login('admin', 'Admin#2026');
    const stream = client.subscribe<{ unreadLetterCount: number }>(document('unread-letters'), variables('unread-letters.json', values));
    const first = await stream.next();
    // Ending the generator cancels the reader, which ends the server's stream. (Aborting the
    // request's signal as well raced the in-process server closing the same stream: an
    // uncaught "ReadableStream is already closed" under load.)
    await stream.return(undefined);
    expect(first.value).toEqual({ unreadLetterCount: expected });
  });

  it('runs every example file of docs/examples', () => {
    const files = readdirSync(EXAMPLES).filter((f) => f.endsWith('.graphql') || f.endsWith('.json'));
    expect(files.filter((f) => !ran.has(f))).toEqual([]);
  });
});

/** The TypeScript client's fetch, served by the test app (no port). */
const appFetch = async (input: string, init: RequestInit) => t.app.fetch(new Request(input, { ...init, headers: { ...(init.headers as Record<string, string>), 'x-forwarded-for': address } }));

describe('the TypeScript client (docs/examples/client.ts) does the common jobs', () => {
  let client: Client;
  beforeAll(async () => {
    client = createClient({ url: 'http://backoffice.test', fetch: appFetch });
    await client.login('admin', 'Admin#2026');
  });

  it('lists every student applying, page after page', async () => {
    const students = await listStudentsWithApplications(client, { state: 'APPLYING' }, 2);
    const total = (await client.request<{ overallProgress: { totalCount: number } }>('query($f: OverallProgressFilter) { overallProgress(first: 1, filter: $f) { totalCount } }', { f: { state: 'APPLYING' } }))
      .overallProgress.totalCount;
    expect(students).toHaveLength(total);
    expect(new Set(students.map((s) => s.archiveId)).size).toBe(total);
  });

  it("reads the demo consultant's week", async () => {
    const week = await consultantWeek(client, 'consultant', todayInShanghai());
    expect(week.consultant.name).toEqual(expect.any(String));
    expect(week.occurrences.length).toBeGreaterThan(0);
  });

  it('creates a task and approves an application', async () => {
    const task = await createTask(client, 'Call the school about the interview');
    expect(task).toMatchObject({ title: 'Call the school about the interview', state: 'INCOMPLETE', priority: 'HIGH' });
    const approved = await approveAnApplication(client);
    expect(approved.state).toBe('APPROVED');
  });

  it('refreshes an expired token by itself', async () => {
    const before = client.token();
    await t.db.accessToken.updateMany({ where: { revokedAt: null, expiresAt: { gt: new Date() } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const data = await client.request<{ viewer: { databaseId: number } }>('{ viewer { databaseId } }');
    expect(data.viewer.databaseId).toEqual(expect.any(Number));
    expect(client.token()).not.toBe(before);
  });
});

describe('the guide', () => {
  it.each(readdirSync(EXAMPLES).filter((f) => f.endsWith('.graphql')))('quotes docs/examples/%s verbatim', (file) => {
    const text = readFileSync(path.join(EXAMPLES, file), 'utf8');
    expect(guide).toContain(`\`\`\`graphql\n# docs/examples/${file}\n${text}\`\`\``);
  });

  it('names every variables file and the client', () => {
    for (const f of readdirSync(EXAMPLES).filter((x) => x.endsWith('.json') || x.endsWith('.ts'))) expect(guide).toContain(`docs/examples/${f}`);
  });
});
