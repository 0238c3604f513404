/**
 * Editing and withdrawing a notice, as the notice screens needed (issue 20, docs/projects-ui.md;
 * moved from tests/server/content-ui/).
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
