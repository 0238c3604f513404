/**
 * Issue 32, part B: screens that never mislead. The top menu names every group (item 3); menus
 * and buttons offer only what the server will allow and say why not (item 5); one search
 * behaviour: as you type, Enter at once, the old rows dimmed and not clickable while loading, a
 * spinner in the box (item 6); an early sign-in asks to confirm, naming the start, and 全部签到
 * skips students on leave and says how many (item 10). Screenshots ui-honest-*.png.
 */
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_TASK, gql, me, passwordOf } from './api.ts';
import { expectNoSeriousAxe, launch, login, newPage as rawNewPage, open, setLanguage, shot, toast } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(width = 1440) {
  const made = await rawNewPage(browser, { width });
  made.page.on('pageerror', (e) => console.error('pageerror:', e.message));
  return made;
}

const run = Math.random().toString(36).slice(2, 7);

/** The top-level entries of the bar whose visible text is empty (an icon with the name only in a tooltip). */
async function unnamedEntries(page: Page): Promise<string[]> {
  return page
    .getByTestId('main-menu')
    .locator(':scope > [data-menu-key]')
    .evaluateAll((els) => els.filter((e) => !(e as HTMLElement).innerText.trim()).map((e) => e.getAttribute('data-menu-key') ?? '?'));
}

describe('item 3: the top menu names every group', () => {
  for (const account of ['admin', 'manager']) {
    it(`${account}: every group in the bar shows its name at 1440 and 1024 px, in Chinese and English`, { timeout: 120_000 }, async () => {
      const { context, page } = await newPage();
      await login(page, account, passwordOf(account));
      await open(page, '/people/list');
      const menu = page.getByTestId('main-menu');
      await expect.poll(() => menu.locator(':scope > [data-menu-key]').count()).toBeGreaterThan(3);
      for (const lang of ['zh', 'en'] as const) {
        await setLanguage(page, lang);
        for (const width of [1440, 1024]) {
          await page.setViewportSize({ width, height: 900 });
          await expect.poll(() => unnamedEntries(page)).toEqual([]);
          if (width === 1440) await shot(page, `ui-honest-menu-${account}-${lang}-1440`);
        }
        await page.setViewportSize({ width: 1440, height: 900 });
      }
      await expectNoSeriousAxe(page, `top menu (${account})`);
      // At 390 px the menu is the drawer, every entry titled.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('open-drawer').click();
      await shot(page, `ui-honest-menu-${account}-en-390`);
      await page.keyboard.press('Escape');
      // The language is saved to the user: back to Chinese for the other tests.
      await page.setViewportSize({ width: 1440, height: 900 });
      await setLanguage(page, 'zh');
      await context.close();
    });
  }
});

