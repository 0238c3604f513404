import { DateTime } from 'luxon';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { ModuleSeeder } from '../../module.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';
import { expandRule, wallToInstant } from './recurrence.ts';
import { monthDayOffset, weekdayOffset } from '../../../prisma/seed/dates.ts';
import { createRandom } from '../../../prisma/seed/random.ts';

/**
 * Demo data of the schedule module: the hidden operation right `schedule.manage` (granted to
 * managers), and about a month of work events around the seed's today for the demo staff:
 * recurring series in Asia/Shanghai, America/New_York and Europe/London (one occurrence
 * deleted, one moved), single meetings, all-day days, unpublished drafts, an open training.
 */
type SeriesDef = {
  title: string;
  content: string;
  zone: string;
  /**
   * Day of the first occurrence, on a day of the rule: a weekday of a week relative to today's
   * (weeks start on Monday), or a day of today's month.
   */
  start: { week: number; weekday: number } | { monthDay: number };
  time: string;
  minutes: number;
  rrule: string;
  /** Appends `UNTIL=` the end of this day (days from today) in the series' zone. */
  untilDay?: number;
  creator: string;
  people: string[];
  published: boolean;
  isOpen?: boolean;
  placeId?: number;
  address?: string;
};

const SERIES: SeriesDef[] = [
  {
    title: '美国组周例会',
    content: '<p>Weekly US team sync: applications, interviews, school visits.</p>',
    zone: 'America/New_York',
    start: { week: -4, weekday: 1 },
    time: '09:00',
    minutes: 60,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=20',
    creator: 'yang.fan',
    people: ['yang.fan', 'consultant', 'wang.fang', 'ma.chao', 'manager'],
    published: true,
    address: 'Zoom',
  },
  {
    title: '招生部晨会',
    content: '<p>每日晨会：当日面试与材料进度。</p>',
    zone: 'Asia/Shanghai',
    start: { week: -2, weekday: 2 },
    time: '09:30',
    minutes: 30,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR',
    untilDay: 29,
    creator: 'manager',
    people: ['manager', 'consultant', 'wang.fang', 'lin.xiao', 'xu.jing'],
    published: true,
    address: '上海办公室 3F 会议室',
  },
  {
    title: '顾问培训：美国寄宿学校申请季',
    content: '<p>Monthly training for consultants, open to all staff.</p>',
    zone: 'Asia/Shanghai',
    start: { monthDay: 15 },
    time: '14:00',
    minutes: 120,
    rrule: 'FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=15;COUNT=6',
    creator: 'lecturer',
    people: ['lecturer', 'hu.wei'],
    published: true,
    isOpen: true,
    placeId: 1,
    address: '培训教室 A',
  },
  {
    title: 'UK schools weekly call',
    content: '<p>Weekly call with UK partner schools.</p>',
    zone: 'Europe/London',
    start: { week: -1, weekday: 4 },
    time: '16:00',
    minutes: 45,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TH;COUNT=10',
    creator: 'huang.siqi',
    people: ['huang.siqi', 'lin.xiao', 'xu.jing'],
    published: true,
    address: 'Teams',
  },
  {
    title: '销售周报（草稿）',
    content: '<p>Draft weekly sales review, not yet published.</p>',
    zone: 'Asia/Shanghai',
    start: { week: 1, weekday: 4 },
    time: '17:00',
    minutes: 60,
    rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=TH;COUNT=4',
    creator: 'sales',
    people: ['sales', 'zheng.kai'],
    published: false,
  },
];

const SINGLE_TITLES = [
  ['家长沟通：选校名单', 'Parent meeting: school list'],
  ['学生模拟面试', 'Mock interview'],
  ['文书修改会', 'Essay review'],
  ['SSAT 备考辅导', 'SSAT tutoring'],
  ['学校招生官视频会', 'Admissions officer video call'],
  ['项目进度复盘', 'Project review'],
  ['合作机构对接', 'Partner agency meeting'],
] as const;

/** Operation rights of the schedule module (permission names in schedule.policy.ts). */
const SCHEDULE_OPERATION_RIGHTS: OperationRight[] = [{ key: 'schedule.manage', title: '管理所有日程', titleEn: 'Manage every work event', under: 'working', sort: 950, roles: ['manager'] }];

