/**
 * Small helpers shared by the GraphQL suites (not a test file itself).
 */
import { expect } from 'vitest';
import { gql, uniqueAddress, type GqlResult, type TestApp } from '../helpers/app.ts';

export const LOGIN = `
  mutation Login($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on TokenPayload { token expiresAt viewer { databaseId } }
      ... on Error { code message }
    }
  }`;

export type LoginAnswer = {
  __typename: 'TokenPayload' | 'RuleError' | 'InputError';
  token?: string;
  expiresAt?: string;
  viewer?: { databaseId: number };
  code?: string;
  message?: string;
};

/** Calls the login mutation from one address; `headers` may add a cookie. */
export async function login(
  t: TestApp,
  account: string,
  password: string,
  options: { address?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: GqlResult<{ login: LoginAnswer }>; answer: LoginAnswer }> {
  const res = await gql<{ login: LoginAnswer }>(
    t,
    LOGIN,
    { input: { account, password } },
    {
      headers: { 'x-forwarded-for': options.address ?? uniqueAddress(), ...options.headers },
    },
  );
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  const answer = res.body.data?.login;
  expect(answer).toBeDefined();
  return { ...res, answer: answer as LoginAnswer };
}

export const VIEWER_ID = '{ viewer { databaseId } }';

/** The `viewer` query with a token: either the viewer's id or the error code. */
export async function whoAmI(t: TestApp, token: string): Promise<{ id: number | null; code: string | null; message: string | null }> {
  const res = await gql<{ viewer: { databaseId: number } }>(t, VIEWER_ID, {}, { token, headers: { 'x-forwarded-for': uniqueAddress() } });
  const err = res.body.errors?.[0];
  return { id: res.body.data?.viewer?.databaseId ?? null, code: err?.extensions?.code ?? null, message: err?.message ?? null };
}

/** Nothing internal leaves the server: no stack lines, no SQL, no ORM names, no file paths. */
export function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/prisma/i);
  expect(text).not.toMatch(/\bSELECT\b|\bINSERT INTO\b|\bUPDATE\s+"|\bFROM\s+"/);
  expect(text).not.toMatch(/\n\s*at\s|\bat [\w.<>]+ \(|\bat (file|node):|\.ts:\d+:\d+|node_modules|node:internal/);
  expect(text).not.toMatch(/"stack"|originalError/);
}

/** The Relay global id of a row. */
export function globalId(type: string, id: number | bigint): string {
  return Buffer.from(`${type}:${id}`).toString('base64');
}

export async function userId(t: TestApp, account: string): Promise<number> {
  const u = await t.db.user.findUniqueOrThrow({ where: { account }, select: { id: true } });
  return u.id;
}