describe('item 5: offer only what will succeed', () => {
  it('a manager’s row menu on an administrator shows 停用 and 重置密码 disabled, saying why', { timeout: 120_000 }, async () => {
    const adminName = (await gql<{ viewer: { user: { name: string } } }>('admin', '{ viewer { user { name } } }')).viewer.user.name;
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'));
    await setLanguage(page, 'zh');
    await open(page, '/people/list');
    await page.getByTestId('staff-table').waitFor();
    await page.getByTestId('staff-filters-search').fill('admin');
    await page.getByTestId('staff-filters-search').press('Enter');
    const row = page.getByTestId('staff-table-row').filter({ hasText: adminName }).first();
    await row.getByTestId('staff-table-menu').click();
    for (const act of ['deactivate', 'reset', 'edit']) {
      const item = page.getByTestId(`staff-table-action-${act}`);
      await expect.poll(() => item.getAttribute('data-disabled')).not.toBeNull();
      await expect.poll(() => page.getByTestId(`staff-table-action-${act}-reason`).textContent()).toBe('管理员账号只能由管理员修改');
    }
    await shot(page, 'ui-honest-staff-menu-zh-1440');
    // Clicking a disabled act opens nothing and sends nothing.
    await page.getByTestId('staff-table-action-deactivate').click({ force: true });
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('加入档期 on a completed task is disabled and says why', { timeout: 120_000 }, async () => {
    const title = `已完成任务 ${run}`;
    const projects = await gql<{ projects: { edges: Array<{ node: { id: string } }> } }>('consultant', '{ projects(first: 1, excludeStates: [FINISHED, CANCELLED]) { edges { node { id } } } }');
    const consultant = await me('consultant');
    const made = await gql<{ createTask: { task?: { id: string }; message?: string } }>('consultant', CREATE_TASK, { i: { projectId: projects.projects.edges[0]!.node.id, title, executorId: consultant.id } });
    const done = await gql<{ completeTask: { __typename: string } }>('consultant', 'mutation($i: CompleteTaskInput!) { completeTask(input: $i) { __typename } }', { i: { id: made.createTask.task!.id } });
    expect(done.completeTask.__typename).toBe('TaskPayload');
    const { context, page } = await newPage();
    await login(page, 'consultant', passwordOf('consultant'));
    await open(page, '/mission/task-list');
    await page.getByTestId('tab-by-me').click();
    await page.getByTestId('filter-search').fill(title);
    // The old rows take no clicks while the search runs: click once only the one task is listed.
    await expect.poll(() => page.getByTestId('task-row').count()).toBe(1);
    await page.getByTestId('task-row').filter({ hasText: title }).click();
    await page.getByTestId('task-detail-dialog').waitFor();
    const button = page.getByTestId('detail-schedule');
    expect(await button.isDisabled()).toBe(true);
    expect(await page.getByTestId('detail-schedule-reason').textContent()).toBe('已完成的任务不能加入档期');
    await shot(page, 'ui-honest-task-schedule-zh-1440');
    await expectNoSeriousAxe(page, 'completed task detail');
    await context.close();
  });
});

describe('item 6: one search behaviour', () => {
  it('staff: typing searches without Enter; while the result loads the old rows are dimmed, take no clicks, and the box spins', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'));
    await open(page, '/people/list');
    await page.getByTestId('staff-table').waitFor();
    const before = await page.getByTestId('staff-table-row').count();
    expect(before).toBeGreaterThan(3);
    // Hold the search's answer for a while, as on a slow network.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/graphql', async (route) => {
      if ((route.request().postData() ?? '').includes('StaffList')) await held;
      await route.continue();
    });
    await page.getByTestId('staff-filters-search').fill('lecturer');
    // No Enter: the search runs by itself after a pause in typing.
    await page.getByTestId('staff-filters-search-pending').waitFor({ timeout: 5_000 });
    const table = page.locator('[data-stale=true]').filter({ has: page.getByTestId('staff-table-row').first() });
    await table.first().waitFor();
    expect(await table.first().evaluate((e) => getComputedStyle(e).pointerEvents)).toBe('none');
    await shot(page, 'ui-honest-staff-search-pending-zh-1440');
    release();
    await page.getByTestId('staff-filters-search-pending').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('staff-table-row').count()).toBeLessThan(before);
    expect(await page.locator('[data-stale=true]').count()).toBe(0);
    await context.close();
  });

  it('tasks: typing searches without a button press', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage();
    await login(page, 'consultant', passwordOf('consultant'));
    await open(page, '/mission/task-list');
    await page.getByTestId('task-row').first().waitFor();
    const first = (await page.getByTestId('task-row').first().textContent()) ?? '';
    await page.getByTestId('filter-search').fill(`没有这样的任务 ${run}`);
    await expect.poll(() => page.getByTestId('task-row').count(), { timeout: 5_000 }).toBe(0);
    expect(first).not.toBe('');
    await context.close();
  });
});

