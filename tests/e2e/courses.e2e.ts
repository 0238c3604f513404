/**
 * The course screens in a real browser (issue 21): a manager creates a course, schedules its
 * lessons over a lecturer's clash and saves anyway, moves a lesson to another room, enrols a
 * student with hours, signs the student in (the hours drop) and asks for leave on the next lesson,
 * sets homework; the student uploads an answer on 我的课程 and the lecturer accepts it; the
 * course's PDF is exported; a sign-in is undone (the hour back), a lesson dragged to another room
 * and to another time, the summary tab checked against the course's numbers and exported (the
 * xlsx read back), a student removed with part of the unused hours refunded. Then pictures of every course screen in both languages at
 * 1440/1024/390 with axe (tests/e2e/screenshots/courses-*.png), and a failed list load.
 */
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_EVENT, gql, me, passwordOf } from './api.ts';
import { expectNoSeriousAxe, hashPath, launch, login, open, setLanguage, shootEverywhere, sidewaysOverflow, toast } from './browser.ts';

let browser: Browser;
const run = Math.random().toString(36).slice(2, 7);
const courseName = `托福冲刺 ${run}`;
const state: { courseId: string; lessonIds: string[]; studentName: string } = { courseId: '', lessonIds: [], studentName: '' };

beforeAll(async () => {
  browser = await launch();
  state.studentName = (await gql<{ viewer: { user: { name: string } } }>('student.demo', '{ viewer { user { name } } }')).viewer.user.name;
});
afterAll(async () => {
  await browser?.close();
});
/** The page a failed test left, as a picture (tests/e2e/screenshots/courses-failed-*.png): it says why. */
let current: Page | null = null;
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail' && current && !current.isClosed())
    await current.screenshot({ path: `tests/e2e/screenshots/courses-failed-${ctx.task.name.slice(0, 20).replace(/\W+/g, '-')}.png` }).catch(() => undefined);
  current = null;
});

async function newPage(width = 1440) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'zh-CN', acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => console.error('pageerror:', e.message));
  current = page;
  // A refused request is printed with what was sent (it explains a failed wait).
  page.on('response', (r) => {
    if (r.url().includes('/graphql') && r.status() >= 400) void r.text().then((body) => console.error(`HTTP ${r.status()}`, r.request().postData()?.slice(0, 600), body.slice(0, 600)));
  });
  return { context, page };
}

/** Presses the dialog's primary button; when the server answers a clash list, presses it again ("save anyway"). */
async function saveThroughClash(page: Page, dialog: string, save: string): Promise<boolean> {
  await page.getByTestId(save).click();
  const clash = page.getByTestId(dialog).getByTestId('conflict-list');
  const outcome = await Promise.race([
    clash.waitFor().then(() => 'clash' as const),
    page
      .getByTestId(dialog)
      .waitFor({ state: 'detached' })
      .then(() => 'saved' as const),
  ]);
  if (outcome === 'clash') {
    await page.getByTestId(save).click();
    await page.getByTestId(dialog).waitFor({ state: 'detached' });
    return true;
  }
  return false;
}

/** Confirms an early sign-in (more than 30 minutes before the lesson): the dialog names the start; a reason is required. */
async function confirmEarly(page: Page) {
  const dialog = page.getByTestId('early-sign-in-dialog');
  await dialog.waitFor();
  await expect.poll(() => dialog.getByTestId('early-sign-in-message').textContent()).toMatch(/^课程\d{4}-\d{2}-\d{2} \d{2}:\d{2}开始/);
  await dialog.getByTestId('early-sign-in-reason').fill('提前到校');
  await dialog.getByTestId('early-sign-in-save').click();
  await dialog.waitFor({ state: 'detached' });
}

