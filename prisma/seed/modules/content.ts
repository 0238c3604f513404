import type { PrismaClient } from '../../../server/generated/prisma/client.ts';
import { createRandom } from '../random.ts';
import type { ModuleSeeder } from './types.ts';

/**
 * Operation rights of the content area (hidden right-tree nodes, keys = permission names in
 * server/permissions/content.ts); administrators hold every right by code.
 */
export const CONTENT_OPERATION_RIGHTS = [
  { key: 'project.manage', title: '管理项目', titleEn: 'Manage projects', under: 'project', roles: ['manager'] },
  { key: 'notice.publish', title: '发布通知', titleEn: 'Publish notices', under: 'notification', roles: ['manager'] },
  { key: 'dictionary.manage', title: '管理数据字典', titleEn: 'Manage the data dictionary', under: 'system', roles: ['manager'] },
] as const;

const DAY = 86_400_000;

const DICTIONARIES: Array<{ code: string; name: string; nameEn: string; items: Array<[string, string, string]> }> = [
  { code: 'country', name: '国家', nameEn: 'Country', items: [['US', '美国', 'United States'], ['UK', '英国', 'United Kingdom'], ['CA', '加拿大', 'Canada'], ['CN', '中国', 'China']] },
  { code: 'grade', name: '年级', nameEn: 'Grade', items: [['G6', '六年级', 'Grade 6'], ['G7', '七年级', 'Grade 7'], ['G8', '八年级', 'Grade 8'], ['G9', '九年级', 'Grade 9'], ['G10', '十年级', 'Grade 10'], ['G11', '十一年级', 'Grade 11']] },
  { code: 'exam_type', name: '考试类型', nameEn: 'Exam type', items: [['TOEFL', '托福', 'TOEFL'], ['TOEFL_JR', '小托福', 'TOEFL Junior'], ['SSAT', 'SSAT', 'SSAT'], ['SAT', 'SAT', 'SAT'], ['OTHER', '其他', 'Other']] },
  { code: 'recommender_type', name: '推荐人类型', nameEn: 'Recommender type', items: [['MATH', '数学老师', 'Math teacher'], ['ENGLISH', '英语老师', 'English teacher'], ['HEAD', '班主任', 'Head teacher'], ['SCIENCE', '科学老师', 'Science teacher'], ['PERSONAL', '个人推荐', 'Personal']] },
  { code: 'dress_code', name: '着装要求', nameEn: 'Dress code', items: [['FORMAL', '正装', 'Formal'], ['SEMI', '半正装', 'Semi-formal'], ['NONE', '无', 'None']] },
  { code: 'course_site', name: '上课方式', nameEn: 'Course site', items: [['ONLINE', '线上', 'Online'], ['OFFLINE', '线下', 'Offline']] },
];

const NOTICES: Array<[string, string]> = [
  ['2026 秋季申请季启动', '<p>各位同事：2026–2027 申请季正式启动，请各顾问在 <strong>9 月 15 日</strong>前完成学生选校清单初稿。</p>'],
  ['国庆假期安排', '<p>10 月 1 日至 7 日放假，10 月 8 日正常上班。假期间如有紧急事务请联系值班经理。</p>'],
  ['SSAT 考位开放提醒', '<p>11 月 SSAT 考位已开放报名，请讲师提醒学生尽早报名。<a href="https://www.ssat.org">SSAT 官网</a></p>'],
  ['Office move', '<p>The Beijing office moves to the 12th floor on <em>September 20</em>. Please pack your desk the day before.</p>'],
];

const LETTERS: Array<[string, string]> = [
  ['请更新学生档案', '<p>请在本周内更新负责学生的考试成绩。</p>'],
  ['项目周会', '<p>本周五下午 3 点项目周会，请准备进度汇报。</p>'],
  ['Interview schedule', '<p>The Phillips Exeter interview slots are out; please confirm with the families.</p>'],
  ['讲师排课确认', '<p>下周课表已发布，请确认时间是否冲突。</p>'],
  ['报销单据', '<p>上月报销请于 5 号前提交财务。</p>'],
];

const TIMELINE: string[] = ['加入项目', '完成学生面谈', '提交选校清单', '安排面试培训', '跟进学校面试', '整理录取结果'];
const TIMELINE_EN: string[] = ['Joined the project', 'Student interviews done', 'School list submitted', 'Interview training arranged', 'School interviews followed up', 'Admission results collected'];