const DEMO_STAFF = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'] as const;

const ONE_OFF_ZONES = ['Asia/Shanghai', 'Asia/Shanghai', 'Asia/Shanghai', 'America/New_York', 'America/Los_Angeles', 'Europe/London'] as const;

/** The rule's UNTIL: the last second of `day` (a UTC calendar day) in `zone`, in UTC (`20260930T155959Z`). */
function untilOf(day: DateTime, zone: string): string {
  const last = DateTime.fromObject({ year: day.year, month: day.month, day: day.day }, { zone }).endOf('day').toUTC();
  return last.toFormat("yyyyMMdd'T'HHmmss'Z'");
}

export const scheduleSeed: ModuleSeeder = async (db, ctx) => {
  const rnd = createRandom(4404);
  const counts = { scheduleOperationRights: 0, scheduleRoleRights: 0, eventSeries: 0, workEvents: 0, eventParticipants: 0 };

  // The hidden operation right of the module, granted to managers (administrators hold all).
  const rights = await seedOperationRights(db, SCHEDULE_OPERATION_RIGHTS);
  counts.scheduleOperationRights += rights.rights;
  counts.scheduleRoleRights += rights.roleRights;

  const staff = await db.user.findMany({ where: { type: 1, state: { not: 3 }, account: { not: null } }, select: { id: true, account: true, timeZone: true }, orderBy: { id: 'asc' } });
  const byAccount = new Map(staff.map((s) => [s.account!, s]));
  const idOf = (account: string) => byAccount.get(account)?.id;
  const ref = DateTime.fromJSDate(ctx.referenceDate, { zone: 'UTC' });
  const projects = await db.project.findMany({ select: { id: true }, orderBy: { id: 'asc' }, take: 10 });

  const pending: { event: Prisma.WorkEventCreateManyInput; participants: Omit<Prisma.EventParticipantCreateManyInput, 'eventId'>[] }[] = [];
  for (const def of SERIES) {
    const creatorId = idOf(def.creator);
    if (!creatorId) continue;
    const people = def.people.map(idOf).filter((x): x is number => x !== undefined);
    const startDay = 'monthDay' in def.start ? monthDayOffset(ctx.referenceDate, 0, def.start.monthDay) : weekdayOffset(ctx.referenceDate, def.start.week, def.start.weekday);
    const day = ref.plus({ days: startDay });
    const [h, m] = def.time.split(':').map(Number) as [number, number];
    const dtstart = wallToInstant({ year: day.year, month: day.month, day: day.day, hour: h, minute: m, second: 0 }, def.zone);
    const rrule = def.untilDay === undefined ? def.rrule : `${def.rrule};UNTIL=${untilOf(ref.plus({ days: def.untilDay }), def.zone)}`;
    const starts = expandRule({ rrule, timeZone: def.zone, dtstart });
    // The stand-up: one occurrence cancelled (exception date), one moved an hour later.
    const exdates = def.title === '招生部晨会' ? [starts[3]!] : [];
    const series = await db.eventSeries.create({ data: { rrule, timeZone: def.zone, dtstart: starts[0]!, durationMin: def.minutes, exdates, creatorId } });
    counts.eventSeries += 1;
    for (const [i, start] of starts.entries()) {
      if (exdates.some((d) => d.getTime() === start.getTime())) continue;
      const moved = def.title === '招生部晨会' && i === 6;
      const s = moved ? new Date(start.getTime() + 3_600_000) : start;
      pending.push({
        event: {
          title: def.title,
          content: def.content,
          address: def.address ?? '',
          startAt: s,
          endAt: new Date(s.getTime() + def.minutes * 60_000),
          isOpen: def.isOpen ?? false,
          published: def.published,
          timeZone: def.zone,
          placeId: def.placeId ?? null,
          seriesId: series.id,
          originalStart: start,
          isException: moved,
          creatorId,
        },
        participants: people.map((userId) => ({ userId, startAt: s, endAt: new Date(s.getTime() + def.minutes * 60_000) })),
      });
      counts.workEvents += 1;
      counts.eventParticipants += people.length;
    }
  }

  // One-off meetings of the demo staff over the month, some unpublished, some all-day.
  const pool = staff.filter((s) => ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'].includes(s.account!) || rnd.chance(0.4));
  for (let i = 0; i < 60; i++) {
    const creator = pool[i % pool.length]!;
    const zone = creator.timeZone && creator.timeZone !== 'Asia/Shanghai' ? creator.timeZone : rnd.pick(ONE_OFF_ZONES);
    const day = ref.plus({ days: rnd.int(-10, 29) });
    const allDay = i % 15 === 7;
    const hour = rnd.int(8, 17);
    const minutes = rnd.pick([30, 45, 60, 90, 120]);
    const start = allDay
      ? wallToInstant({ year: day.year, month: day.month, day: day.day, hour: 0, minute: 0, second: 0 }, zone)
      : wallToInstant({ year: day.year, month: day.month, day: day.day, hour, minute: rnd.pick([0, 30]), second: 0 }, zone);
    const end = allDay ? DateTime.fromJSDate(start, { zone }).plus({ days: 1 }).toJSDate() : new Date(start.getTime() + minutes * 60_000);
    const [zh, en] = SINGLE_TITLES[i % SINGLE_TITLES.length]!;
    const others = [...new Set([creator.id, ...Array.from({ length: rnd.int(0, 3) }, () => rnd.pick(pool).id)])];
    pending.push({
      event: {
        title: allDay ? `${zh}（全天）` : zh,
        content: `<p>${en}</p>`,
        address: zone === 'Asia/Shanghai' ? '上海办公室' : zone.split('/')[1]!.replace('_', ' '),
        startAt: start,
        endAt: end,
        allDay,
        isOpen: i % 10 === 0,
        published: i % 6 !== 5,
        timeZone: zone,
        projectId: projects.length && i % 3 === 0 ? projects[i % projects.length]!.id : null,
        creatorId: creator.id,
      },
      participants: others.map((userId) => ({ userId, startAt: start, endAt: end })),
    });
    counts.workEvents += 1;
    counts.eventParticipants += others.length;
  }
  // Two multi-row inserts instead of one transaction per event (a fresh start seeds in seconds);
  // the ids are those of one insert per event, in this order.
  const events = await db.workEvent.createManyAndReturn({ data: pending.map((p) => p.event), select: { id: true } });
  await db.eventParticipant.createMany({ data: pending.flatMap((p, n) => p.participants.map((x) => ({ ...x, eventId: events[n]!.id }))) });

  // Whatever weekday today is, every demo account has work in today's week (Monday to Sunday
  // in Shanghai): one who sees none of the above there gets a check-in today at 15:00. (On a
  // Tuesday, as on 2026-09-01, everyone already has some and nothing is added.)
  const monday = ref.plus({ days: weekdayOffset(ctx.referenceDate, 0, 1) });
  const weekStart = wallToInstant({ year: monday.year, month: monday.month, day: monday.day, hour: 0, minute: 0, second: 0 }, 'Asia/Shanghai');
  const weekEnd = new Date(weekStart.getTime() + 7 * 86_400_000);
  const managerId = idOf('manager');
  for (const account of DEMO_STAFF) {
    const userId = idOf(account);
    if (!userId) continue;
    const seen = await db.workEvent.count({
      where: { startAt: { lt: weekEnd }, endAt: { gt: weekStart }, OR: [{ creatorId: userId }, { published: true, participants: { some: { userId } } }] },
    });
    if (seen > 0) continue;
    const start = wallToInstant({ year: ref.year, month: ref.month, day: ref.day, hour: 15, minute: 0, second: 0 }, 'Asia/Shanghai');
    const end = new Date(start.getTime() + 30 * 60_000);
    const people = [...new Set([userId, managerId ?? userId])];
    await db.workEvent.create({
      data: {
        title: '本周工作沟通',
        content: "<p>Weekly check-in: this week's priorities.</p>",
        address: '上海办公室',
        startAt: start,
        endAt: end,
        published: true,
        timeZone: 'Asia/Shanghai',
        creatorId: managerId ?? userId,
        participants: { create: people.map((id) => ({ userId: id, startAt: start, endAt: end })) },
      },
    });
    counts.workEvents += 1;
    counts.eventParticipants += people.length;
  }
  return counts;
};
