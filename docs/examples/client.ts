/**
 * A small TypeScript client of the back office's GraphQL API with plain `fetch` (Node 20+,
 * Deno, Bun; no library). It reads the example documents next to it (docs/examples/*.graphql)
 * and does the common jobs of docs/integrators.md:
 *
 *   BO_URL=http://localhost:4000 BO_ACCOUNT=admin BO_PASSWORD='Admin#2026' npx tsx docs/examples/client.ts
 *
 * tests/server/graphql/integrator-examples.test.ts runs every function here against the demo
 * data, so this file cannot drift from the server.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The text of an example document: docs/examples/<name>.graphql. */
export function document(name: string): string {
  return readFileSync(path.join(import.meta.dirname, `${name}.graphql`), 'utf8');
}

/** A request-level failure: the `errors` of the answer (UNAUTHENTICATED, FORBIDDEN, a cost limit, ...). */
export class GraphQLRequestError extends Error {
  readonly code: string | undefined;
  constructor(message: string, code: string | undefined) {
    super(message);
    this.name = 'GraphQLRequestError';
    this.code = code;
  }
}

/** An expected refusal of a mutation, answered as data (`... on Error { code message }`). */
export class RefusedError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'RefusedError';
    this.code = code;
  }
}

type Answer<T> = { data?: T | null; errors?: Array<{ message: string; extensions?: { code?: string } }> };
type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export type ClientOptions = {
  /** The site, e.g. https://backoffice.example.com (the API is POST <url>/graphql). */
  url: string;
  /** Another fetch (a proxy, a test server); the global one by default. */
  fetch?: Fetch;
};

export function createClient(options: ClientOptions) {
  const endpoint = `${options.url.replace(/\/$/, '')}/graphql`;
  const doFetch: Fetch = options.fetch ?? ((input, init) => fetch(input, init));
  let token: string | null = null;
  let credentials: { account: string; password: string } | null = null;

  /** POST /graphql with the token, if any, as `Authorization: Bearer` (`X-Token` works too). */
  function post(query: string, variables: Record<string, unknown>, accept: string, signal?: AbortSignal): Promise<Response> {
    return doFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
      signal,
    });
  }

  /** Sends a document; throws GraphQLRequestError on `errors`. A token that expired is refreshed once. */
  async function request<T>(query: string, variables: Record<string, unknown> = {}, retry = true): Promise<T> {
    const res = await post(query, variables, 'application/json');
    const answer = (await res.json()) as Answer<T>;
    const first = answer.errors?.[0];
    if (first) {
      const code = first.extensions?.code;
      if (code === 'TOKEN_EXPIRED' && retry && token) {
        await refresh();
        return request<T>(query, variables, false);
      }
      throw new GraphQLRequestError(first.message, code);
    }
    return answer.data as T;
  }

  /** A mutation's answer: its payload, or a RefusedError when it is an Error type. */
  function payload<T extends { __typename: string }>(answer: T | (T & { code: string; message: string })): T {
    if ('code' in answer && 'message' in answer) throw new RefusedError(answer.code, answer.message);
    return answer;
  }

  type TokenAnswer = { __typename: string; token?: string; expiresAt?: string; code?: string; message?: string };

  async function login(account: string, password: string): Promise<{ token: string; expiresAt: string }> {
    const data = await request<{ login: TokenAnswer }>(document('login'), { input: { account, password } }, false);
    const t = payload(data.login);
    token = t.token!;
    credentials = { account, password };
    return { token: t.token!, expiresAt: t.expiresAt! };
  }

  /** A new token for the current one; when it can no longer be refreshed, signs in again. */
  async function refresh(): Promise<string> {
    const data = await request<{ refreshToken: TokenAnswer }>(document('refresh-token'), { token }, false);
    if (data.refreshToken.token) {
      token = data.refreshToken.token;
      return token;
    }
    if (!credentials) throw new RefusedError(data.refreshToken.code ?? 'TOKEN_INVALID', data.refreshToken.message ?? '');
    return (await login(credentials.account, credentials.password)).token;
  }

  /**
   * A subscription over server-sent events (`Accept: text/event-stream`): yields each `next`
   * payload's data until the server completes the stream or `signal` aborts it.
   */
  async function* subscribe<T>(query: string, variables: Record<string, unknown> = {}, signal?: AbortSignal): AsyncGenerator<T> {
    const res = await post(query, variables, 'text/event-stream', signal);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut).split('\n');
          buffer = buffer.slice(cut + 2);
          const event = block
            .find((l) => l.startsWith('event:'))
            ?.slice(6)
            .trim();
          if (event === 'complete') return;
          const data = block
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .join('\n');
          if (!data) continue;
          const answer = JSON.parse(data) as Answer<T>;
          if (answer.errors?.[0]) throw new GraphQLRequestError(answer.errors[0].message, answer.errors[0].extensions?.code);
          yield answer.data as T;
        }
      }
    } finally {
      await reader.cancel().catch(() => {});
    }
  }

  return { request, payload, login, refresh, subscribe, token: () => token };
}

