/**
 * The server pieces the content screens needed (issue 20, docs/content-ui.md): the sent-letters
 * view, editing and withdrawing a notice, and the caller's own sessions with revoking one.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, DEMO, gql, loginGql, type TestApp } from '../../helpers/app.ts';
import { globalId, userId } from '../support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Answer = { __typename: string; code?: string; message?: string };

describe('sent letters', () => {
  const SENT = `query($search: String) { sentLetters(first: 10, search: $search) { totalCount edges { node { id title recipientCount readCount recipients { name nameEn } sentAt } } } }`;

  test('a sender sees their letters with recipients and read counts; nobody else reaches them', async () => {
    const manager = await loginGql(t, DEMO.manager);
    const consultant = await loginGql(t, DEMO.consultant);
    const recipients = [await userId(t, 'consultant'), await userId(t, 'sales')];
    const title = `Sent view ${Date.now()}`;
    const sent = await gql<{ sendLetter: Answer }>(
      t,
      'mutation($i: SendLetterInput!) { sendLetter(input: $i) { __typename ... on Error { code message } } }',
      { i: { recipientIds: recipients.map((id) => globalId('User', id)), title, content: '<p>x</p>' } },
      { token: manager },
    );
    expect(sent.body.data?.sendLetter.__typename).toBe('SendLetterPayload');

    type Sent = { sentLetters: { totalCount: number; edges: Array<{ node: { id: string; title: string; recipientCount: number; readCount: number; recipients: Array<{ name: string; nameEn: string | null }> } }> } };
    const mine = await gql<Sent>(t, SENT, { search: title }, { token: manager });
    expect(mine.body.errors).toBeUndefined();
    const row = mine.body.data!.sentLetters.edges[0]!.node;
    expect(mine.body.data!.sentLetters.totalCount).toBe(1);
    expect(row).toMatchObject({ title, recipientCount: 2, readCount: 0 });
    expect(row.recipients[0]).toEqual({ name: '张晓雯', nameEn: 'Xiaowen Zhang' });
    expect(row.recipients).toHaveLength(2);

    // The consultant reads it: the sender's count follows.
    const box = await gql<{ myLetters: { edges: Array<{ node: { id: string } }> } }>(t, '{ myLetters(first: 1) { edges { node { id } } } }', {}, { token: consultant });
    await gql(t, 'mutation($i: LetterIdsInput!) { markLetterRead(input: $i) { __typename } }', { i: { letterIds: [box.body.data!.myLetters.edges[0]!.node.id] } }, { token: consultant });
    const after = await gql<Sent>(t, SENT, { search: title }, { token: manager });
    expect(after.body.data!.sentLetters.edges[0]!.node.readCount).toBe(1);

    // The recipient's sent view does not list it, and the letter's id answers null to them.
    const theirs = await gql<Sent>(t, SENT, { search: title }, { token: consultant });
    expect(theirs.body.data!.sentLetters.totalCount).toBe(0);
    const node = await gql<{ node: unknown }>(t, 'query($id: ID!) { node(id: $id) { id } }', { id: row.id }, { token: consultant });
    expect(node.body.data?.node ?? null).toBeNull();
  });
});

describe('notice edit and withdraw', () => {
  const PUBLISH = 'mutation($i: PublishNoticeInput!) { publishNotice(input: $i) { __typename ... on PublishNoticePayload { notice { id } } ... on Error { code message } } }';
  const UPDATE = 'mutation($i: UpdateNoticeInput!) { updateNotice(input: $i) { __typename ... on UpdateNoticePayload { notice { id title content } } ... on Error { code message } } }';
  const WITHDRAW = 'mutation($i: NoticeRefInput!) { withdrawNotice(input: $i) { __typename ... on WithdrawNoticePayload { withdrawnNoticeId } ... on Error { code message } } }';

  test('a manager edits a notice (sanitised, same rules) and withdraws it; a consultant may not', async () => {
    const manager = await loginGql(t, DEMO.manager);
    const consultant = await loginGql(t, DEMO.consultant);
    const made = await gql<{ publishNotice: { notice: { id: string } } }>(t, PUBLISH, { i: { title: 'Draft', content: '<p>One</p>' } }, { token: manager });
    const id = made.body.data!.publishNotice.notice.id;

    const empty = await gql<{ updateNotice: Answer }>(t, UPDATE, { i: { noticeId: id, title: ' ', content: '<p>x</p>' } }, { token: manager });
    expect(empty.body.data!.updateNotice).toMatchObject({ __typename: 'InputError', code: 'TITLE_REQUIRED' });

    const edited = await gql<{ updateNotice: { notice: { title: string; content: string } } }>(t, UPDATE, { i: { noticeId: id, title: 'Final', content: '<p>Two<script>alert(1)</script></p>' } }, { token: manager });
    expect(edited.body.data!.updateNotice.notice.title).toBe('Final');
    expect(edited.body.data!.updateNotice.notice.content).not.toContain('script');

    const refused = await gql<{ updateNotice: Answer }>(t, UPDATE, { i: { noticeId: id, title: 'Mine', content: '<p>x</p>' } }, { token: consultant });
    expect(refused.body.data!.updateNotice.code).toBe('FORBIDDEN');
    const refusedWithdraw = await gql<{ withdrawNotice: Answer }>(t, WITHDRAW, { i: { noticeId: id } }, { token: consultant });
    expect(refusedWithdraw.body.data!.withdrawNotice.code).toBe('FORBIDDEN');

    const gone = await gql<{ withdrawNotice: { withdrawnNoticeId: string } }>(t, WITHDRAW, { i: { noticeId: id } }, { token: manager });
    expect(gone.body.data!.withdrawNotice.withdrawnNoticeId).toBe(id);
    const again = await gql<{ withdrawNotice: Answer }>(t, WITHDRAW, { i: { noticeId: id } }, { token: manager });
    expect(again.body.data!.withdrawNotice.code).toBe('NOT_FOUND');
    const node = await gql<{ node: unknown }>(t, 'query($id: ID!) { node(id: $id) { id } }', { id }, { token: manager });
    expect(node.body.data?.node ?? null).toBeNull();
  });
});

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
