/**
 * Creating a recurring series makes the same small number of SQL statements whatever the
 * number of occurrences: the checks (participants, conflicts), the series row, every
 * occurrence in one insert and every participant row in one more.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../helpers/app.ts';
import { useStatementCounter } from '../../helpers/statements.ts';
import { gid, userId } from './support.ts';

const counter = useStatementCounter(DEMO.manager);
const count = counter.count;

const CREATE = `mutation($input: CreateWorkEventInput!) { createWorkEvent(input: $input) { __typename ... on Error { code message } } }`;

describe('SQL statements per schedule write', () => {
  it('creating a series makes the same few statements for 3 or 300 occurrences', async () => {
    const auth = await counter.authStatements();
    const people = [gid('User', await userId(counter.t, 'manager')), gid('User', await userId(counter.t, 'lecturer')), gid('User', await userId(counter.t, 'sales'))];
    // Far in the future and at night, so that no seeded or other test's event clashes.
    const series = (title: string, count: number, hour: number) => ({
      title,
      startAt: `2031-03-03T${String(hour).padStart(2, '0')}:00:00Z`,
      endAt: `2031-03-03T${String(hour).padStart(2, '0')}:30:00Z`,
      timeZone: 'UTC',
      participantIds: people,
      recurrence: { freq: 'DAILY', count },
    });
    const small = await count(CREATE, { input: series('sql: short series', 3, 1) });
    const large = await count(CREATE, { input: series('sql: long series', 300, 2) });
    expect(small.data.createWorkEvent.__typename).toBe('WorkEventSavePayload');
    expect(large.data.createWorkEvent.__typename).toBe('WorkEventSavePayload');
    expect(await counter.t.db.workEvent.count({ where: { title: 'sql: long series' } })).toBe(300);
    expect(small.n - auth).toBe(large.n - auth);
    // Participants known, the conflict check (one statement for every occurrence), the series,
    // the occurrences, their participants, the operation log, COMMIT.
    expect(large.n - auth).toBe(7);
  });
});
