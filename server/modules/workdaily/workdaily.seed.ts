import type { ModuleSeeder } from '../../module.ts';

/** Demo data of the workdaily module: a dismissed daily reminder and two work notes of the demo manager. */
export const workdailySeed: ModuleSeeder = async (db, ctx) => {
  const ref = ctx.referenceDate.getTime();
  const day = 86_400_000;
  const manager = (await db.user.findUnique({ where: { account: 'manager' }, select: { id: true } }))?.id;

  const dismissed = manager ? [{ userId: manager, day: new Date(ref - 1 * day) }] : [];
  await db.dismissedReminder.createMany({ data: dismissed });

  const notes = manager
    ? [
        { userId: manager, day: new Date(ref - 1 * day), content: '<p>面试安排已与三所学校确认；周五前提交 SSAT 成绩单。</p>' },
        { userId: manager, day: new Date(ref), content: '<p>Prepare the monthly admissions review.</p><ul><li>US: 12 applications in progress</li><li>UK: 5</li></ul>' },
      ]
    : [];
  await db.workNote.createMany({ data: notes });
  return { dismissedReminders: dismissed.length, workNotes: notes.length };
};
