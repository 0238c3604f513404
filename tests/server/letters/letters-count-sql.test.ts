/**
 * Letter boxes only grow: the inbox (both doors) and the sent list read a page with `LIMIT n+1`
 * and count only up to COUNT_CAP, so a page costs the same statements whatever the box's size.
 */
import { describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../../server/lib/counting.ts';
import { DEMO } from '../../helpers/app.ts';
import { expectBounded, PAST_CAP } from '../../helpers/counting.ts';
import { useStatementCounter } from '../../helpers/statements.ts';

const counter = useStatementCounter(DEMO.admin);
const INBOX = '/api/admin/sns/letter/listMyLetterByPage.htm';
const MINE = `{ myLetters(first: 20) { totalCount totalCountCapped edges { node { id title } } pageInfo { hasNextPage } } }`;
const SENT = `{ sentLetters(first: 20) { totalCount totalCountCapped edges { node { id title } } pageInfo { hasNextPage } } }`;

describe('SQL statements per letter page and its total', () => {
  it('are the same for the demo box and one past the cap, each read bounded; totals say 10,000+', async () => {
    await counter.authStatements();
    const mineSmall = await counter.count(MINE);
    const sentSmall = await counter.count(SENT);
    const restSmall = await counter.countRest(INBOX, { pageResult: { currentPage: 1, pageSize: 20 } });
    expect(mineSmall.data.myLetters.totalCountCapped).toBe(false);
    expect(restSmall.data.rows).toBe(mineSmall.data.myLetters.totalCount);

    const admin = await counter.t.db.user.findUniqueOrThrow({ where: { account: 'admin' }, select: { id: true } });
    const before = (await counter.t.db.letter.aggregate({ _max: { id: true } }))._max.id ?? 0;
    await counter.t.db.$executeRaw`INSERT INTO letters (sender_id, title, content) SELECT ${admin.id}, 'bulk ' || i, 'x' FROM generate_series(1, ${PAST_CAP}) AS i`;
    await counter.t.db.$executeRaw`INSERT INTO letter_deliveries (letter_id, recipient_id, read_state) SELECT id, ${admin.id}, 1 FROM letters WHERE id > ${before}`;

    const mineLarge = await counter.count(MINE);
    const sentLarge = await counter.count(SENT);
    const restLarge = await counter.countRest(INBOX, { pageResult: { currentPage: 1, pageSize: 20 } });
    expect(mineLarge.n).toBe(mineSmall.n);
    expect(sentLarge.n).toBe(sentSmall.n);
    expect(restLarge.n).toBe(restSmall.n);
    expectBounded(mineLarge.statements, 'letter_deliveries');
    expectBounded(sentLarge.statements, 'letters');
    expect(mineLarge.data.myLetters).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true, pageInfo: { hasNextPage: true } });
    expect(sentLarge.data.sentLetters).toMatchObject({ totalCount: COUNT_CAP, totalCountCapped: true, pageInfo: { hasNextPage: true } });
    expect(restLarge.data.rows).toBe(COUNT_CAP + 1);
    expect(restLarge.data.resultList).toHaveLength(20);
  }, 120_000);
});
