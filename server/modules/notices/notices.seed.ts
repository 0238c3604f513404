import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';

/** Operation rights of the notices module (permission names in notices.policy.ts). */
const NOTICES_OPERATION_RIGHTS: OperationRight[] = [{ key: 'notice.publish', title: '发布通知', titleEn: 'Publish notices', under: 'notification', sort: 951, roles: ['manager'] }];

const DAY = 86_400_000;

const NOTICES: Array<[string, string]> = [
  ['2026 秋季申请季启动', '<p>各位同事：2026–2027 申请季正式启动，请各顾问在 <strong>9 月 15 日</strong>前完成学生选校清单初稿。</p>'],
  ['国庆假期安排', '<p>10 月 1 日至 7 日放假，10 月 8 日正常上班。假期间如有紧急事务请联系值班经理。</p>'],
  ['SSAT 考位开放提醒', '<p>11 月 SSAT 考位已开放报名，请讲师提醒学生尽早报名。<a href="https://www.ssat.org">SSAT 官网</a></p>'],
  ['Office move', '<p>The Beijing office moves to the 12th floor on <em>September 20</em>. Please pack your desk the day before.</p>'],
];

/** Demo data of the notices module: its operation right and four notices published by the demo manager over the last weeks. */
export const noticesSeed: ModuleSeeder = async (db, ctx) => {
  const ref = ctx.referenceDate.getTime();
  const at = (offsetDays: number, hour = 9) => new Date(ref + offsetDays * DAY + hour * 3_600_000);
  const rights = await seedOperationRights(db, NOTICES_OPERATION_RIGHTS);
  const staff = await db.user.findMany({ where: { type: 1, state: { not: 3 } }, select: { id: true, account: true }, orderBy: { id: 'asc' } });
  const byAccount = new Map(staff.map((s) => [s.account, s.id]));

  // Notices.
  const publisher = byAccount.get('manager') ?? byAccount.get('admin') ?? null;
  for (const [k, [title, content]] of NOTICES.entries()) {
    await db.notice.create({ data: { title, content, publisherId: publisher, publishedAt: at(-k * 5 - 1, 8), updatedAt: at(-k * 5 - 1, 8) } });
  }

  return { noticesOperationRights: rights.rights, noticesRoleRights: rights.roleRights, notices: NOTICES.length };
};
