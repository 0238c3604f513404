/** The GraphQL API as an integrator uses it (a token, full documents), for browser tests to set up data. */
import { baseUrl } from './browser.ts';

const tokens = new Map<string, string>();

export const PASSWORDS: Record<string, string> = { admin: 'Admin#2026' };
export const passwordOf = (account: string) => PASSWORDS[account] ?? 'Staff#2026';

/** Runs a document as `account` (seeded password); `T` is the shape of the `data` it selects. */
export async function gql<T>(account: string, query: string, variables: Record<string, unknown> = {}, retried = false): Promise<T> {
  let token = tokens.get(account);
  if (!token) {
    const res = await fetch(`${baseUrl()}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($input: LoginInput!) { login(input: $input) { ... on TokenPayload { token } ... on Error { message } } }',
        variables: { input: { account, password: passwordOf(account) } },
      }),
    });
    const body = (await res.json()) as { data?: { login?: { token?: string } } };
    token = body.data?.login?.token;
    if (!token) throw new Error(`login failed for ${account}: ${JSON.stringify(body)}`);
    tokens.set(account, token);
  }
  const res = await fetch(`${baseUrl()}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': token }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as { data?: T; errors?: Array<{ extensions?: { code?: string } }> };
  // The browser tests' server issues 45-second tokens: log in again once.
  if (!retried && body.errors?.some((e) => e.extensions?.code === 'TOKEN_EXPIRED')) {
    tokens.delete(account);
    return gql<T>(account, query, variables, true);
  }
  if (body.errors || !body.data) throw new Error(`${query.slice(0, 60)}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** The user's global id, database id and time zone. */
export async function me(account: string): Promise<{ id: string; databaseId: number; zone: string }> {
  const d = await gql<{ viewer: { user: { id: string; databaseId: number; timeZone: string } } }>(account, '{ viewer { user { id databaseId timeZone } } }');
  return { id: d.viewer.user.id, databaseId: d.viewer.user.databaseId, zone: d.viewer.user.timeZone };
}

export const CREATE_EVENT = `mutation($input: CreateWorkEventInput!) { createWorkEvent(input: $input) { __typename
  ... on WorkEventSavePayload { events { id databaseId title startAt } } ... on Error { message } } }`;

export const CREATE_TASK = 'mutation($i: CreateTaskInput!) { createTask(input: $i) { __typename ... on TaskPayload { task { id } } ... on Error { message } } }';