async function seedOperationRights(db: PrismaClient): Promise<number> {
  const groups = await db.right.findMany({ where: { key: { in: CONTENT_OPERATION_RIGHTS.map((r) => r.under) } }, select: { id: true, key: true } });
  const roles = await db.role.findMany({ select: { id: true, code: true } });
  let count = 0;
  for (const [index, def] of CONTENT_OPERATION_RIGHTS.entries()) {
    const right = await db.right.upsert({
      where: { key: def.key },
      update: {},
      create: { key: def.key, title: def.title, titleEn: def.titleEn, hidden: true, parentId: groups.find((g) => g.key === def.under)?.id ?? null, showType: 1, sort: 950 + index },
      select: { id: true },
    });
    const roleIds = roles.filter((r) => r.code === 'admin' || (def.roles as readonly string[]).includes(r.code)).map((r) => r.id);
    count += (await db.roleRight.createMany({ data: roleIds.map((roleId) => ({ roleId, rightId: right.id })), skipDuplicates: true })).count;
  }
  return count;
}

/** Demo data of the content area. Deterministic: fixed tables, a seeded PRNG, dates from the reference day. */
export const seedContent: ModuleSeeder = {
  name: 'content',
  seed: async (db, ctx) => {
    const rand = createRandom(5150);
    const ref = ctx.referenceDate.getTime();
    const day = (offset: number) => new Date(Date.UTC(ctx.referenceDate.getUTCFullYear(), ctx.referenceDate.getUTCMonth(), ctx.referenceDate.getUTCDate() + offset));
    const at = (offsetDays: number, hour = 9) => new Date(ref + offsetDays * DAY + hour * 3_600_000);

    const roleRights = await seedOperationRights(db);

    const staff = await db.user.findMany({ where: { type: 1, state: { not: 3 } }, select: { id: true, account: true }, orderBy: { id: 'asc' } });
    const byAccount = new Map(staff.map((s) => [s.account, s.id]));
    const demoStaff = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'].map((a) => byAccount.get(a)).filter((id): id is number => id !== undefined);
    const projects = await db.project.findMany({ where: { deletedAt: null }, select: { id: true, managerId: true, stateCode: true }, orderBy: { id: 'asc' } });

    // Project members with timelines: each project gets its manager plus 2-4 colleagues (demo staff first).
    let members = 0;
    let timeline = 0;
    for (const [index, project] of projects.entries()) {
      const pool = [...new Set([project.managerId, demoStaff[2 + (index % 4)], ...Array.from({ length: rand.int(2, 4) }, () => rand.pick(staff).id)])].filter(
        (id): id is number => typeof id === 'number',
      );
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

    // Letters: each demo staff account gets five, the first three of them unread.
    let letters = 0;
    let deliveries = 0;
    for (const [index, recipientId] of demoStaff.entries()) {
      for (const [k, [title, content]] of LETTERS.entries()) {
        const senderId = demoStaff[(index + k + 1) % demoStaff.length] as number;
        const sentAt = at(-k * 2 - index, 10 + k);
        await db.letter.create({
          data: {
            senderId,
            title,
            content,
            createdAt: sentAt,
            deliveries: { create: { recipientId, createdAt: sentAt, readState: k < 3 ? 0 : 1, readAt: k < 3 ? null : new Date(sentAt.getTime() + 3_600_000) } },
          },
        });
        letters++;
        deliveries++;
      }
    }
    // One letter to the demo parent, unread.
    const parent = await db.user.findUnique({ where: { account: 'parent.demo' }, select: { id: true } });
    const consultant = byAccount.get('consultant');
    if (parent && consultant) {
      await db.letter.create({
        data: {
          senderId: consultant,
          title: '面试安排通知',
          content: '<p>您好，孩子的学校面试定于下周二上午 10 点，请提前 15 分钟上线。</p>',
          createdAt: at(-1, 15),
          deliveries: { create: { recipientId: parent.id, createdAt: at(-1, 15) } },
        },
      });
      letters++;
      deliveries++;
    }

    // Notices.
    const publisher = byAccount.get('manager') ?? byAccount.get('admin') ?? null;
    for (const [k, [title, content]] of NOTICES.entries()) {
      await db.notice.create({ data: { title, content, publisherId: publisher, publishedAt: at(-k * 5 - 1, 8), updatedAt: at(-k * 5 - 1, 8) } });
    }

    // Dictionaries with items.
    let items = 0;
    for (const [k, dict] of DICTIONARIES.entries()) {
      await db.dictionary.create({
        data: {
          code: dict.code,
          name: dict.name,
          nameEn: dict.nameEn,
          sort: k + 1,
          createdAt: at(-200),
          updatedAt: at(-200),
          items: { create: dict.items.map(([code, label, labelEn], i) => ({ code, label, labelEn, sort: i + 1, createdAt: at(-200) })) },
        },
      });
      items += dict.items.length;
    }

    return {
      contentRoleRights: roleRights,
      projectMembers: members,
      projectTimelineEntries: timeline,
      projectFocuses: focuses,
      letters,
      letterDeliveries: deliveries,
      notices: NOTICES.length,
      dictionaries: DICTIONARIES.length,
      dictionaryItems: items,
    };
  },
};
