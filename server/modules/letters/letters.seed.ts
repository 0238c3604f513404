import type { ModuleSeeder } from '../../module.ts';

const DAY = 86_400_000;

const LETTERS: Array<[string, string]> = [
  ['请更新学生档案', '<p>请在本周内更新负责学生的考试成绩。</p>'],
  ['项目周会', '<p>本周五下午 3 点项目周会，请准备进度汇报。</p>'],
  ['Interview schedule', '<p>The Phillips Exeter interview slots are out; please confirm with the families.</p>'],
  ['讲师排课确认', '<p>下周课表已发布，请确认时间是否冲突。</p>'],
  ['报销单据', '<p>上月报销请于 5 号前提交财务。</p>'],
];

/** Demo data of the letters module: five letters to each demo staff account (the first three unread) and one to the demo parent. */
export const lettersSeed: ModuleSeeder = async (db, ctx) => {
  const ref = ctx.referenceDate.getTime();
  const at = (offsetDays: number, hour = 9) => new Date(ref + offsetDays * DAY + hour * 3_600_000);
  const staff = await db.user.findMany({ where: { type: 1, state: { not: 3 } }, select: { id: true, account: true }, orderBy: { id: 'asc' } });
  const byAccount = new Map(staff.map((s) => [s.account, s.id]));
  const demoStaff = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'].map((a) => byAccount.get(a)).filter((id): id is number => id !== undefined);

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

  return { letters, letterDeliveries: deliveries };
};