export type Client = ReturnType<typeof createClient>;

// ── the common jobs ──

type Connection<N> = { totalCount?: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: Array<{ node: N }> };

export type StudentRow = {
  archiveId: string;
  name: string;
  year: number | null;
  applications: Array<{ id: string; state: string; deadline: string | null; school: { name: string } }>;
};

/** Every student with applications in a state, page after page. */
export async function listStudentsWithApplications(client: Client, filter: Record<string, unknown> = {}, pageSize = 20): Promise<StudentRow[]> {
  const out: StudentRow[] = [];
  let after: string | null = null;
  for (;;) {
    const data: { overallProgress: Connection<StudentRow> } = await client.request(document('students-with-applications'), { first: pageSize, after, filter });
    out.push(...data.overallProgress.edges.map((e) => e.node));
    if (!data.overallProgress.pageInfo.hasNextPage) return out;
    after = data.overallProgress.pageInfo.endCursor;
  }
}

/** The Monday (yyyy-MM-dd) of the week a day falls in, and the next Monday. */
export function weekOf(day: string): { monday: string; nextMonday: string } {
  const d = new Date(`${day}T00:00:00Z`);
  const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000);
  return { monday: monday.toISOString().slice(0, 10), nextMonday: new Date(monday.getTime() + 7 * 86_400_000).toISOString().slice(0, 10) };
}

export type Occurrence = { eventId: string; title: string; startAt: string; endAt: string; startLocal: string; endLocal: string; allDay: boolean };

/** A consultant's week (Monday 00:00 to the next Monday, Asia/Shanghai): found by account. */
export async function consultantWeek(client: Client, account: string, day: string): Promise<{ consultant: { id: string; name: string }; occurrences: Occurrence[] }> {
  const found: { users: Connection<{ id: string; account: string; name: string }> } = await client.request(document('find-consultant'), { search: account });
  const consultant = found.users.edges.map((e) => e.node).find((u) => u.account === account);
  if (!consultant) throw new Error(`no active consultant with account ${account}`);
  const { monday, nextMonday } = weekOf(day);
  const data: { calendar: { occurrences: Occurrence[] } } = await client.request(document('consultant-week'), {
    from: `${monday}T00:00:00+08:00`,
    to: `${nextMonday}T00:00:00+08:00`,
    userIds: [consultant.id],
    timeZone: 'Asia/Shanghai',
  });
  return { consultant, occurrences: data.calendar.occurrences };
}

export type CreatedTask = { id: string; databaseId: number; title: string; state: string; priority: string; executor: { name: string } | null; project: { name: string } };

/** Creates a task on the first live project for the first matching staff member. */
export async function createTask(client: Client, title: string): Promise<CreatedTask> {
  const choices: { projects: Connection<{ id: string }>; users: Connection<{ id: string }> } = await client.request(document('task-choices'));
  const projectId = choices.projects.edges[0]?.node.id;
  const executorId = choices.users.edges[0]?.node.id;
  if (!projectId || !executorId) throw new Error('no live project or staff member to assign');
  const data: { createTask: { __typename: string; task: CreatedTask } } = await client.request(document('create-task'), {
    input: { projectId, executorId, title, content: '<p>Created by the integrator example.</p>', priority: 'HIGH' },
  });
  return client.payload(data.createTask).task;
}

/** Approves the first application still in progress; answers it as it is now. */
export async function approveAnApplication(client: Client): Promise<{ id: string; state: string }> {
  const list: { applications: Connection<{ id: string }> } = await client.request(document('applying-applications'));
  const id = list.applications.edges[0]?.node.id;
  if (!id) throw new Error('no application in progress');
  const data: { updateApplicationState: { __typename: string; application: { id: string; state: string } } } = await client.request(document('update-application-state'), { input: { id, state: 'APPROVED' } });
  return client.payload(data.updateApplicationState).application;
}

async function main() {
  const client = createClient({ url: process.env.BO_URL ?? 'http://localhost:4000' });
  await client.login(process.env.BO_ACCOUNT ?? 'admin', process.env.BO_PASSWORD ?? 'Admin#2026');
  const students = await listStudentsWithApplications(client, { state: 'APPLYING' });
  console.log(`${students.length} students applying; first: ${students[0]?.name} (${students[0]?.applications.map((a) => a.school.name).join(', ')})`);
  const week = await consultantWeek(client, 'consultant', new Date().toISOString().slice(0, 10));
  console.log(`${week.consultant.name}: ${week.occurrences.length} events this week`);
  for (const o of week.occurrences) console.log(`  ${o.startLocal} – ${o.endLocal}  ${o.title}`);
  const task = await createTask(client, 'Prepare the interview list');
  console.log(`created task ${task.id} for ${task.executor?.name}`);
  const approved = await approveAnApplication(client);
  console.log(`application ${approved.id} is now ${approved.state}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? `${err.name}: ${err.message}` : err);
    process.exitCode = 1;
  });
}