describe('item 10: sign-in rules', () => {
  it('全部签到 on tomorrow’s lesson asks to confirm naming the start, needs a reason, skips the student on leave and says so', { timeout: 180_000 }, async () => {
    const lecturer = await me('lecturer');
    const students = [await me('student.demo'), await me('student.demo2')];
    const created = await gql<{ createCourse: { course: { id: string } } }>('manager', 'mutation($input: CreateCourseInput!) { createCourse(input: $input) { ... on CoursePayload { course { id } } } }', {
      input: { name: `签到规则 ${run}`, lecturerIds: [lecturer.id], lessonHours: 1 },
    });
    const courseId = created.createCourse.course.id;
    for (const s of students) {
      await gql('manager', 'mutation($input: BuyCourseHoursInput!) { buyCourseHours(input: $input) { __typename } }', { input: { courseId, studentId: s.id, hours: 5, reason: `购买 ${run}`, force: true } });
    }
    const start = DateTime.now().setZone('Asia/Shanghai').plus({ days: 1 }).set({ hour: 19, minute: 0, second: 0, millisecond: 0 });
    const scheduled = await gql<{ scheduleLessons: { __typename: string; message?: string } }>(
      'manager',
      'mutation($input: ScheduleLessonsInput!) { scheduleLessons(input: $input) { __typename ... on Error { message } } }',
      { input: { courseId, startAt: start.toUTC().toISO(), endAt: start.plus({ hours: 2 }).toUTC().toISO(), timeZone: 'Asia/Shanghai', force: true } },
    );
    expect(scheduled.scheduleLessons.message ?? '').toBe('');
    const lessons = await gql<{ node: { lessons: { edges: Array<{ node: { id: string; attendances: { edges: Array<{ node: { id: string; student: { databaseId: number } } }> } } }> } } }>(
      'manager',
      'query($id: ID!) { node(id: $id) { ... on Course { lessons(first: 1) { edges { node { id attendances(first: 10) { edges { node { id student { databaseId } } } } } } } } } }',
      { id: courseId },
    );
    const lesson = lessons.node.lessons.edges[0]!.node;
    const onLeave = lesson.attendances.edges.find((e) => e.node.student.databaseId === students[1]!.databaseId)!.node.id;
    await gql('manager', 'mutation($input: AskForLeaveInput!) { askForLeave(input: $input) { __typename } }', { input: { attendanceId: onLeave, reason: '生病' } });

    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), `/login?redirect=${encodeURIComponent(`/mission/schedule-detail/${lesson.id}`)}`);
    await page.getByTestId('attendance-table').waitFor();
    const all = page.getByTestId('sign-in-all');
    await expect.poll(() => all.textContent()).toBe('全部签到（1）');
    await all.click();
    const dialog = page.getByTestId('early-sign-in-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('early-sign-in-message').textContent()).toBe(`课程${start.toFormat('yyyy-MM-dd HH:mm')}开始，现在距开课超过30分钟；确认提前签到请说明原因`);
    await shot(page, 'ui-honest-early-sign-in-zh-1440');
    await expectNoSeriousAxe(page, 'early sign-in dialog');
    // No reason: asked for one, nothing sent.
    await dialog.getByTestId('early-sign-in-save').click();
    await expect.poll(() => dialog.textContent()).toContain('请填写提前签到的原因');
    await dialog.getByTestId('early-sign-in-reason').fill('学生提前到校');
    await dialog.getByTestId('early-sign-in-save').click();
    await dialog.waitFor({ state: 'detached' });
    await toast(page, '已签到 1 人，课时已扣除；跳过请假的 1 人').waitFor();
    await expect.poll(() => page.getByTestId('lesson-counts').textContent()).toContain('请假 1');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'ui-honest-lesson-after-zh-390');
    await context.close();
  });
});

describe('item 11: reports answer what a manager asks', () => {
  it('team hours list the whole team, those without hours with zeros', { timeout: 120_000 }, async () => {
    const staff = await gql<{ people: { totalCount: number } }>('manager', '{ people(filter: { type: STAFF, activeOnly: true }, first: 1) { totalCount } }');
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), '/mission/summary?scope=team');
    await page.getByTestId('summary-breakdown').waitFor();
    await page.getByTestId('summary-as-table').click();
    await page.getByTestId('summary-table').waitFor();
    const rows = page.getByTestId('summary-row');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(staff.people.totalCount);
    expect(await rows.filter({ has: page.locator('[data-testid=summary-row-total]', { hasText: /^0$/ }) }).count()).toBeGreaterThan(0);
    await shot(page, 'ui-honest-team-hours-zh-1440');
    await context.close();
  });
});
