/**
 * The caller's own sessions with revoking one, as the account page needed (issue 20,
 * docs/projects-ui.md; moved from tests/server/content-ui/).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, DEMO, gql, loginGql, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Answer = { __typename: string; code?: string; message?: string };

describe('sessions', () => {
  const SESSIONS = '{ mySessions { sessionId current origin startedAt lastActiveAt } }';
  const REVOKE = 'mutation($i: RevokeSessionInput!) { revokeSession(input: $i) { __typename ... on RevokeSessionPayload { revokedSessionId sessions { sessionId } } ... on Error { code message } } }';
  type Sessions = { mySessions: Array<{ sessionId: string; current: boolean }> };

  test('the caller lists their sign-ins and ends another one; its token stops working; the current one cannot be ended this way', async () => {
    const first = await loginGql(t, DEMO.lecturer);
    const second = await loginGql(t, DEMO.lecturer);
    const listed = await gql<Sessions>(t, SESSIONS, {}, { token: first });
    expect(listed.body.errors).toBeUndefined();
    const sessions = listed.body.data!.mySessions;
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const current = sessions.find((s) => s.current)!;
    const fromSecond = await gql<Sessions>(t, SESSIONS, {}, { token: second });
    const other = fromSecond.body.data!.mySessions.find((s) => s.current)!;
    expect(other.sessionId).not.toBe(current.sessionId);
    expect(sessions.map((s) => s.sessionId)).toContain(other.sessionId);

    const self = await gql<{ revokeSession: Answer }>(t, REVOKE, { i: { sessionId: current.sessionId } }, { token: first });
    expect(self.body.data!.revokeSession.code).toBe('CANNOT_REVOKE_CURRENT');

    // Someone else's session is "not found", like one that does not exist.
    const stranger = await loginGql(t, DEMO.sales);
    const foreign = await gql<{ revokeSession: Answer }>(t, REVOKE, { i: { sessionId: other.sessionId } }, { token: stranger });
    expect(foreign.body.data!.revokeSession.code).toBe('NOT_FOUND');
    const bad = await gql<{ revokeSession: Answer }>(t, REVOKE, { i: { sessionId: 'not-a-uuid' } }, { token: first });
    expect(bad.body.data!.revokeSession.__typename).toBe('InputError');

    const done = await gql<{ revokeSession: { revokedSessionId: string; sessions: Array<{ sessionId: string }> } }>(t, REVOKE, { i: { sessionId: other.sessionId } }, { token: first });
    expect(done.body.data!.revokeSession.revokedSessionId).toBe(other.sessionId);
    expect(done.body.data!.revokeSession.sessions.map((s) => s.sessionId)).not.toContain(other.sessionId);
    const ended = await gql(t, '{ viewer { databaseId } }', {}, { token: second });
    expect(ended.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const still = await gql<{ viewer: { databaseId: number } }>(t, '{ viewer { databaseId } }', {}, { token: first });
    expect(still.body.data?.viewer.databaseId).toBeGreaterThan(0);
  });
});
