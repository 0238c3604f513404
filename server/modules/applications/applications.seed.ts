import type { Prisma } from '../../generated/prisma/client.ts';
import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';
import { selectionDraws } from '../../../prisma/seed/selection-draws.ts';

/**
 * Operation rights of the applications module: hidden right nodes whose keys are the policy's
 * permission names (applications.policy.ts), with the demo roles that hold them
 * (administrators hold every right by code). docs/schools.md.
 */
const APPLICATION_OPERATION_RIGHTS: OperationRight[] = [
  { key: 'application.write', title: '更新申请进度', titleEn: 'Update application progress', under: 'progress', sort: 974, roles: ['manager', 'consultant'] },
  { key: 'application.lock', title: '锁定/解锁申请', titleEn: 'Lock and unlock applications', under: 'progress', sort: 975, roles: ['manager'] },
];

const DOC_NAMES: Array<[number, string]> = [
  [1, '成绩单 Transcript'],
  [2, '英语老师推荐信 English recommendation'],
  [3, '主文书 Main essay'],
  [4, 'TOEFL 成绩单 TOEFL report'],
  [5, '家长陈述 Parent statement'],
];
const SAO_DOCS: Array<[number, string]> = [
  [1, 'Student questionnaire'],
  [2, 'Parent statement'],
  [3, 'English teacher recommendation'],
  [4, 'Math teacher recommendation'],
  [6, 'Transcript'],
];

/**
 * Demo data of the applications module (after the schools module's seed): its operation rights;
 * for each archive applying with a published selection list, applications to the list's first
 * four schools in various states with their logs, documents and an interview track; and the
 * archive's SAO documents. Deadlines fall 120 to 135 days ahead.
 */
export const applicationsSeed: ModuleSeeder = async (db, ctx) => {
  const at = (offsetDays: number, hour = 10) => new Date(ctx.referenceDate.getTime() + offsetDays * 86_400_000 + hour * 3_600_000);
  const dayOf = (offsetDays: number) => new Date(Date.UTC(ctx.referenceDate.getUTCFullYear(), ctx.referenceDate.getUTCMonth(), ctx.referenceDate.getUTCDate() + offsetDays));
  const { roleRights } = await seedOperationRights(db, APPLICATION_OPERATION_RIGHTS);

  const archives = await db.archive.findMany({
    where: { deletedAt: null, applyingStatus: 1, sale: 1 },
    orderBy: { id: 'asc' },
    select: { id: true, studentId: true, year: true, grade: true, bio: { select: { submitGrade: true } }, consultant: { select: { id: true, name: true } } },
  });
  const lists = await db.selectionList.findMany({
    where: { archiveId: { in: archives.map((a) => a.id) } },
    select: { archiveId: true, entries: { orderBy: { sort: 'asc' }, select: { schoolId: true } } },
  });
  const listOf = new Map(lists.map((l) => [l.archiveId, l.entries.map((e) => e.schoolId)]));
  // The draws of the schools module's lists and these applications are one stream.
  const draws = selectionDraws(archives.length);
  // Rows are built in memory and written in a few multi-row inserts (a fresh start seeds in
  // seconds); the order, and so the ids, are those of one insert per row.
  type AppRow = { data: Prisma.ApplicationCreateManyInput; logs: Omit<Prisma.ApplicationLogCreateManyInput, 'applicationId'>[]; submitted: boolean; who: { id: number | null; name: string }; k: number };
  const appRows: AppRow[] = [];
  const saoRows: { data: Prisma.SaoDocumentCreateManyInput; who: { id: number | null; name: string } }[] = [];
  for (const [i, a] of archives.entries()) {
    const draw = draws[i]!;
    if (!draw.published) continue;
    const who = a.consultant ?? { id: null, name: 'admin' };
    // The grade applied for, as the school match reads it (schools' studentFacts).
    const targetGrade = a.bio?.submitGrade ?? (a.grade !== null ? Math.min(a.grade + 1, 13) : null);
    const picks = listOf.get(a.id) ?? [];
    // Applications to the first four schools of the published list, in various states.
    for (const [k, schoolId] of picks.slice(0, 4).entries()) {
      const { state, submitted, studentDocState, parentDocState, recommendDocState, interview, inquiry, thirdInterview } = draw.applications[k]!;
      const lines: AppRow['logs'] = [{ action: 'CREATE', toValue: String(schoolId), userId: who.id, userName: who.name, createdAt: at(-30 + k) }];
      if (submitted) lines.push({ action: 'SUBMIT_RESULT', field: 'submitResult', fromValue: '0', toValue: '1', userId: who.id, userName: who.name, createdAt: at(-12 + k) });
      if (state !== 1)
        lines.push({
          action: 'STATE',
          field: 'state',
          fromValue: '1',
          toValue: String(state),
          note: state === 2 || state === 3 ? '—' : null,
          userId: who.id,
          userName: who.name,
          createdAt: at(-3),
        });
      appRows.push({
        data: {
          archiveId: a.id,
          studentId: a.studentId,
          schoolId,
          year: a.year,
          state,
          orderNum: k + 1,
          grade: targetGrade,
          board: 1,
          rejectReason: state === 2 ? '名额已满 / Places filled' : state === 3 ? '选择了其他学校 / Chose another school' : null,
          studentDocState,
          parentDocState,
          recommendDocState,
          interview,
          inquiry,
          thirdInterview,
          submitResult: submitted ? 1 : 0,
          deadline: dayOf(120 + k * 5),
          platform: 1 + (k % 2),
          locked: state === 4 && k === 0,
          lockedByName: state === 4 && k === 0 ? 'manager' : null,
          createdById: who.id,
          createdAt: at(-30 + k),
          updatedAt: at(-5),
        },
        logs: lines,
        submitted,
        who,
        k,
      });
    }
    for (const [type, name] of SAO_DOCS) saoRows.push({ data: { archiveId: a.id, type, name, state: type < 4 ? 2 : 1 }, who });
  }
  const apps = await db.application.createManyAndReturn({ data: appRows.map((r) => r.data), select: { id: true } });
  const logs = (await db.applicationLog.createMany({ data: appRows.flatMap((r, n) => r.logs.map((l) => ({ ...l, applicationId: apps[n]!.id }))) })).count;
  const docRows = appRows.flatMap((r, n) => DOC_NAMES.slice(0, 3).map(([type, name]) => ({ data: { applicationId: apps[n]!.id, type, name, state: r.submitted ? 2 : 1, createdAt: at(-25) }, who: r.who })));
  const docs = await db.applicationDocument.createManyAndReturn({ data: docRows.map((r) => r.data), select: { id: true } });
  await db.applicationDocumentLog.createMany({ data: docRows.map((r, n) => ({ documentId: docs[n]!.id, fromState: null, toState: 1, userId: r.who.id, userName: r.who.name, createdAt: at(-25) })) });
  await db.progressTrack.createMany({
    data: appRows.map((r, n) => ({ applicationId: apps[n]!.id, type: 2, day: dayOf(-10 + r.k), content: '与招生官完成线上面试 / Online interview with the admission officer', userId: r.who.id, userName: r.who.name })),
  });
  const sao = await db.saoDocument.createManyAndReturn({ data: saoRows.map((r) => r.data), select: { id: true } });
  await db.saoDocumentLog.createMany({ data: saoRows.map((r, n) => ({ saoDocumentId: sao[n]!.id, fromState: null, toState: 1, userId: r.who.id, userName: r.who.name, createdAt: at(-20) })) });
  const applications = apps.length;
  return { applicationRights: roleRights, applications, applicationLogs: logs };
};
