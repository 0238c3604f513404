/**
 * Helpers of the schools-area suites (not a test file itself): demo accounts' tokens and
 * archives made for a test, with the facts the match rule and the visibility rules read.
 */
import { DEMO, loginRest, type TestApp } from '../../helpers/app.ts';

export type Tokens = Record<'admin' | 'manager' | 'consultant' | 'lecturer' | 'sales' | 'partner', string>;

export async function tokens(t: TestApp): Promise<Tokens> {
  const out = {} as Tokens;
  for (const who of Object.keys(DEMO) as Array<keyof Tokens>) out[who] = await loginRest(t, DEMO[who]);
  return out;
}

export async function userId(t: TestApp, account: string): Promise<number> {
  return (await t.db.user.findFirstOrThrow({ where: { account }, select: { id: true } })).id;
}

let studentCursor = 0;
/**
 * A new archive for a student who has none yet, consulted by `consultant`, applying.
 * Optional facts for the match rule.
 */
export async function makeArchive(
  t: TestApp,
  consultant: string,
  facts: { sex?: number; grade?: number; submitGrade?: number; targetRegion?: number; preferredSchoolSize?: number; coed?: number; ssat?: number[]; toefl?: number[]; awards?: number[]; applyingStatus?: number } = {},
): Promise<{ id: number; studentId: number }> {
  const consultantId = await userId(t, consultant);
  const taken = (await t.db.archive.findMany({ select: { studentId: true } })).map((a) => a.studentId);
  let student = await t.db.user.findFirst({ where: { type: 3, id: { notIn: taken } }, orderBy: { id: 'asc' }, skip: 0, select: { id: true, name: true } });
  if (!student) {
    studentCursor += 1;
    student = await t.db.user.create({ data: { type: 3, name: `测试学生${studentCursor}-${Date.now() % 100000}` }, select: { id: true, name: true } });
  }
  const a = await t.db.archive.create({
    data: {
      studentId: student.id,
      name: student.name,
      consultantId,
      grade: facts.grade ?? 8,
      year: 2027,
      status: 2,
      applyingStatus: facts.applyingStatus ?? 1,
      sale: 1,
      bio: { create: { sex: facts.sex ?? 1, submitGrade: facts.submitGrade ?? null } },
      ...(facts.targetRegion !== undefined || facts.preferredSchoolSize !== undefined || facts.coed !== undefined
        ? { survey: { create: { targetRegion: facts.targetRegion ?? null, preferredSchoolSize: facts.preferredSchoolSize ?? null, coed: facts.coed ?? null } } }
        : {}),
      exams: {
        create: [...(facts.ssat ?? []).map((p) => ({ kind: 4, percentile: p, total: 2000 + p })), ...(facts.toefl ?? []).map((total) => ({ kind: 3, total }))],
      },
      awards: { create: (facts.awards ?? []).map((level) => ({ certificateLevel: level, performName: `award ${level}` })) },
    },
    select: { id: true, studentId: true },
  });
  return a;
}

export async function schoolByName(t: TestApp, name: string): Promise<number> {
  return (await t.db.school.findFirstOrThrow({ where: { name }, select: { id: true } })).id;
}