describe('courses: a lecturer’s day', () => {
  it('creates a course, schedules over a clash, moves a lesson, enrols with hours, signs in, asks for leave and sets homework', async () => {
    const manager = await me('manager');
    const lecturer = await me('lecturer');
    const zone = manager.zone;
    const day = DateTime.now().setZone(zone).plus({ days: 1 }).startOf('day');
    // The lecturer is busy in the middle of the first lesson: the scheduling clashes.
    await gql('lecturer', CREATE_EVENT, {
      input: { title: `已有安排 ${run}`, startAt: day.set({ hour: 19, minute: 30 }).toUTC().toISO(), endAt: day.set({ hour: 20 }).toUTC().toISO(), timeZone: lecturer.zone, force: true, published: true },
    });

    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), '/login?redirect=/course/list');
    await page.getByTestId('course-list').waitFor();
    await page.getByTestId('course-add').click();
    const form = page.getByTestId('course-form-dialog');
    await form.waitFor();
    await form.getByTestId('course-form-save').click();
    await expect.poll(() => form.textContent()).toContain('请填写课程名称');
    await form.getByTestId('course-form-name').fill(courseName);
    await form.getByTestId('course-form-lessonHours').fill('1');
    await form.getByTestId('course-form-classroomId').selectOption({ index: 1 });
    await form.getByTestId('course-form-lecturer').fill('李明哲');
    await page.getByTestId('course-form-lecturer-option').filter({ hasText: '李明哲' }).first().click();
    await expect.poll(() => form.getByTestId('course-form-lecturers').textContent()).toContain('李明哲');
    await form.getByTestId('course-form-save').click();
    await page.getByTestId('course-detail').waitFor();
    await expect.poll(() => page.getByTestId('course-title').textContent()).toBe(courseName);
    state.courseId = hashPath(page).replace('/mission/course-detail/', '');

    // Schedule three weekly lessons, 19:00–20:30, from `day`: the lecturer's event clashes.
    await page.getByTestId('course-schedule').click();
    const sched = page.getByTestId('schedule-lessons-dialog');
    await sched.waitFor();
    await sched.locator('input[name=count]').waitFor();
    // The first day offered is tomorrow in the viewer's zone.
    await expect.poll(() => sched.getByTestId('schedule-day').locator('input').inputValue()).toBe(day.toISODate());
    await sched.getByTestId('schedule-start').selectOption('19:00');
    await sched.getByTestId('schedule-end').selectOption('20:30');
    await sched.locator('input[name=count]').fill('3');
    await sched.getByTestId('schedule-lessons-save').click();
    await sched.getByTestId('conflict-list').waitFor();
    await expect.poll(() => sched.getByTestId('conflict-list').textContent()).toContain(`已有安排 ${run}`);
    await expectNoSeriousAxe(page, 'schedule with conflicts');
    await sched.getByTestId('schedule-lessons-save').click();
    await sched.waitFor({ state: 'detached' });
    await toast(page, '已排 3 节课').waitFor();
    await expect.poll(() => page.getByTestId('lesson-plan').locator('tbody tr').count()).toBe(3);

    // Move the first lesson to another classroom (this lesson only).
    const first = page.getByTestId('lesson-plan').locator('tbody tr').first();
    const roomBefore = (await first.getByTestId('lesson-room').textContent()) ?? '';
    await first.getByTestId('lesson-move').click();
    const move = page.getByTestId('lesson-move-dialog');
    await move.waitFor();
    const options = await move.getByTestId('move-classroom').locator('option').allTextContents();
    const other = options.find((o) => !roomBefore.includes(o.split(' ').slice(1).join(' ')) && o.trim());
    await move.getByTestId('move-classroom').selectOption({ label: other! });
    await saveThroughClash(page, 'lesson-move-dialog', 'lesson-move-save');
    await expect.poll(() => page.getByTestId('lesson-plan').locator('tbody tr').first().getByTestId('lesson-room').textContent()).not.toBe(roomBefore);

    // Enrol the demo student with 10 hours.
    await page.getByTestId('tab-students').click();
    await page.getByTestId('course-enroll').click();
    const enroll = page.getByTestId('enroll-dialog');
    await enroll.waitFor();
    await enroll.getByTestId('enroll-student').fill('student.demo');
    await page.getByTestId('enroll-student-option').filter({ hasText: state.studentName }).first().click();
    await enroll.getByTestId('enroll-hours').fill('10');
    await enroll.getByTestId('enroll-reason').fill(`首次购买 ${run}`);
    await saveThroughClash(page, 'enroll-dialog', 'enroll-save');
    await expect.poll(() => page.getByTestId('enrollment-table').locator('[data-testid=enrollment-remaining]').first().textContent()).toBe('10.0');

    // Sign the student in on the first lesson: the hours drop to 9.
    await page.getByTestId('tab-lessons').click();
    await page.getByTestId('lesson-plan').locator('tbody tr').first().getByTestId('lesson-open').click();
    await page.getByTestId('lesson-detail').waitFor();
    state.lessonIds.push(hashPath(page).replace('/mission/schedule-detail/', ''));
    const row = page.getByTestId('attendance-table').locator('tbody tr').filter({ hasText: state.studentName });
    await expect.poll(() => row.getByTestId('attendance-remaining').textContent()).toBe('10.0');
    // The lesson starts tomorrow: the sign-in asks to confirm, naming the start, with a reason (issue 32).
    await row.getByTestId('sign-in-one').click();
    await confirmEarly(page);
    await expect.poll(() => row.getByTestId('attendance-state').textContent()).toBe('已上课');
    await expect.poll(() => row.getByTestId('attendance-remaining').textContent()).toBe('9.0');

    // Signed in by mistake: undone, the place is untaken again and the hour is back (9.0 → 10.0); then signed in again.
    await row.getByTestId('undo-sign-in').click();
    const undo = page.getByTestId('undo-sign-in-dialog');
    await undo.waitFor();
    await expect.poll(() => undo.textContent()).toContain('1.0课时');
    await expect.poll(() => undo.textContent()).toContain('未上课');
    await expectNoSeriousAxe(page, 'undo sign-in dialog');
    await undo.getByTestId('undo-sign-in-dialog-confirm').click();
    await undo.waitFor({ state: 'detached' });
    await toast(page, '已撤销签到').waitFor();
    await expect.poll(() => row.getByTestId('attendance-state').textContent()).toBe('未上课');
    await expect.poll(() => row.getByTestId('attendance-remaining').textContent()).toBe('10.0');
    await row.getByTestId('sign-in-one').click();
    await confirmEarly(page);
    await expect.poll(() => row.getByTestId('attendance-remaining').textContent()).toBe('9.0');

    // Homework on this lesson.
    await page.getByTestId('set-task').click();
    const task = page.getByTestId('task-dialog');
    await task.waitFor();
    await task.getByTestId('task-content').fill(`完成阅读练习 ${run}`);
    await task
      .getByTestId('task-due-day')
      .locator('input')
      .fill(day.plus({ days: 3 }).toISODate()!);
    await task.getByTestId('task-due-day').locator('input').press('Tab');
    await task.getByTestId('task-save').click();
    await task.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('task-text').textContent()).toContain(run);
    await expect.poll(() => row.getByTestId('attendance-homework').textContent()).toBe('待提交');

    // Leave on the second lesson.
    await page.getByTestId('lesson-open-course').click();
    await page.getByTestId('course-detail').waitFor();
    await page.getByTestId('lesson-plan').locator('tbody tr').nth(1).getByTestId('lesson-open').click();
    await expect.poll(() => hashPath(page)).not.toContain(state.lessonIds[0]!);
    state.lessonIds.push(hashPath(page).replace('/mission/schedule-detail/', ''));
    const row2 = page.getByTestId('attendance-table').locator('tbody tr').filter({ hasText: state.studentName });
    await row2.getByTestId('ask-leave').click();
    const leave = page.getByTestId('leave-dialog');
    await leave.getByTestId('leave-save').click();
    await expect.poll(() => leave.textContent()).toContain('请填写请假原因');
    await leave.getByTestId('leave-reason').fill('学校考试');
    await leave.getByTestId('leave-save').click();
    await leave.waitFor({ state: 'detached' });
    await expect.poll(() => row2.getByTestId('attendance-state').textContent()).toBe('请假');

    // The hour records show the purchase and the sign-in with before / after.
    await open(page, `/course-hour-record?course=${encodeURIComponent(state.courseId)}`);
    await page.getByTestId('record-table').waitFor();
    await expect.poll(() => page.getByTestId('record-table').textContent()).toContain('签到消耗');
    await expect.poll(() => page.getByTestId('record-table').textContent()).toContain('撤销签到');
    await expect.poll(() => page.getByTestId('record-table').textContent()).toContain(`首次购买 ${run}`);
    await context.close();
  });

  it('lets the student upload an answer on 我的课程 and the lecturer accept it', async () => {
    expect(state.lessonIds.length).toBeGreaterThan(0);
    const { context, page } = await newPage();
    await login(page, 'student.demo', passwordOf('student.demo'), '/login?redirect=/my-course');
    await page.getByTestId('my-course').waitFor();
    const card = page.locator('[data-testid^=my-lesson-]').filter({ hasText: courseName }).filter({ hasText: run });
    await card.first().waitFor();
    await expect.poll(() => card.first().getByTestId('my-homework-state').textContent()).toBe('待提交');
    await card
      .first()
      .getByTestId('my-answer-upload-input')
      .setInputFiles({ name: 'answer.txt', mimeType: 'text/plain', buffer: Buffer.from(`My answer ${run}\n`) });
    await expect.poll(() => card.first().getByTestId('my-homework-state').textContent()).toBe('已提交');
    await context.close();

    const lecturer = await newPage();
    await login(lecturer.page, 'lecturer', passwordOf('lecturer'), `/login?redirect=/mission/schedule-detail/${state.lessonIds[0]}`);
    await lecturer.page.getByTestId('lesson-detail').waitFor();
    const row = lecturer.page.getByTestId('attendance-table').locator('tbody tr').filter({ hasText: state.studentName });
    await expect.poll(() => row.getByTestId('attendance-homework').textContent()).toBe('已提交');
    await row.getByTestId('open-homework').click();
    const review = lecturer.page.getByTestId('review-dialog');
    await review.waitFor();
    await expect.poll(() => review.textContent()).toContain('answer.txt');
    await review.getByTestId('review-save').click();
    await review.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('attendance-homework').textContent()).toBe('已通过');
    await lecturer.context.close();
  });

  it('drags a lesson to another room on 教室占用 and saves it through the move dialog', async () => {
    const zone = (await me('manager')).zone;
    const third = DateTime.now().setZone(zone).plus({ days: 15 }).toISODate()!;
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), `/login?redirect=${encodeURIComponent(`/mission/class-room?date=${third}&view=day`)}`);
    const event = page.locator('.rbc-event').filter({ hasText: courseName }).first();
    await event.waitFor();
    await event.scrollIntoViewIfNeeded();
    const target = page.locator('.rbc-time-header .rbc-header').filter({ hasText: '培训教室 B' }).first();
    const a = (await event.boundingBox())!;
    const b = (await target.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + 10);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + a.width / 2 + ((b.x + b.width / 2 - a.x - a.width / 2) * i) / 10, a.y + 10);
    await page.mouse.up();
    const move = page.getByTestId('lesson-move-dialog');
    await move.waitFor();
    await expect.poll(async () => (await move.getByTestId('move-classroom').locator('option:checked').textContent()) ?? '').toContain('培训教室 B');
    await expectNoSeriousAxe(page, 'move dialog after a drop');
    await saveThroughClash(page, 'lesson-move-dialog', 'lesson-move-save');
    const d = await gql<{ node: { lessons: { edges: Array<{ node: { startAt: string; classroomName: string | null } }> } } }>(
      'manager',
      'query($id: ID!) { node(id: $id) { ... on Course { lessons(first: 10) { edges { node { startAt classroomName } } } } } }',
      { id: state.courseId },
    );
    const moved = d.node.lessons.edges.map((e) => e.node).find((l) => DateTime.fromISO(l.startAt).setZone(zone).toISODate() === third);
    expect(moved?.classroomName).toBe('培训教室 B');
    await context.close();
  });

  it('drags a lesson to another time on 教室占用 and saves it through the same dialog', async () => {
    // The third lesson (no records: it may change its time), one hour later, same room.
    const zone = (await me('manager')).zone;
    const third = DateTime.now().setZone(zone).plus({ days: 15 }).toISODate()!;
    const lessonsOf = async () =>
      (
        await gql<{ node: { lessons: { edges: Array<{ node: { startAt: string; endAt: string; classroomName: string | null } }> } } }>(
          'manager',
          'query($id: ID!) { node(id: $id) { ... on Course { lessons(first: 10) { edges { node { startAt endAt classroomName } } } } } }',
          { id: state.courseId },
        )
      ).node.lessons.edges.map((e) => e.node);
    const before = (await lessonsOf()).find((l) => DateTime.fromISO(l.startAt).setZone(zone).toISODate() === third)!;
    const start = DateTime.fromISO(before.startAt).setZone(zone);
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), `/login?redirect=${encodeURIComponent(`/mission/class-room?date=${third}&view=day`)}`);
    const event = page.locator('.rbc-event').filter({ hasText: courseName }).first();
    await event.waitFor();
    await event.scrollIntoViewIfNeeded();
    // One hour is one slot group (two 30-minute slots).
    const hour = (await page.locator('.rbc-time-content .rbc-timeslot-group').first().boundingBox())!.height;
    const a = (await event.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + 10);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + a.width / 2, a.y + 10 + (hour * i) / 10);
    await page.mouse.up();
    const move = page.getByTestId('lesson-move-dialog');
    await move.waitFor();
    // The dialog proposes the dropped time, the same day and room.
    await expect.poll(() => move.getByTestId('move-start').inputValue()).toBe(start.plus({ hours: 1 }).toFormat('HH:mm'));
    await expect.poll(() => move.getByTestId('move-end').inputValue()).toBe(DateTime.fromISO(before.endAt).setZone(zone).plus({ hours: 1 }).toFormat('HH:mm'));
    await expect.poll(() => move.getByTestId('move-day').locator('input').inputValue()).toBe(third);
    await expect.poll(async () => (await move.getByTestId('move-classroom').locator('option:checked').textContent()) ?? '').toContain('培训教室 B');
    await expectNoSeriousAxe(page, 'move dialog after a drop to another time');
    await saveThroughClash(page, 'lesson-move-dialog', 'lesson-move-save');
    await expect
      .poll(async () => {
        const l = (await lessonsOf()).find((x) => DateTime.fromISO(x.startAt).setZone(zone).toISODate() === third);
        return l && `${DateTime.fromISO(l.startAt).setZone(zone).toFormat('HH:mm')} ${l.classroomName}`;
      })
      .toBe(`${start.plus({ hours: 1 }).toFormat('HH:mm')} 培训教室 B`);
    await context.close();
  });

  it('sums the course up on the summary tab (from the server): lessons, hours, attendance, homework; exports it as xlsx', async () => {
    // Three lessons of 90 minutes; attendance 1 of 3 places (taken, leave, untaken); the one homework set is accepted.
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), `/login?redirect=${encodeURIComponent(`/mission/schedule-list?view=summary&course=${state.courseId}`)}`);
    await page.getByTestId('course-summary').waitFor();
    const row = page.getByTestId('summary-row').filter({ hasText: courseName });
    await expect.poll(async () => (await row.locator('td').allTextContents()).slice(1)).toEqual(['3', '4.5', '33%', '100%']);
    await expect.poll(async () => (await page.getByTestId('summary-total').locator('td').allTextContents()).slice(1)).toEqual(['3', '4.5', '33%', '100%']);
    // The export button saves what the tab shows (the same filter), as xlsx from the server.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('summary-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^课程统计-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const chunks: Buffer[] = [];
    for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['按课程统计', '按讲师统计']);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows.map((r) => [r[0], r[2], r[3], r[7], r[10]])).toEqual([
      ['课程', '课次', '授课时长（小时）', '出勤率', '作业完成率'],
      [courseName, 3, 4.5, 0.333, 1],
      ['合计', 3, 4.5, 0.333, 1],
    ]);
    await context.close();
  });

  it('removes a student from a course with part of the unused hours refunded, the dialog asking how many', { timeout: 200_000 }, async () => {
    const lecturer = await me('lecturer');
    const student = await me('student.demo2');
    const created = await gql<{ createCourse: { course: { id: string } } }>('manager', 'mutation($input: CreateCourseInput!) { createCourse(input: $input) { ... on CoursePayload { course { id } } } }', {
      input: { name: `退课测试 ${run}`, lecturerIds: [lecturer.id], lessonHours: 1 },
    });
    const courseId = created.createCourse.course.id;
    await gql('manager', 'mutation($input: BuyCourseHoursInput!) { buyCourseHours(input: $input) { __typename } }', { input: { courseId, studentId: student.id, hours: 5, reason: `购买 ${run}`, force: true } });
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), `/login?redirect=${encodeURIComponent(`/mission/course-detail/${courseId}`)}`);
    await page.getByTestId('course-detail').waitFor();
    const openLeave = async (p: Page) => {
      await p.getByTestId('tab-students').click();
      await p.getByTestId(`enrollment-${student.databaseId}`).getByTestId('enrollment-leave').click();
      await p.getByTestId('leave-course-dialog').waitFor();
      await p.getByTestId('leave-refund').click();
      await p.getByTestId('leave-refund-hours').waitFor();
      await p.getByTestId('leave-refund-reason').waitFor();
    };
    console.log((await shootEverywhere(page, 'courses-leave-dialog', openLeave, { widths: [1440, 390] })).join('\n'));
    await openLeave(page);
    const dialog = page.getByTestId('leave-course-dialog');
    await expect.poll(() => dialog.textContent()).toContain('退还未使用的课时（剩余5课时）');
    // All the hours left by default; more than them is refused in the dialog, nothing sent.
    const amount = dialog.getByTestId('leave-refund-hours');
    expect(await amount.inputValue()).toBe('5');
    await amount.fill('6');
    await dialog.getByTestId('leave-course-dialog-confirm').click();
    await expect.poll(() => dialog.textContent()).toContain('请填写大于0且不超过5的课时，最多一位小数');
    await amount.fill('2');
    await dialog.getByTestId('leave-refund-reason').fill(`家长申请 ${run}`);
    await dialog.getByTestId('leave-course-dialog-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, '已退出课程，退还2课时').waitFor();
    const row = page.getByTestId(`enrollment-${student.databaseId}`);
    await expect.poll(() => row.textContent()).toContain('已退出');
    // The 3 hours not refunded stay on the enrolment.
    await expect.poll(() => row.getByTestId('enrollment-remaining').textContent()).toBe('3.0');
    await row.getByTestId('enrollment-records').click();
    await page.getByTestId('record-table').waitFor();
    await expect.poll(() => page.getByTestId('record-table').textContent()).toContain('-2.0');
    await expect.poll(() => page.getByTestId('record-table').textContent()).toContain('退课退还');
    await expect.poll(() => page.getByTestId('record-table').textContent()).toContain(`家长申请 ${run}`);
    await context.close();
  });

  it('exports the course PDF', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), `/login?redirect=${encodeURIComponent(`/mission/course-detail/${state.courseId}`)}`);
    await page.getByTestId('course-detail').waitFor();
    await page.getByTestId('course-export-open').click();
    await page.getByTestId('export-ready').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });

  it('filters the course list by progress and project, with chips', async () => {
    // The course of the first test has three lessons ahead: not started, in no project.
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), '/login?redirect=/course/list');
    await page.getByTestId('course-list').waitFor();
    await page.getByTestId('course-filters-search').fill(run);
    await page.getByTestId('course-filters-search').press('Enter');
    const rows = page.getByTestId('course-table-row');
    await expect.poll(() => rows.filter({ hasText: courseName }).count()).toBe(1);
    await page.getByTestId('course-filter-progress').selectOption('FINISHED');
    await expect.poll(() => rows.filter({ hasText: courseName }).count()).toBe(0);
    await expect.poll(() => page.getByTestId('course-filters-chips').textContent()).toContain('已结课');
    await page.getByTestId('course-filter-progress').selectOption('NOT_STARTED');
    await expect.poll(() => rows.filter({ hasText: courseName }).count()).toBe(1);
    // The project filter (in "more"): a project the course is not in leaves it out.
    await page.getByTestId('course-filters-more').click();
    const project = page.getByTestId('course-filter-project');
    await project.waitFor();
    const projectName = (await project.locator('option').nth(1).textContent()) ?? '';
    await project.selectOption({ index: 1 });
    await expect.poll(() => page.getByTestId('course-filters-chips').textContent()).toContain(projectName);
    await expect.poll(() => rows.filter({ hasText: courseName }).count()).toBe(0);
    await page.getByTestId('course-filters-chip-project').click();
    await expect.poll(() => rows.filter({ hasText: courseName }).count()).toBe(1);
    await context.close();
  });
});

