/**
 * Helpers shared by the tasks suites (not a test file itself).
 */
import { expect } from 'vitest';
import { gql, loginGql, type TestApp } from '../../helpers/app.ts';

export const STAFF_PASSWORD = 'Staff#2026';
export const who = (account: string) => ({ account, password: account === 'admin' ? 'Admin#2026' : STAFF_PASSWORD });

export function gid(type: string, id: number): string {
  return Buffer.from(`${type}:${id}`).toString('base64');
}

export async function tokens(t: TestApp, ...accounts: string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const a of accounts) out[a] = await loginGql(t, who(a));
  return out;
}

export async function idOf(t: TestApp, account: string): Promise<number> {
  return (await t.db.user.findUniqueOrThrow({ where: { account }, select: { id: true } })).id;
}

export async function projectId(t: TestApp, code: string): Promise<number> {
  return (await t.db.project.findUniqueOrThrow({ where: { code }, select: { id: true } })).id;
}

export async function taskByTitle(t: TestApp, title: string) {
  return t.db.workTask.findFirstOrThrow({ where: { title } });
}

/** Runs a GraphQL document and fails on transport-level errors. */
export async function run<T = Record<string, any>>(t: TestApp, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await gql<T>(t, query, variables, { token });
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data as T;
}

export const TASK_FIELDS = `
  id databaseId title content state priority type progress feedback
  project { databaseId name } assigner { databaseId name } executor { databaseId name }
  lastLog { note logNote label complaint complaintLabel }
`;

/** A payload selection: the task, the log line, or the error. */
export const PAYLOAD = `
  __typename
  ... on TaskPayload { task { ${TASK_FIELDS} } log { databaseId note logNote label action complaint complaintLabel assignerName executorName reportDaily logTime author { databaseId } } }
  ... on Error { code message }
`;

export type Payload = {
  __typename: string;
  code?: string;
  message?: string;
  task?: any;
  log?: any;
};
