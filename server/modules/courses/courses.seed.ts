import { DateTime } from 'luxon';
import type { ModuleSeeder } from '../../module.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';
import { weekdayOffset } from '../../../prisma/seed/dates.ts';
import { createRandom } from '../../../prisma/seed/random.ts';
import { expandRule, insertEvents, insertSeries, normaliseRule, type EventRowInput } from '../schedule/index.ts';
import { checkUpload, storeUpload, type StoreDeps } from '../../lib/upload.ts';
import { COURSE_FILE_POLICY } from './service/homework.ts';
import { ATTENDANCE_STATES, FILE_KINDS, HOMEWORK_STATES, HOUR_RECORD_KINDS, LESSON_EVENT_TYPE } from './service/rules.ts';

/**
 * Demo data of the courses module: its operation rights (`course.manage`, `course.hours`,
 * `classroom.manage`, granted to managers), eight classrooms (one disabled), and a dozen
 * courses of both types and sites around the seed's today. Lessons are work events written
 * through the schedule's row writers (series in the course's zone, so they are on the
 * lecturers' and students' calendars and feeds); the demo `lecturer` teaches this week.
 * Students (the demo student accounts among them) are enrolled with hours bought, spent by
 * the past lessons' sign-ins, and adjusted; attendance (taken, leave, untaken), feedback
 * (released or not) and homework in every state. Lessons are in the evenings and at
 * weekends and end within ten weeks, clear of the work hours the schedule's own demo and
 * tests use. Homework has files (`seedHomeworkFiles`): each course with a task has a PDF made
 * here on its last held lesson's task, and the demo students' submitted homework has a text
 * answer, all stored through the uploads' file store (checked by the same policy).
 */
const COURSE_OPERATION_RIGHTS: OperationRight[] = [
  { key: 'course.manage', title: '管理所有课程', titleEn: 'Manage every course', under: 'course', sort: 900, roles: ['manager'] },
  { key: 'course.hours', title: '购买与调整课时', titleEn: 'Buy and adjust course hours', under: 'course', sort: 901, roles: ['manager'] },
  { key: 'classroom.manage', title: '管理教室', titleEn: 'Manage classrooms', under: 'course', sort: 902, roles: ['manager'] },
];

const CLASSROOMS = [
  { no: 'R101', name: '培训教室 A', address: '上海办公室 3F 301', capacity: 20, state: 1 },
  { no: 'R102', name: '培训教室 B', address: '上海办公室 3F 302', capacity: 16, state: 1 },
  { no: 'R103', name: '小班教室 C', address: '上海办公室 4F 401', capacity: 8, state: 1 },
  { no: 'R104', name: '小班教室 D', address: '上海办公室 4F 402', capacity: 8, state: 1 },
  { no: 'R201', name: '多功能厅', address: '上海办公室 5F', capacity: 60, state: 1 },
  { no: 'R202', name: '一对一教室 1', address: '上海办公室 4F 405', capacity: 2, state: 1 },
  { no: 'R203', name: '一对一教室 2', address: '上海办公室 4F 406', capacity: 2, state: 1 },
  { no: 'R301', name: '旧教室（装修停用）', address: '上海办公室 2F', capacity: 12, state: 2 },
] as const;

type CourseDef = {
  name: string;
  type: 1 | 2;
  site: 1 | 2;
  room?: number;
  place?: string;
  lecturers: string[];
  /** First lesson: a weekday of a week relative to today's (weeks start on Monday). */
  start?: { week: number; weekday: number; time: string };
  minutes: number;
  /** RRULE (COUNT given); none: the course has no lessons yet. */
  rrule?: string;
  zone?: string;
  hours: number;
  students: number;
  demoStudents?: boolean;
  task?: string;
  before?: string;
  after?: string;
};

