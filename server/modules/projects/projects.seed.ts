import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';
import { createRandom } from '../../../prisma/seed/random.ts';

/** Operation rights of the projects module (permission names in projects.policy.ts). */
const PROJECTS_OPERATION_RIGHTS: OperationRight[] = [{ key: 'project.manage', title: '管理项目', titleEn: 'Manage projects', under: 'project', sort: 950, roles: ['manager'] }];

const DAY = 86_400_000;

const TIMELINE: string[] = ['加入项目', '完成学生面谈', '提交选校清单', '安排面试培训', '跟进学校面试', '整理录取结果'];
const TIMELINE_EN: string[] = ['Joined the project', 'Student interviews done', 'School list submitted', 'Interview training arranged', 'School interviews followed up', 'Admission results collected'];

/**
 * Demo data of the projects module (the projects themselves are the core seed's): its operation
 * right, members with timelines, and the projects the demo consultant, sales and manager follow.
 * Deterministic: a seeded PRNG, dates from the reference day.
 */
export const projectsSeed: ModuleSeeder = async (db, ctx) => {
  const rand = createRandom(5150);
  const ref = ctx.referenceDate.getTime();
  const day = (offset: number) => new Date(Date.UTC(ctx.referenceDate.getUTCFullYear(), ctx.referenceDate.getUTCMonth(), ctx.referenceDate.getUTCDate() + offset));
  const at = (offsetDays: number, hour = 9) => new Date(ref + offsetDays * DAY + hour * 3_600_000);

  const rights = await seedOperationRights(db, PROJECTS_OPERATION_RIGHTS);

  const staff = await db.user.findMany({ where: { type: 1, state: { not: 3 } }, select: { id: true, account: true }, orderBy: { id: 'asc' } });
  const byAccount = new Map(staff.map((s) => [s.account, s.id]));
  const demoStaff = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'].map((a) => byAccount.get(a)).filter((id): id is number => id !== undefined);
  const projects = await db.project.findMany({ where: { deletedAt: null }, select: { id: true, managerId: true, stateCode: true }, orderBy: { id: 'asc' } });
  // Project members with timelines: each project gets its manager plus 2-4 colleagues (demo staff first).
  let members = 0;
  let timeline = 0;
  for (const [index, project] of projects.entries()) {
    const pool = [...new Set([project.managerId, demoStaff[2 + (index % 4)], ...Array.from({ length: rand.int(2, 4) }, () => rand.pick(staff).id)])].filter((id): id is number => typeof id === 'number');
    for (const [k, userId] of pool.entries()) {
      const joined = day(-120 + index * 7 + k * 3);
      const member = await db.projectMember.create({
        data: {
          projectId: project.id,
          userId,
          duty: userId === project.managerId ? '项目负责人' : rand.pick(['顾问', '讲师', '文书老师', '销售对接', 'Coordinator']),
          joinedOn: joined,
          remark: null,
          createdAt: new Date(joined.getTime() + 10 * 3_600_000),
        },
        select: { id: true },
      });
      members++;
      const entries = rand.int(1, 4);
      for (let e = 0; e < entries; e++) {
        const text = rand.chance(0.25) ? TIMELINE_EN[e] : TIMELINE[e];
        await db.projectTimelineEntry.create({ data: { memberId: member.id, happenedOn: new Date(joined.getTime() + e * 14 * DAY), content: text as string, createdAt: at(-100 + e) } });
        timeline++;
      }
    }
  }

  // The demo consultant and sales follow a few projects.
  let focuses = 0;
  for (const account of ['consultant', 'sales', 'manager']) {
    const userId = byAccount.get(account);
    if (!userId) continue;
    for (const project of projects.filter((p) => p.stateCode <= 3).slice(0, 3)) {
      await db.projectFocus.create({ data: { userId, projectId: project.id, createdAt: at(-20) } });
      focuses++;
    }
  }

  return { projectsOperationRights: rights.rights, projectsRoleRights: rights.roleRights, projectMembers: members, projectTimelineEntries: timeline, projectFocuses: focuses };
};
