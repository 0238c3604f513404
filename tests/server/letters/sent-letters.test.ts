/**
 * The sent-letters view the letter screens needed (issue 20, docs/projects-ui.md; moved from
 * tests/server/content-ui/).
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