const COURSES: CourseDef[] = [
  {
    name: 'SSAT 冲刺班（周末）',
    type: 2,
    site: 2,
    room: 2,
    lecturers: ['lecturer'],
    start: { week: -4, weekday: 6, time: '09:00' },
    minutes: 120,
    rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=12',
    hours: 2,
    students: 6,
    demoStudents: true,
    task: '<p>完成本周 SSAT 阅读练习两篇，并整理生词。</p>',
    before: '<p>预习词汇表第 1–3 单元。</p>',
    after: '<p>每周两篇阅读练习。</p>',
  },
  {
    name: 'TOEFL Junior 晚班',
    type: 2,
    site: 2,
    room: 3,
    lecturers: ['lecturer', 'hu.wei'],
    start: { week: 0, weekday: 2, time: '19:00' },
    minutes: 90,
    rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;COUNT=16',
    hours: 1.5,
    students: 5,
    demoStudents: true,
  },
  {
    name: '美高申请文书工作坊',
    type: 1,
    site: 1,
    place: 'https://meeting.example.com/essay-workshop',
    lecturers: ['gao.min'],
    start: { week: -2, weekday: 3, time: '19:00' },
    minutes: 120,
    rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=8',
    hours: 2,
    students: 6,
    demoStudents: true,
    task: '<p>写一篇 500 词的个人陈述初稿。</p>',
  },
  { name: '面试技巧训练营', type: 1, site: 2, room: 5, lecturers: ['song.jia'], start: { week: 1, weekday: 7, time: '14:00' }, minutes: 120, rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=6', hours: 2, students: 8 },
  {
    name: 'SAT 数学（线上）',
    type: 2,
    site: 1,
    place: 'https://meeting.example.com/sat-math',
    lecturers: ['liang.zihan'],
    start: { week: -1, weekday: 1, time: '20:00' },
    minutes: 90,
    rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=10',
    hours: 1.5,
    students: 4,
  },
  {
    name: 'UK boarding schools: application talks',
    type: 1,
    site: 1,
    place: 'https://meeting.example.com/uk-talks',
    lecturers: ['david.miller'],
    start: { week: 0, weekday: 5, time: '10:00' },
    minutes: 60,
    rrule: 'FREQ=WEEKLY;BYDAY=FR;COUNT=6',
    zone: 'Europe/London',
    hours: 1,
    students: 5,
  },
  {
    name: 'SSAT 一对一',
    type: 2,
    site: 2,
    room: 6,
    lecturers: ['lecturer'],
    start: { week: -3, weekday: 1, time: '19:00' },
    minutes: 120,
    rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=8',
    hours: 2,
    students: 1,
    demoStudents: true,
  },
  {
    name: '托福写作（已结课）',
    type: 2,
    site: 2,
    room: 4,
    lecturers: ['luo.dan'],
    start: { week: -10, weekday: 3, time: '18:30' },
    minutes: 90,
    rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=8',
    hours: 1.5,
    students: 6,
    task: '<p>独立写作一篇（30 分钟）。</p>',
  },
  { name: '暑期夏校准备课', type: 1, site: 2, room: 5, lecturers: ['hu.wei'], start: { week: 2, weekday: 6, time: '14:00' }, minutes: 120, rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=6', hours: 2, students: 6 },
  {
    name: '学术写作基础（线上）',
    type: 2,
    site: 1,
    place: 'https://meeting.example.com/academic-writing',
    lecturers: ['gao.min'],
    start: { week: -1, weekday: 4, time: '16:30' },
    minutes: 90,
    rrule: 'FREQ=WEEKLY;BYDAY=TH;COUNT=6',
    hours: 1.5,
    students: 4,
  },
  { name: '小升初英语', type: 2, site: 2, room: 4, lecturers: ['song.jia'], start: { week: -2, weekday: 6, time: '10:00' }, minutes: 90, rrule: 'FREQ=WEEKLY;BYDAY=SA;COUNT=10', hours: 1.5, students: 6 },
  { name: 'GRE 预备班（筹备中）', type: 2, site: 2, room: 1, lecturers: ['luo.dan'], minutes: 90, hours: 1.5, students: 0 },
];

const LEAVE_REASONS = ['身体不适', '学校考试', '家庭出行', 'Family trip'];
const FEEDBACK = ['<p>课堂参与积极，词汇掌握扎实。</p>', '<p>阅读速度有提升，注意细节题。</p>', '<p>Good progress; keep practising timed essays.</p>', '<p>需要加强听力练习。</p>'];

export const coursesSeed: ModuleSeeder = async (db, ctx) => {
  const rnd = createRandom(1717);
  const rights = await seedOperationRights(db, COURSE_OPERATION_RIGHTS);
  const counts = {
    courseOperationRights: rights.rights,
    courseRoleRights: rights.roleRights,
    classrooms: 0,
    courses: 0,
    courseLessons: 0,
    enrollments: 0,
    attendances: 0,
    homework: 0,
    courseHourRecords: 0,
    courseFiles: 0,
  };

  const people = await db.user.findMany({ where: { account: { not: null } }, select: { id: true, account: true, name: true } });
  const idOf = (account: string) => people.find((p) => p.account === account)?.id;
  const manager = people.find((p) => p.account === 'manager')!;
  const demo = ['student.demo', 'student.demo2'].map(idOf).filter((x): x is number => x !== undefined);
  const others = (await db.user.findMany({ where: { type: 3, state: 1, id: { notIn: demo } }, select: { id: true }, orderBy: { id: 'asc' } })).map((s) => s.id);

  const projectId = async (code: string) => (await db.project.findUnique({ where: { code }, select: { id: true } }))?.id ?? null;
  const ssat = await projectId('P2026-SSATW');
  const toefl = await projectId('P2026-TJ');

  await db.classroom.createMany({ data: [...CLASSROOMS] });
  counts.classrooms = CLASSROOMS.length;
  const rooms = await db.classroom.findMany({ orderBy: { id: 'asc' } });

  const ref = DateTime.fromJSDate(ctx.referenceDate, { zone: 'UTC' });
  // "Now" of the demo: today at 12:00 in Shanghai; lessons before it are held.
  const now = DateTime.fromObject({ year: ref.year, month: ref.month, day: ref.day, hour: 12 }, { zone: 'Asia/Shanghai' }).toJSDate();
  let cursor = 0;

  for (const [index, def] of COURSES.entries()) {
    const lecturerIds = def.lecturers.map(idOf).filter((x): x is number => x !== undefined);
    const room = def.room ? rooms[def.room - 1] : undefined;
    const zone = def.zone ?? 'Asia/Shanghai';
    const created = ref.plus({ days: (def.start ? weekdayOffset(ctx.referenceDate, def.start.week, def.start.weekday) : 0) - 21 });
    const course = await db.course.create({
      data: {
        no: `C${String(index + 1).padStart(5, '0')}`,
        name: def.name,
        type: def.type,
        site: def.site,
        place: def.place ?? room?.address ?? '',
        classroomId: room?.id ?? null,
        studentCount: Math.max(def.students + 2, 4),
        parentCount: def.type === 1 ? def.students : 0,
        teacherCount: def.lecturers.length,
        consultantCount: def.type === 1 ? 1 : 0,
        durationMin: def.minutes,
        totalNumber: def.rrule ? Number(/COUNT=(\d+)/.exec(def.rrule)![1]) : 10,
        everyWeekNumber: def.rrule ? def.rrule.split('BYDAY=')[1]!.split(';')[0]!.split(',').length : 1,
        lessonHours: def.hours,
        beforeWork: def.before ?? '',
        afterWork: def.after ?? '',
        projectId: def.name.startsWith('SSAT') ? ssat : def.name.startsWith('TOEFL') ? toefl : null,
        createdById: manager.id,
        createdAt: created.toJSDate(),
        lecturers: { create: lecturerIds.map((userId) => ({ userId })) },
      },
    });
    counts.courses += 1;

    // Students: the demo accounts where the course says so, then the next ones in order.
    const students: number[] = def.demoStudents ? demo.slice(0, def.name === 'SSAT 一对一' ? 1 : 2) : [];
    while (students.length < def.students && others.length) students.push(others[cursor++ % others.length]!);
    const enrolledAt = created.plus({ days: 7 }).set({ hour: 2 }).toJSDate();
    // Rows are written with multi-row inserts, in the order (and so with the ids) that one
    // insert per row gave: a fresh start seeds in seconds.
    const enrollments = await db.enrollment.createManyAndReturn({ data: students.map((studentId) => ({ courseId: course.id, studentId, createdAt: enrolledAt })), select: { id: true } });
    counts.enrollments += enrollments.length;
    if (!def.rrule || !def.start) continue;

    // The lessons: a series of the schedule, in the course's zone.
    const day = ref.plus({ days: weekdayOffset(ctx.referenceDate, def.start.week, def.start.weekday) });
    const [h, m] = def.start.time.split(':').map(Number) as [number, number];
    const dtstart = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: h, minute: m }, { zone }).toJSDate();
    const rrule = normaliseRule(def.rrule, zone);
    const starts = expandRule({ rrule, timeZone: zone, dtstart });
    const participants = [...new Set([...lecturerIds, ...students])];
    const lessonIds = await db.$transaction(async (tx) => {
      const seriesId = await insertSeries(tx, { rrule, timeZone: zone, dtstart: starts[0]!, durationMin: def.minutes, exdates: [], creatorId: manager.id });
      const rows: EventRowInput[] = starts.map((s) => ({
        title: def.name,
        content: def.before ?? '',
        address: def.place ?? room?.address ?? '',
        startAt: s,
        endAt: new Date(s.getTime() + def.minutes * 60_000),
        allDay: false,
        isOpen: false,
        type: LESSON_EVENT_TYPE,
        published: true,
        timeZone: zone,
        projectId: null,
        placeId: room?.id ?? null,
        seriesId,
        originalStart: s,
        isException: false,
        creatorId: manager.id,
      }));
      return insertEvents(tx, rows, participants);
    });
    const lessons = lessonIds.map((eventId, i) => ({ eventId, start: starts[i]! }));
    await db.courseLesson.createMany({
      data: lessons.map((l) => ({
        eventId: l.eventId,
        courseId: course.id,
        taskContent: def.task && l.start < now ? def.task : '',
        taskDueAt: def.task && l.start < now ? new Date(l.start.getTime() + 6 * 86_400_000) : null,
        createdAt: enrolledAt,
      })),
    });
    counts.courseLessons += lessons.length;

    // Hours bought: enough for the course (one student of the one-to-one course bought few).
    const bought = new Map<number, number>();
    const boughtRows: Prisma.CourseHourRecordCreateManyInput[] = [];
    for (const e of enrollments) {
      const total = def.name === 'SSAT 一对一' ? def.hours * 4 : def.hours * lessons.length;
      bought.set(e.id, total);
      boughtRows.push({ enrollmentId: e.id, kind: HOUR_RECORD_KINDS.BOUGHT, change: total, before: 0, after: total, reason: '课程报名', createdById: manager.id, createdByName: manager.name, createdAt: enrolledAt });
    }
    await db.courseHourRecord.createMany({ data: boughtRows });
    counts.courseHourRecords += boughtRows.length;
    const places: { data: Prisma.AttendanceCreateManyInput; spent: Omit<Prisma.CourseHourRecordCreateManyInput, 'id'> | null; homework: Omit<Prisma.HomeworkCreateManyInput, 'attendanceId'> | null }[] = [];

    // Attendance: every student has a place in every lesson; past lessons were held.
    const remaining = new Map(bought);
    for (const [i, l] of lessons.entries()) {
      const past = l.start < now;
      for (const [k, e] of enrollments.entries()) {
        const roll = rnd.next();
        let state: number = ATTENDANCE_STATES.UNTAKEN;
        if (past) state = roll < 0.8 && (remaining.get(e.id) ?? 0) >= def.hours ? ATTENDANCE_STATES.TAKEN : roll < 0.92 ? ATTENDANCE_STATES.LEAVE : ATTENDANCE_STATES.UNTAKEN;
        // The next lesson of a demo student: leave already asked.
        if (!past && i === lessons.findIndex((x) => x.start >= now) && k === 1) state = ATTENDANCE_STATES.LEAVE;
        const signedAt = state === ATTENDANCE_STATES.TAKEN ? new Date(l.start.getTime() + 5 * 60_000) : null;
        const feedback = state === ATTENDANCE_STATES.TAKEN && rnd.chance(0.6) ? rnd.pick(FEEDBACK) : '';
        const data: Prisma.AttendanceCreateManyInput = {
          lessonId: l.eventId,
          enrollmentId: e.id,
          state,
          signedAt,
          signedById: signedAt ? lecturerIds[0] : null,
          hoursSpent: signedAt ? def.hours : 0,
          leaveReason: state === ATTENDANCE_STATES.LEAVE ? rnd.pick(LEAVE_REASONS) : '',
          leaveAt: state === ATTENDANCE_STATES.LEAVE ? new Date(l.start.getTime() - 86_400_000) : null,
          feedback,
          feedbackAt: feedback ? new Date(l.start.getTime() + (def.minutes + 30) * 60_000) : null,
          feedbackById: feedback ? lecturerIds[0] : null,
          feedbackReleasedAt: feedback && rnd.chance(0.6) ? new Date(l.start.getTime() + 86_400_000) : null,
          browsedAt: past && rnd.chance(0.5) ? new Date(l.start.getTime() - 3_600_000) : null,
          browseCount: 0,
          createdAt: enrolledAt,
        };
        if (data.browsedAt) data.browseCount = 1 + rnd.int(0, 3);
        const place: (typeof places)[number] = { data, spent: null, homework: null };
        places.push(place);
        counts.attendances += 1;
        if (signedAt) {
          const after = Math.round(((remaining.get(e.id) ?? 0) - def.hours) * 10) / 10;
          remaining.set(e.id, after);
          place.spent = {
            enrollmentId: e.id,
            kind: HOUR_RECORD_KINDS.SPENT,
            change: -def.hours,
            before: after + def.hours,
            after,
            reason: def.name,
            lessonId: l.eventId,
            createdById: lecturerIds[0] ?? null,
            createdByName: '',
            createdAt: signedAt,
          };
          counts.courseHourRecords += 1;
        }
        // Homework of lessons with a task: every state, oldest lessons furthest along.
        if (def.task && past) {
          const fromEnd = lessons.filter((x) => x.start < now).length - 1 - i;
          const state = [HOMEWORK_STATES.TO_SUBMIT, HOMEWORK_STATES.SUBMITTED, HOMEWORK_STATES.REVISION, HOMEWORK_STATES.ACCEPTED][Math.min(3, Math.max(0, fromEnd - (k % 2)))]!;
          const submitted = state !== HOMEWORK_STATES.TO_SUBMIT ? new Date(l.start.getTime() + 2 * 86_400_000) : null;
          place.homework = {
            state,
            dueAt: new Date(l.start.getTime() + 6 * 86_400_000),
            submittedAt: submitted,
            comment: state === HOMEWORK_STATES.REVISION ? '请补充例子并修改结尾。' : state === HOMEWORK_STATES.ACCEPTED ? '完成得很好。' : '',
            reviewedAt: state === HOMEWORK_STATES.REVISION || state === HOMEWORK_STATES.ACCEPTED ? new Date(l.start.getTime() + 3 * 86_400_000) : null,
            reviewedById: state === HOMEWORK_STATES.REVISION || state === HOMEWORK_STATES.ACCEPTED ? lecturerIds[0] : null,
            createdAt: l.start,
          };
          counts.homework += 1;
        }
      }
    }
    const placeIds = await db.attendance.createManyAndReturn({ data: places.map((p) => p.data), select: { id: true } });
    await db.courseHourRecord.createMany({ data: places.flatMap((p) => (p.spent ? [p.spent] : [])) });
    await db.homework.createMany({ data: places.flatMap((p, n) => (p.homework ? [{ ...p.homework, attendanceId: placeIds[n]!.id }] : [])) });
    // One adjustment with a reason on the first enrolment of each held course (two hours given back).
    const first = enrollments[0];
    if (first && lessons.some((l) => l.start < now)) {
      const before = remaining.get(first.id)!;
      remaining.set(first.id, before + 2);
      bought.set(first.id, bought.get(first.id)! + 2);
      await db.courseHourRecord.create({
        data: { enrollmentId: first.id, kind: HOUR_RECORD_KINDS.ADJUSTED, change: 2, before, after: before + 2, reason: '补偿停课一次', createdById: manager.id, createdByName: manager.name, createdAt: now },
      });
      counts.courseHourRecords += 1;
    }
    for (const e of enrollments) await db.enrollment.update({ where: { id: e.id }, data: { totalHours: bought.get(e.id)!, remainingHours: remaining.get(e.id)! } });
  }
  counts.courseFiles = await seedHomeworkFiles({ db, config: ctx.files }, demo, now);
  return counts;
};

