/**
 * `node(id:)` and `nodes(ids:)` answer null alike for a hidden object and a missing one, for
 * every type (issue 33, finding 5): a consultant used to get `__typename` of a letter, an event
 * or an operation-log row it may not see.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, gql, loginGql, type TestApp } from '../../helpers/app.ts';
import { globalId } from '../support.ts';

let t: TestApp;
let consultant: string;
let admin: string;
let consultantId: number;

beforeAll(async () => {
  t = await createTestApp();
  consultant = await loginGql(t, DEMO.consultant);
  admin = await loginGql(t, DEMO.admin);
  consultantId = (await t.db.user.findFirstOrThrow({ where: { account: 'consultant' }, select: { id: true } })).id;
});

afterAll(async () => {
  await t?.close();
});

type NodeAnswer = { node: { __typename: string } | null; nodes: Array<{ __typename: string } | null> };

async function read(token: string, id: string) {
  const res = await gql<NodeAnswer>(t, 'query($id: ID!) { node(id: $id) { __typename } nodes(ids: [$id]) { __typename } }', { id }, { token });
  return res.body;
}

describe('a hidden node answers as a missing one', () => {
  it('for a letter, an event, an operation-log row and a calendar subscription of someone else', async () => {
    const hidden: Array<[string, number]> = [];
    const letter = await t.db.letter.findFirst({ where: { NOT: { senderId: consultantId } }, select: { id: true } });
    if (letter) hidden.push(['Letter', letter.id]);
    const log = await t.db.operationLog.findFirst({ select: { id: true } });
    if (log) hidden.push(['OperationLog', Number(log.id)]);
    const event = await t.db.workEvent.findFirst({ where: { creatorId: { not: consultantId }, isOpen: false, participants: { none: { userId: consultantId } } }, select: { id: true } });
    if (event) hidden.push(['WorkEvent', event.id]);
    const ics = await t.db.icsSubscription.findFirst({ where: { userId: { not: consultantId } }, select: { id: true } });
    if (ics) hidden.push(['IcsSubscription', ics.id]);
    expect(hidden.map(([type]) => type)).toEqual(expect.arrayContaining(['Letter', 'OperationLog', 'WorkEvent']));
    for (const [type, id] of hidden) {
      const seen = await read(consultant, globalId(type, id));
      const missing = await read(consultant, globalId(type, 99_999_999));
      expect(seen.data, `${type} ${id}`).toEqual({ node: null, nodes: [null] });
      expect(seen, type).toEqual(missing);
    }
  });

  it('still answers what the caller may see', async () => {
    const log = await t.db.operationLog.findFirstOrThrow({ select: { id: true } });
    const res = await read(admin, globalId('OperationLog', Number(log.id)));
    expect(res.data).toEqual({ node: { __typename: 'OperationLog' }, nodes: [{ __typename: 'OperationLog' }] });
    const event = await t.db.workEvent.findFirstOrThrow({ where: { participants: { some: { userId: consultantId } }, published: true }, select: { id: true } });
    const own = await read(consultant, globalId('WorkEvent', event.id));
    expect(own.data).toEqual({ node: { __typename: 'WorkEvent' }, nodes: [{ __typename: 'WorkEvent' }] });
  });
});
