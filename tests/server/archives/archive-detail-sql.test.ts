/**
 * The archive detail as the browser asks for it (the client's own ArchiveDetailQuery, read from
 * the persisted queries) makes a fixed number of SQL statements, whatever the number of rows
 * and attachments in its sections (issue 18: "the detail reads its sections in as few
 * statements as the page needs"). The exam sections share one read, the attachments of every
 * row one read, the reveals of sensitive fields one insert.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO, gql, loginRest } from '../../helpers/app.ts';
import { useStatementCounter } from '../../helpers/statements.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const persisted = JSON.parse(readFileSync(path.join(root, 'client/persisted-queries.json'), 'utf8')) as Record<string, string>;
const DETAIL = Object.values(persisted).find((q) => q.startsWith('query ArchiveDetailQuery('))!;
const counter = useStatementCounter(DEMO.admin);

/** Statements of the detail as measured for issue 18 (38 before the shared reads). */
const MEASURED = 26;

async function addRows(archiveId: number, n: number): Promise<void> {
  const db = counter.t.db;
  for (let i = 0; i < n; i++) {
    const education = await db.archiveEducation.create({ data: { archiveId, school: `学校${i}`, sort: 100 + i } });
    const award = await db.archiveAward.create({ data: { archiveId, performName: `奖项${i}`, sort: 100 + i } });
    for (const [kind, objectId] of [
      [1, education.id],
      [2, award.id],
    ] as const) {
      await db.archiveFile.create({ data: { archiveId, kind, objectId, fileName: `f${i}.pdf`, storageKey: `archives/test/${archiveId}-${kind}-${objectId}.pdf`, mimeType: 'application/pdf', size: 1 } });
    }
    for (const kind of [1, 2, 3, 4, 5]) await db.archiveExam.create({ data: { archiveId, kind, examName: `考试${i}`, sort: 100 + i } });
  }
}

describe('SQL statements of the archive detail', () => {
  it('stay the same with 5 more rows and attachments in each section, and within what was measured', async () => {
    expect(DETAIL, 'the client’s ArchiveDetailQuery').toBeDefined();
    await counter.authStatements();
    const archive = await counter.t.db.archive.findFirstOrThrow({ select: { id: true } });
    const id = Buffer.from(`Archive:${archive.id}`).toString('base64');
    const before = await counter.count(DETAIL, { id });
    expect(before.data.node?.name ?? before.data.archive?.name).toBeTruthy();
    await addRows(archive.id, 5);
    const after = await counter.count(DETAIL, { id });
    // The rows are there: the count did not stay flat by reading less.
    expect(JSON.stringify(after.data)).toContain('学校4');
    expect(JSON.stringify(after.data)).toContain('f4.pdf');
    expect(after.n).toBe(before.n);
    expect(after.n).toBeLessThanOrEqual(MEASURED);
  });

  it('writes the reveals of every section in one statement, and shows nothing when that write fails', async () => {
    const db = counter.t.db;
    const archive = await db.archive.findFirstOrThrow({ select: { id: true }, orderBy: { id: 'desc' } });
    const id = Buffer.from(`Archive:${archive.id}`).toString('base64');
    const before = await db.archiveAccessLog.count({ where: { archiveId: archive.id } });
    const read = await counter.count(DETAIL, { id });
    const logged = await db.archiveAccessLog.findMany({ where: { archiveId: archive.id }, orderBy: { id: 'asc' }, skip: before });
    expect(logged.length).toBeGreaterThan(1);
    expect(new Set(logged.map((l) => l.createdAt.getTime())).size, 'one insert: one timestamp').toBe(1);
    expect(read.data).toBeTruthy();
    // The log refuses every row: the detail answers an error and no data at all.
    await db.$executeRawUnsafe('ALTER TABLE archive_access_logs ADD CONSTRAINT no_rows CHECK (false) NOT VALID');
    try {
      const token = await loginRest(counter.t, DEMO.admin);
      const { body } = await gql<unknown>(counter.t, DETAIL, { id }, { token });
      expect(body.data).toBeNull();
      expect(body.errors?.[0]).toMatchObject({ message: '服务异常，请稍后再试', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE archive_access_logs DROP CONSTRAINT no_rows');
    }
  });
});
