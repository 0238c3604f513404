/**
 * A batch update of applications answers its payload (the changed applications with their
 * school and archive, and the log lines) in the same number of SQL statements whatever the
 * batch size: the payload's rows, with the check that the caller may read them, are read in
 * one statement, never once per row. The write itself takes its statements per row (each
 * application is locked, checked, changed and logged); the test compares the same batch with
 * and without the payload selected, so only what the payload costs is counted.
 */
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../helpers/app.ts';
import { useStatementCounter } from '../../helpers/statements.ts';
import { globalId } from '../support.ts';
import { makeArchive } from '../schools/support.ts';

const counter = useStatementCounter(DEMO.consultant);
const count = counter.count;

/** `n` applications, each of its own student (so each row names another archive), to as many schools. */
async function applications(n: number): Promise<string[]> {
  const schools = await counter.t.db.school.findMany({ select: { id: true }, orderBy: { id: 'asc' }, take: n });
  const ids: string[] = [];
  for (const [i, school] of schools.entries()) {
    const archive = await makeArchive(counter.t, 'consultant');
    const a = await counter.t.db.application.create({ data: { archiveId: archive.id, studentId: archive.studentId, schoolId: school.id, year: 2027 + (i % 2) }, select: { id: true } });
    ids.push(globalId('Application', a.id));
  }
  expect(ids).toHaveLength(n);
  return ids;
}

const BARE = '__typename ... on Error { code message }';
const PAYLOAD = `${BARE} ... on ApplicationPayload {
  application { databaseId inquiry school { name } }
  applications { id databaseId inquiry progress archiveDatabaseId school { name chineseName } archive { id } }
  logs { action fromValue toValue }
}`;

async function batch(ids: string[], inquiry: string, selection: string): Promise<{ n: number; data: any }> {
  const { n, data } = await count(`mutation($input: UpdateApplicationInquiryBatchInput!) { updateApplicationInquiryBatch(input: $input) { ${selection} } }`, { input: { ids, inquiry } });
  expect(data.updateApplicationInquiryBatch.__typename).toBe('ApplicationPayload');
  return { n, data: data.updateApplicationInquiryBatch };
}

/** What the payload costs: the same change (0 → 1, then 1 → 2) without and with the payload selected. */
async function payloadCost(size: number): Promise<number> {
  const ids = await applications(size);
  const bare = await batch(ids, 'SENT', BARE);
  const full = await batch(ids, 'ANSWERED', PAYLOAD);
  expect(full.data.applications).toHaveLength(size);
  expect(full.data.applications.every((a: any) => a.inquiry === 'ANSWERED' && a.school.name && a.archive.id)).toBe(true);
  expect(full.data.logs).toHaveLength(size);
  expect(full.data.application.inquiry).toBe('ANSWERED');
  return full.n - bare.n;
}

describe('SQL statements of a batch update of applications', () => {
  it('the payload of 2 rows and of 10 rows costs the same statements', async () => {
    await batch(await applications(1), 'SENT', BARE); // the first request of a session may refresh last-active
    const small = await payloadCost(2);
    const large = await payloadCost(10);
    // The logs, the rows of `application` and `applications` (visibility included) and their schools.
    expect(small).toBe(5);
    expect(large).toBe(small);
  });
});