describe('courses: the bars', () => {
  /** Pictures of screens (name, route, a test id that says the screen is there) as the manager. */
  async function picturesOf(screens: Array<[string, string, string]>): Promise<void> {
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), '/login?redirect=/course/list');
    const pictures: string[] = [];
    for (const [name, route, ready] of screens) {
      await open(page, route);
      await page.getByTestId(ready).first().waitFor();
      pictures.push(
        ...(await shootEverywhere(page, name, async (p, lang) => {
          await p.getByTestId(ready).first().waitFor();
          // The screen's title is in the viewer's language (the course detail's title is the course's name: data).
          if (lang === 'en' && name !== 'courses-detail') expect(await p.getByRole('heading').first().innerText()).not.toMatch(/[\u4e00-\u9fff]/u);
          expect(await sidewaysOverflow(p)).toEqual([]);
        })),
      );
    }
    console.log(pictures.join('\n'));
    await context.close();
  }
  const soon = () => DateTime.now().plus({ days: 1 }).toISODate();

  it('shows the course list, detail, lesson and lesson list in both languages at three widths', { timeout: 400_000 }, async () => {
    await picturesOf([
      ['courses-list', '/course/list', 'course-table'],
      ['courses-detail', `/mission/course-detail/${state.courseId}`, 'lesson-plan'],
      ['courses-lesson', `/mission/schedule-detail/${state.lessonIds[0]}`, 'attendance-table'],
      ['courses-lessons', `/mission/schedule-list?course=${encodeURIComponent(state.courseId)}`, 'lesson-table'],
      ['courses-summary', '/mission/schedule-list?view=summary', 'course-summary'],
    ]);
  });

  it('shows the calendars, classrooms, hours, records and the export in both languages at three widths', { timeout: 400_000 }, async () => {
    await picturesOf([
      ['courses-calendar', `/mission/course-calendar?date=${soon()}`, 'course-calendar-grid'],
      ['courses-usage', `/mission/class-room?date=${soon()}`, 'course-calendar-grid'],
      ['courses-classrooms', '/class-room', 'classroom-table'],
      ['courses-hours', '/course-hour/list', 'hours-table'],
      ['courses-records', '/course-hour-record', 'record-table'],
      ['courses-export', `/course-export?id=${state.courseId}`, 'export-ready'],
    ]);
  });

  it('shows the schedule dialog and the student’s 我的课程 in both languages at three widths', { timeout: 300_000 }, async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), `/login?redirect=${encodeURIComponent(`/mission/course-detail/${state.courseId}`)}`);
    await page.getByTestId('lesson-plan').waitFor();
    await shootEverywhere(page, 'courses-schedule-dialog', async (p) => {
      await p.getByTestId('tab-lessons').click();
      await p.getByTestId('course-schedule').click();
      await p.getByTestId('schedule-lessons-dialog').waitFor();
    });
    await context.close();

    const student = await newPage();
    await login(student.page, 'student.demo', passwordOf('student.demo'), '/login?redirect=/my-course');
    await student.page.getByTestId('my-course').waitFor();
    await shootEverywhere(student.page, 'courses-my', async (p) => {
      await p.getByTestId('my-course').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await student.context.close();
  });

  it('shows the undo sign-in dialog in both languages at 1440 and 390 px', { timeout: 200_000 }, async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), `/login?redirect=${encodeURIComponent(`/mission/schedule-detail/${state.lessonIds[0]}`)}`);
    await page.getByTestId('attendance-table').waitFor();
    const names = await shootEverywhere(
      page,
      'courses-undo-dialog',
      async (p) => {
        // The lesson has one student (the demo student, under their English name in English).
        await p.getByTestId('attendance-table').getByTestId('undo-sign-in').first().click();
        await p.getByTestId('undo-sign-in-dialog').waitFor();
      },
      { widths: [1440, 390] },
    );
    console.log(names.join('\n'));
    await context.close();
  });

  it('says a failed list load in the page with a retry', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), '/login?redirect=/course/list');
    await page.getByTestId('course-table').waitFor();
    let fail = true;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (fail && body.includes('ClassroomsQuery')) return route.fulfill({ status: 500, body: 'boom' });
      return route.continue();
    });
    await open(page, '/class-room');
    await expect.poll(() => page.locator('body').innerText()).toContain('服务异常');
    fail = false;
    await page
      .getByRole('button', { name: /重试|重新加载/ })
      .first()
      .click();
    await page.getByTestId('classroom-table').waitFor();
    await setLanguage(page, 'zh');
    await context.close();
  });
});