/** A small PDF of a lesson's task (pdfkit's built-in font: the text is English). */
async function taskPdf(course: string, lines: string[]): Promise<Buffer> {
  // pdfkit is loaded when a PDF is made, not at start (docs/performance.md, "Cold start").
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${course} homework`, Creator: 'Back office demo' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(18).text('Homework', { underline: true }).moveDown();
  doc.fontSize(12);
  for (const line of lines) doc.text(line).moveDown(0.5);
  doc.end();
  return done;
}

/** Checks and stores demo bytes as an upload would be (same policy, same store). */
async function store(deps: StoreDeps, bytes: Buffer | string, fileName: string, type: string) {
  return storeUpload(deps, await checkUpload(new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], fileName, { type }), COURSE_FILE_POLICY), COURSE_FILE_POLICY);
}

const TASK_LINES: Record<string, string[]> = {
  SSAT: ['Reading: two passages from the practice book, timed (25 minutes each).', 'Vocabulary: list every new word with its meaning and one sentence.', 'Bring your questions to the next lesson.'],
  TOEFL: ['Independent writing: one essay in 30 minutes.', 'Topic: Is it better to study alone or in a group? Give reasons and examples.', 'Count your words (aim for 300 or more).'],
  default: ['Draft a 500-word personal statement.', 'Say what you want to study and why; one story, told well.', 'Read it aloud once before you hand it in.'],
};

/**
 * Files of the demo homework: the last held lesson of each course with a task gets a task PDF
 * (its fixed task, uploaded by the first lecturer); every submitted, reviewed or accepted
 * homework of the demo students gets their answer as a text file. Answers the files written.
 */
async function seedHomeworkFiles(deps: StoreDeps & { db: Parameters<ModuleSeeder>[0] }, demoStudents: number[], now: Date): Promise<number> {
  const { db } = deps;
  let written = 0;
  const lessons = await db.courseLesson.findMany({
    where: { taskContent: { not: '' }, event: { startAt: { lt: now } } },
    orderBy: [{ courseId: 'asc' }, { event: { startAt: 'desc' } }],
    select: { eventId: true, courseId: true, event: { select: { startAt: true } }, course: { select: { name: true, lecturers: { select: { userId: true }, take: 1, orderBy: { userId: 'asc' } } } } },
  });
  const seen = new Set<number>();
  for (const l of lessons) {
    if (seen.has(l.courseId)) continue;
    seen.add(l.courseId);
    const kind = l.course.name.startsWith('SSAT') ? 'SSAT' : l.course.name.startsWith('TOEFL') ? 'TOEFL' : 'default';
    const stored = await store(deps, await taskPdf(l.course.name, TASK_LINES[kind]!), `homework-${l.eventId}.pdf`, 'application/pdf');
    await db.courseFile.create({
      data: {
        courseId: l.courseId,
        kind: FILE_KINDS.FIXED_TASK,
        lessonId: l.eventId,
        fileName: stored.fileName,
        storageKey: stored.key,
        mimeType: stored.mime,
        size: stored.size,
        uploadedById: l.course.lecturers[0]?.userId ?? null,
        createdAt: l.event.startAt,
      },
    });
    written += 1;
  }
  const answered = await db.homework.findMany({
    where: { state: { in: [HOMEWORK_STATES.SUBMITTED, HOMEWORK_STATES.REVISION, HOMEWORK_STATES.ACCEPTED] }, attendance: { enrollment: { studentId: { in: demoStudents } } } },
    orderBy: { id: 'asc' },
    select: {
      id: true,
      submittedAt: true,
      attendance: { select: { lessonId: true, lesson: { select: { courseId: true, course: { select: { name: true } } } }, enrollment: { select: { studentId: true, student: { select: { name: true } } } } } },
    },
  });
  for (const h of answered) {
    const a = h.attendance;
    const text = `${a.lesson.course.name}\n${a.enrollment.student.name}\n\n我的作业答案 / My answer\n\n1. The passage argues that practice matters more than talent.\n2. New words: diligent, meticulous, persevere.\n`;
    const stored = await store(deps, text, `answer-${h.id}.txt`, 'text/plain');
    await db.courseFile.create({
      data: {
        courseId: a.lesson.courseId,
        kind: FILE_KINDS.ANSWER,
        lessonId: a.lessonId,
        homeworkId: h.id,
        fileName: stored.fileName,
        storageKey: stored.key,
        mimeType: stored.mime,
        size: stored.size,
        uploadedById: a.enrollment.studentId,
        createdAt: h.submittedAt ?? now,
      },
    });
    written += 1;
  }
  return written;
}
