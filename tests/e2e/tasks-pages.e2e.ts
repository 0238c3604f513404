/**
 * The rest of 任务 and 工作台 in a real browser (issue 24): a task opened from a link and
 * reloaded, a task the viewer may not see answering 401, a task added on its page and appended to
 * on its page, all tasks filtered with the filters in the URL, three of them completed at once and
 * the list exported and read back as .xlsx, a task dragged to another day on the task calendar, the
 * work summary as a manager (the team) and as a consultant (their own), and a missing day filled in
 * from the daily-work banner and deleted again. Pictures of each screen in both languages at 1440/1024/390 with axe
 * (tests/e2e/screenshots/pages-*.png).
 */
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { readFile } from 'node:fs/promises';
import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, me, passwordOf } from './api.ts';
import { expectNoSeriousAxe, hashPath, launch, login, open, setLanguage, shootEverywhere, sidewaysOverflow, toast } from './browser.ts';

let browser: Browser;
let projectId = '';
const run = Math.random().toString(36).slice(2, 7);

beforeAll(async () => {
  browser = await launch();
  const d = await gql<{ projects: { edges: Array<{ node: { id: string } }> } }>('admin', '{ projects(filter: { search: "P2027-US" }, first: 1) { edges { node { id } } } }');
  projectId = d.projects.edges[0]!.node.id;
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh context and page (downloads kept for the export); page errors are printed (they explain a failed wait). */
async function newPage(options?: { width?: number; height?: number }) {
  const context = await browser.newContext({ viewport: { width: options?.width ?? 1440, height: options?.height ?? 900 }, locale: 'zh-CN', acceptDownloads: true });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('pageerror', (e) => console.error('pageerror:', e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') console.error('console:', m.text().slice(0, 300));
  });
  return { context, page };
}

const CREATE = 'mutation($i: CreateTaskInput!) { createTask(input: $i) { __typename ... on TaskPayload { task { id databaseId } } ... on Error { message } } }';
/** A task created by `assigner` for `executor`: its global and numeric ids. */
async function createTask(assigner: string, executor: string, title: string): Promise<{ id: string; databaseId: number }> {
  const d = await gql<{ createTask: { __typename: string; task?: { id: string; databaseId: number }; message?: string } }>(assigner, CREATE, {
    i: { projectId, title, executorId: (await me(executor)).id, content: '<p>Prepared for the pages test.</p>' },
  });
  if (!d.createTask.task) throw new Error(`createTask: ${d.createTask.message}`);
  return d.createTask.task;
}

const SAVE_ENTRIES = 'mutation($i: SaveScheduleEntriesInput!) { saveScheduleEntries(input: $i) { __typename ... on SaveScheduleEntriesPayload { scheduleEntries { id databaseId workDate } } ... on Error { message } } }';
/** Work logged for `account` on `day` (as themselves). */
async function logWork(account: string, day: string, hours: number, taskIds: string[] = []): Promise<number> {
  const d = await gql<{ saveScheduleEntries: { __typename: string; scheduleEntries?: Array<{ databaseId: number }>; message?: string } }>(account, SAVE_ENTRIES, {
    i: { rows: [{ workDate: day, begin: '09:00', end: '18:00', hours, projectId, taskIds, content: `pages ${run}` }] },
  });
  if (!d.saveScheduleEntries.scheduleEntries) throw new Error(`saveScheduleEntries: ${d.saveScheduleEntries.message}`);
  return d.saveScheduleEntries.scheduleEntries[0]!.databaseId;
}

async function entryDays(account: string, from: string, to: string): Promise<Array<{ databaseId: number; workDate: string; workHours: number }>> {
  const who = await me(account);
  const d = await gql<{ scheduleEntries: { edges: Array<{ node: { databaseId: number; workDate: string; workHours: number } }> } }>(
    account,
    'query($f: ScheduleEntryFilter) { scheduleEntries(filter: $f, first: 200) { edges { node { databaseId workDate workHours } } } }',
    { f: { from, to, employeeIds: [who.id] } },
  );
  return d.scheduleEntries.edges.map((e) => e.node);
}

describe('task pages reached by a link', () => {
  it('opens a task from its link, keeps it on reload, answers 401 for a task the viewer may not see, and shows the pictures', async () => {
    const title = `链接任务 ${run}`;
    const task = await createTask('consultant', 'consultant', title);
    const hidden = await createTask('admin', 'wang.fang', `别人的任务 ${run}`);
    const { context, page } = await newPage();
    // A link from a letter or an e-mail: the login page comes first, then the task.
    await login(page, 'consultant', passwordOf('consultant'), `/mission/details/${task.databaseId}`);
    await page.getByTestId('task-detail-page').waitFor();
    await expect(page.getByTestId('detail-title').innerText()).resolves.toBe(title);
    expect(hashPath(page)).toBe(`/mission/details/${task.databaseId}`);
    await page.reload();
    await page.getByTestId('detail-title').filter({ hasText: title }).waitFor();
    // Its sub-dialogs are dialogs on the page.
    await page.getByTestId('detail-append').click();
    await page.getByTestId('addition-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('addition-dialog').waitFor({ state: 'detached' });
    await expectNoSeriousAxe(page, 'task detail page');

    await open(page, `/mission/details/${hidden.databaseId}`);
    await page.getByTestId('error-401').waitFor();
    await expect(page.getByTestId('task-detail-page').count()).resolves.toBe(0);

    await open(page, `/mission/details/${task.databaseId}`);
    const pictures = await shootEverywhere(page, 'pages-detail', async (p) => {
      await p.getByTestId('detail-title').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    console.info('pictures:', pictures.join(', '));
    await context.close();
  });

  it('adds a task on /mission/add and lands on its page; appends to it on /mission/append/:id', async () => {
    const { context, page } = await newPage();
    await login(page, 'consultant', passwordOf('consultant'), '/mission/add');
    await page.getByTestId('add-task-page').waitFor();
    await page.getByTestId('task-editor-content').waitFor();
    await shootEverywhere(page, 'pages-add', async (p) => {
      await p.getByTestId('add-task-page').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await page.getByTestId('add-task-save').click();
    await expect(page.getByTestId('add-task-error').innerText()).resolves.toContain('请选择项目');
    await page.getByTestId('project-input').fill('2027');
    await page.getByTestId('project-option').filter({ hasText: '2027 美高申请季' }).click();
    const title = `页面新增 ${run}`;
    await page.getByTestId('task-title').fill(title);
    await page.getByTestId('staff-search-mode').click();
    await page.getByTestId('staff-search').fill('张晓雯');
    await page.getByTestId('staff-option').filter({ hasText: '张晓雯' }).click();
    await page.getByTestId('add-task-save').click();
    await toast(page, '新增任务成功').waitFor();
    await page.getByTestId('task-detail-page').waitFor();
    await page.getByTestId('detail-title').filter({ hasText: title }).waitFor();
    const id = hashPath(page).match(/^\/mission\/details\/(\d+)$/)?.[1];
    expect(id).toBeTruthy();

    await open(page, `/mission/append/${id}`);
    await page.getByTestId('addition-page').waitFor();
    await page.getByTestId('append-task').filter({ hasText: title }).waitFor();
    await page.getByTestId('addition-save').click();
    await page.getByTestId('addition-error').waitFor();
    await page.getByTestId('addition-editor-content').click();
    await page.keyboard.type(`Appended on the page ${run}`);
    await page.getByTestId('addition-save').click();
    await toast(page, '追加任务成功').waitFor();
    await page.getByTestId('task-detail-page').waitFor();
    expect(hashPath(page)).toBe(`/mission/details/${id}`);
    await page
      .getByTestId('addition')
      .filter({ hasText: `Appended on the page ${run}` })
      .waitFor();
    await context.close();
  });
});

describe('all tasks', () => {
  it('filters with the filters in the URL, completes three tasks at once, and exports the list as .xlsx', async () => {
    const prefix = `批量${run}`;
    for (const n of [1, 2, 3]) await createTask('manager', 'manager', `${prefix}-${n}`);
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), '/mission/list');
    await page.getByTestId('all-tasks').waitFor();
    await page.getByTestId('all-search').fill(prefix);
    await page.getByTestId('all-search').press('Enter');
    await expect.poll(() => hashPath(page)).toContain(`q=${prefix}`);
    const rows = page.getByTestId('all-task-row');
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByTestId('chip-q').waitFor();

    await page.getByTestId('select-all').click();
    await expect(page.getByTestId('bulk-count').innerText()).resolves.toContain('3');
    await page.getByTestId('bulk-complete').click();
    await expect(page.getByTestId('bulk-question').innerText()).resolves.toContain('3');
    await expect(page.getByTestId('bulk-confirm').innerText()).resolves.toBe('完成 3 个任务');
    await expectNoSeriousAxe(page, 'bulk confirmation');
    await page.getByTestId('bulk-confirm').click();
    await toast(page, '已完成 3 个任务').waitFor();
    await expect.poll(() => rows.locator('[data-testid=state-badge][data-state=COMPLETE]').count()).toBe(3);

    // The state filter goes into the URL; a reload shows the same list.
    await page.getByTestId('all-state').selectOption('COMPLETE');
    await expect.poll(() => hashPath(page)).toContain('state=COMPLETE');
    await page.reload();
    await page.getByTestId('all-tasks').waitFor();
    await expect.poll(() => rows.count()).toBe(3);
    await expect(page.getByTestId('all-state').inputValue()).resolves.toBe('COMPLETE');
    await page.getByTestId('all-state').selectOption('INCOMPLETE');
    await page.getByTestId('all-task-empty').waitFor();
    await page.getByTestId('chip-state').click();
    await expect.poll(() => rows.count()).toBe(3);

    // Export exactly what the list shows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('all-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^全部任务-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    const bytes = await readFile((await download.path())!);
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = sheet.getSheetValues().slice(1) as unknown[][];
    expect(values[0]!.slice(1, 5)).toEqual(['编号', '任务标题', '优先级', '状态']);
    const titles = values.slice(1).map((r) => r[2]);
    expect(titles.sort()).toEqual([`${prefix}-1`, `${prefix}-2`, `${prefix}-3`]);
    expect(values.slice(1).every((r) => r[4] === '已完成')).toBe(true);

    // The same list as the server has it.
    const states = await gql<{ tasks: { edges: Array<{ node: { state: string } }> } }>('manager', 'query($s: String) { tasks(filter: { search: $s }, first: 10) { edges { node { state } } } }', { s: prefix });
    expect(states.tasks.edges.map((e) => e.node.state)).toEqual(['COMPLETE', 'COMPLETE', 'COMPLETE']);

    await page.getByTestId('all-more-filters').click();
    await page.getByTestId('all-more').waitFor();
    await shootEverywhere(page, 'pages-all-tasks', async (p) => {
      await p.getByTestId('all-task-rows').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await context.close();
  });
});

describe('failures and languages', () => {
  it('a failed all-tasks request shows 服务异常... with a retry in the page; the summary in English has no Chinese', async () => {
    const { context, page } = await newPage();
    let failed = 0;
    await page.route('**/graphql', async (route: Route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (!failed && body?.operationName === 'AllTasksQuery') {
        failed++;
        return route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' });
      }
      return route.fallback();
    });
    await login(page, 'manager', passwordOf('manager'), '/mission/list');
    const boundary = page.getByTestId('screen-error');
    await boundary.waitFor();
    expect(failed).toBe(1);
    await expect(boundary.textContent()).resolves.toContain('服务异常...');
    await page.getByTestId('all-filters').waitFor();
    await boundary.getByRole('button', { name: '重试' }).click();
    await page.getByTestId('all-task-rows').waitFor();

    await open(page, '/mission/summary?scope=me&by=week');
    await page.getByTestId('summary-breakdown').waitFor();
    await setLanguage(page, 'en');
    try {
      await page.getByTestId('summary-as-table').click();
      await page.getByTestId('summary-table').waitFor();
      await expect(page.getByTestId('work-summary').innerText()).resolves.not.toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await setLanguage(page, 'zh');
    }
    await context.close();
  });
});

describe('task calendar', () => {
  it('shows a scheduled task on its day and moves it to another day by dragging', async () => {
    const title = `日历任务 ${run}`;
    const task = await createTask('consultant', 'consultant', title);
    const zone = (await me('consultant')).zone;
    const month = DateTime.now().setZone(zone).startOf('month');
    const from = month.plus({ days: 9 }).toISODate()!;
    const to = month.plus({ days: 11 }).toISODate()!;
    const entry = await logWork('consultant', from, 2, [task.id]);

    const { context, page } = await newPage();
    await login(page, 'consultant', passwordOf('consultant'), '/mission/calendar');
    await page.getByTestId('task-calendar').waitFor();
    const event = page.locator('.rbc-event').filter({ hasText: title });
    await event.waitFor();
    await expectNoSeriousAxe(page, 'task calendar');

    const target = page
      .locator('.rbc-date-cell:not(.rbc-off-range)')
      .filter({ hasText: new RegExp(`^0?${month.plus({ days: 11 }).day}$`) })
      .first();
    const a = (await event.boundingBox())!;
    const b = (await target.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(a.x + a.width / 2 + ((b.x + b.width / 2 - a.x - a.width / 2) * i) / 10, a.y + a.height / 2 + ((b.y + b.height + 12 - a.y - a.height / 2) * i) / 10);
    await page.mouse.up();
    await toast(page, `已改期到 ${to}`).waitFor();
    await expect.poll(async () => (await entryDays('consultant', from, to)).find((e) => e.databaseId === entry)?.workDate).toBe(to);

    // A completed task cannot be moved: the server's refusal is shown and the entry stays.
    const done = await gql<{ completeTask: { __typename: string } }>('consultant', 'mutation($i: CompleteTaskInput!) { completeTask(input: $i) { __typename } }', { i: { id: task.id } });
    expect(done.completeTask.__typename).toBe('TaskPayload');
    await page.reload();
    await event.waitFor();
    const back = (await page
      .locator('.rbc-date-cell:not(.rbc-off-range)')
      .filter({ hasText: new RegExp(`^0?${month.plus({ days: 9 }).day}$`) })
      .first()
      .boundingBox())!;
    const c = (await event.boundingBox())!;
    await page.mouse.move(c.x + c.width / 2, c.y + c.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(c.x + c.width / 2 + ((back.x + back.width / 2 - c.x - c.width / 2) * i) / 10, c.y + c.height / 2 + ((back.y + back.height + 12 - c.y - c.height / 2) * i) / 10);
    await page.mouse.up();
    await expect(page.getByTestId('task-calendar-error').innerText()).resolves.toBe('任务已完成，不允许加入档期!');
    expect((await entryDays('consultant', from, to)).find((e) => e.databaseId === entry)?.workDate).toBe(to);

    await shootEverywhere(page, 'pages-calendar', async (p) => {
      await p.locator('.rbc-event').filter({ hasText: title }).first().waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await context.close();
  });
});

describe('work summary', () => {
  it("reads the team's hours as the manager and one's own as a consultant, as a chart and as a table", async () => {
    const zone = (await me('manager')).zone;
    const day = DateTime.now().setZone(zone).startOf('month').plus({ days: 2 }).toISODate()!;
    await logWork('manager', day, 3);
    await logWork('consultant', day, 5);

    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'), '/mission/summary');
    await page.getByTestId('summary-chart').waitFor();
    await expect(page.getByTestId('summary-scope').inputValue()).resolves.toBe('team');
    await page.getByTestId('summary-as-table').click();
    const rows = page.getByTestId('summary-row');
    await rows.filter({ hasText: '刘婧' }).waitFor();
    await rows.filter({ hasText: '张晓雯' }).waitFor();
    await expectNoSeriousAxe(page, 'summary table');
    await page.getByTestId('summary-by').selectOption('month');
    await expect.poll(() => hashPath(page)).toContain('by=month');
    await shootEverywhere(page, 'pages-summary', async (p) => {
      await p.getByTestId('summary-breakdown').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    // The table as .xlsx, named after the screen and the range.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('summary-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^任务汇总-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const bytes = await readFile((await download.path())!);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = (book.worksheets[0]!.getSheetValues().slice(1) as unknown[][]).map((r) => r.slice(1));
    expect(sheet[0]![0]).toBe('人员');
    expect(sheet.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(['刘婧', '张晓雯']));
    // One person, chosen with the user selector by department and keyboard.
    await page.getByTestId('summary-scope').selectOption('person');
    await page.getByTestId('summary-person-department').selectOption({ label: '美国组' });
    await page.getByTestId('summary-person').fill('张晓');
    await page.getByTestId('summary-person-option').filter({ hasText: '张晓雯' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => hashPath(page)).toContain('personName=张晓雯');
    await expect.poll(() => rows.count()).toBe(1);
    await rows.filter({ hasText: '张晓雯' }).waitFor();
    await context.close();

    const own = await newPage();
    await login(own.page, 'consultant', passwordOf('consultant'), '/mission/summary');
    await own.page.getByTestId('summary-breakdown').waitFor();
    await expect(own.page.getByTestId('summary-scope').count()).resolves.toBe(0);
    await own.page.getByTestId('summary-missing-banner').waitFor();
    // The chart's pictures (the manager's were of the table).
    await shootEverywhere(own.page, 'pages-summary-own', async (p) => {
      await p.getByTestId('summary-chart').locator('svg').first().waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await own.page.getByTestId('summary-as-table').click();
    const mine = own.page.getByTestId('summary-row');
    await mine.filter({ hasText: '张晓雯' }).waitFor();
    await expect(mine.count()).resolves.toBe(1);
    // The day of the hours logged above shows them; an empty workday is marked.
    await expect(own.page.locator('[data-missing]').count()).resolves.toBeGreaterThan(0);
    await expectNoSeriousAxe(own.page, 'own summary table');
    await own.page.screenshot({ path: 'tests/e2e/screenshots/pages-summary-own-table-zh-1440.png' });
    await own.context.close();
  });
});

describe('daily work', () => {
  it('fills the first missing day from the banner', async () => {
    const { context, page } = await newPage();
    await login(page, 'wang.fang', passwordOf('wang.fang'), '/mission/daily-work');
    await page.getByTestId('daily-work').waitFor();
    const link = page.getByTestId('daily-missing-link');
    await link.waitFor();
    await shootEverywhere(page, 'pages-daily', async (p) => {
      await p.getByTestId('daily-week').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    const day = (await link.innerText()).match(/\d{4}-\d{2}-\d{2}/)![0];
    await link.click();
    await expect.poll(() => hashPath(page)).toContain(`day=${day}`);
    await page.getByTestId('daily-form').waitFor();
    await page.getByTestId('daily-save').click();
    await page.getByText('请选择项目').waitFor();
    await page.getByTestId('daily-project-0').fill('2027');
    await page.getByTestId('project-option').filter({ hasText: '2027 美高申请季' }).click();
    await page.getByTestId('daily-hours-0').fill('7.5');
    await page.getByTestId('daily-content-0').fill(`Filled from the banner ${run}`);
    await expectNoSeriousAxe(page, 'daily work form');
    await page.getByTestId('daily-save').click();
    await toast(page, '工作记录已保存').waitFor();
    await page
      .getByTestId('daily-entry')
      .filter({ hasText: `Filled from the banner ${run}` })
      .waitFor();
    await expect(page.getByTestId(`daily-day-${day}`).innerText()).resolves.toContain('7.5小时');
    expect((await entryDays('wang.fang', day, day)).map((e) => e.workHours)).toEqual([7.5]);
    // The banner now points at the next missing day, if any.
    if (await link.count()) await expect(link.innerText()).resolves.not.toContain(day);

    // Deleting the entry (after a confirmation) makes the day missing again.
    await page
      .getByTestId('daily-entry')
      .filter({ hasText: `Filled from the banner ${run}` })
      .getByTestId('daily-entry-delete')
      .click();
    const dialog = page.getByTestId('daily-delete-dialog');
    await expect(dialog.innerText()).resolves.toContain('7.5');
    await expectNoSeriousAxe(page, 'daily work delete');
    await page.getByTestId('daily-delete-dialog-confirm').click();
    await toast(page, '工作记录已删除').waitFor();
    await page.getByTestId('daily-empty').waitFor();
    await expect(page.getByTestId(`daily-day-${day}`).getAttribute('data-missing')).resolves.toBe('true');
    expect(await entryDays('wang.fang', day, day)).toEqual([]);
    await expect(link.innerText()).resolves.toContain(day);
    await context.close();
  });
});
