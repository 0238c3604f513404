/**
 * The task screens and the rich-text editor in a real browser (issue 9, task half): the add-task
 * dialog's validation in the spec's order, the task-detail dialog and its sub-dialogs (append,
 * reassign, change priority, add to schedule, delete, complete and undo by someone else with the
 * complaint in the log, 问题反馈 for a bug), the editor's tools and rules, and an XSS payload
 * neutralised after saving. Screenshots of each dialog in Chinese and English go to
 * tests/e2e/screenshots/ (tasks-*.png).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { baseUrl, launch, login, newPage as rawNewPage, open, SCREENSHOTS, settle, shot as rawShot, toast } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'Staff#2026';
/** A fresh context and page; errors of the page are printed (they explain a failed wait). */
async function newPage(b: Browser, options?: { width?: number; height?: number }) {
  const made = await rawNewPage(b, options);
  made.page.on('pageerror', (e) => console.error('pageerror:', e.message));
  made.page.on('console', (m) => {
    if (m.type() === 'error') console.error('console:', m.text().slice(0, 400));
  });
  return made;
}

/** Dialogs fade and scale in: let the animation finish before the picture. */
async function shot(page: Page, name: string): Promise<void> {
  await settle(page);
  await rawShot(page, name);
}
const run = Math.random().toString(36).slice(2, 7);

/** An answer; `T` is the shape of the `data` the document selects. */
type Gql<T> = { data?: T; errors?: unknown[] };
type Edges<N> = { edges: Array<{ node: N }> };

/** What an integrator does: a full document with a token, from server code (not a browser). */
async function gqlAs<T>(account: string, password: string, query: string, variables: Record<string, unknown> = {}): Promise<Gql<T>> {
  const url = `${baseUrl()}/graphql`;
  const loginRes = (await (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation($i: LoginInput!) { login(input: $i) { ... on TokenPayload { token } } }', variables: { i: { account, password } } }),
    })
  ).json()) as { data: { login: { token: string } } };
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-token': loginRes.data.login.token }, body: JSON.stringify({ query, variables }) });
  return (await res.json()) as Gql<T>;
}

const adminGql = <T>(query: string, variables: Record<string, unknown> = {}) => gqlAs<T>('admin', 'Admin#2026', query, variables);

let projectId = '';
const people: Record<string, string> = {};

async function personId(account: string): Promise<string> {
  if (!people[account]) {
    const res = await adminGql<{ people: Edges<{ id: string; account: string }> }>('query($s: String) { people(filter: { search: $s, type: STAFF }, first: 5) { edges { node { id account } } } }', { s: account });
    const node = res.data!.people.edges.find((e) => e.node.account === account);
    if (!node) throw new Error(`no staff member ${account}`);
    people[account] = node.node.id;
  }
  return people[account]!;
}

/** Creates a task through GraphQL as `assigner` (default admin) and answers its global id. */
async function createTask(title: string, executor: string, extra: Record<string, unknown> = {}, assigner: [string, string] = ['admin', 'Admin#2026']): Promise<string> {
  const res = await gqlAs<{ createTask: { __typename: string; task?: { id: string }; message?: string } }>(
    assigner[0],
    assigner[1],
    'mutation($i: CreateTaskInput!) { createTask(input: $i) { __typename ... on TaskPayload { task { id } } ... on Error { message } } }',
    {
      i: { projectId, title, executorId: await personId(executor), content: '<p>Prepare the interview plan.</p>', ...extra },
    },
  );
  const result = res.data!.createTask;
  if (result.__typename !== 'TaskPayload') throw new Error(`createTask: ${result.message}`);
  return result.task!.id;
}

beforeAll(async () => {
  const res = await adminGql<{ projects: Edges<{ id: string; name: string }> }>('{ projects(filter: { search: "P2027-US" }, first: 1) { edges { node { id name } } } }');
  projectId = res.data!.projects.edges[0]!.node.id;
});

/** Opens /working, searches the list for a title on a tab and opens the task's detail. */
async function openTask(page: Page, title: string, tab: 'to-me' | 'by-me'): Promise<void> {
  await open(page, '/working');
  await page.getByTestId('working-tasks').waitFor();
  await page.getByTestId(`tab-${tab}`).click();
  // Let the tab's list settle before searching it (two list queries in flight race on a loaded machine).
  const settledList = page.locator('[aria-busy="false"]').filter({ has: page.getByTestId('task-rows') });
  await page.locator(`[data-testid=tab-${tab}][aria-selected=true]`).waitFor();
  await settledList.waitFor();
  await page.getByTestId('filter-search').fill(title);
  await page.getByTestId('filter-search').press('Enter');
  await settledList.waitFor();
  await page.getByTestId('task-row').filter({ hasText: title }).first().click();
  await page.getByTestId('task-detail-dialog').waitFor();
  await page.getByTestId('detail-title').filter({ hasText: title }).waitFor();
}

async function typeInEditor(page: Page, testId: string, text: string): Promise<void> {
  const content = page.getByTestId(`${testId}-content`);
  await content.waitFor();
  await content.click();
  await page.keyboard.type(text);
}

/** A paste as the browser delivers it (text/html on the clipboard event). */
async function pasteHtml(page: Page, testId: string, html: string): Promise<void> {
  const content = page.getByTestId(`${testId}-content`);
  await content.click();
  await content.evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData('text/html', value);
    data.setData('text/plain', value.replace(/<[^>]*>/g, ''));
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

describe('add-task dialog', () => {
  it('checks project, then title, then executor (spec order), and creates the task: 新增任务成功', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin', 'Admin#2026');
    await page.getByTestId('working-tasks').waitFor();
    await page.getByTestId('task-add').click();
    const dialog = page.getByTestId('add-task-dialog');
    await dialog.waitFor();
    await page.getByTestId('task-editor-content').waitFor();
    const error = page.getByTestId('add-task-error');

    await page.getByTestId('add-task-save').click();
    await expect(error.innerText()).resolves.toContain('请选择项目');
    // The staff picker: all-staff entry with first-letter badges cycling through four colours.
    await page.getByTestId('staff-option').nth(4).waitFor();
    const colours = await page.getByTestId('letter-badge').evaluateAll((els) => els.slice(0, 5).map((e) => e.getAttribute('data-colour')));
    expect(colours).toEqual(['0', '1', '2', '3', '0']);
    await shot(page, 'tasks-add-zh');

    await page.getByTestId('project-input').fill('2027');
    await page.getByTestId('project-option').filter({ hasText: '2027 美高申请季' }).click();
    await page.getByTestId('add-task-save').click();
    await expect(error.innerText()).resolves.toContain('请填写任务标题');

    const title = `面试准备 ${run}`;
    await page.getByTestId('task-title').fill(title);
    await page.getByTestId('add-task-save').click();
    await expect(error.innerText()).resolves.toContain('请选择执行任务人员');

    // The search mode of the picker.
    await page.getByTestId('staff-search-mode').click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('staff-search');
    await page.getByTestId('staff-search').fill('张晓雯');
    await page.getByTestId('staff-option').filter({ hasText: '张晓雯' }).click();
    await page.getByTestId('selected-executor').filter({ hasText: '张晓雯' }).waitFor();
    await page.getByTestId('task-priority').selectOption('HIGH');
    await typeInEditor(page, 'task-editor', 'Book the mock interview for Friday.');
    await page.getByTestId('editor-autosaved').waitFor();
    await page.getByTestId('add-task-save').click();
    await toast(page, '新增任务成功').waitFor();
    await dialog.waitFor({ state: 'detached' });

    // It is in "assigned by me", and its detail shows what was entered.
    await page.getByTestId('tab-by-me').click();
    const row = page.getByTestId('task-row').filter({ hasText: title });
    await row.waitFor();
    await page.getByTestId('working-tasks').screenshot({ path: path.join(SCREENSHOTS, 'tasks-list-zh.png') });
    await expect(row.getByTestId('priority-badge').getAttribute('data-priority')).resolves.toBe('HIGH');
    await row.click();
    await page.getByTestId('task-detail-dialog').waitFor();
    await expect(page.getByTestId('detail-executor').innerText()).resolves.toBe('张晓雯');
    await expect(page.getByTestId('detail-content').innerText()).resolves.toContain('Book the mock interview for Friday.');
    await expect(page.getByTestId('log-line').first().getAttribute('data-note')).resolves.toBe('CREATED');
    await context.close();
  });
});

describe('task-detail dialog', () => {
  it('appends an addition, reassigns, changes the priority, adds to the schedule and deletes', async () => {
    const title = `文书修改 ${run}`;
    await createTask(title, 'consultant');
    const { context, page } = await newPage(browser);
    await login(page, 'admin', 'Admin#2026');
    await openTask(page, title, 'by-me');
    await expect(page.getByTestId('detail-skill').innerText()).resolves.toBe('暂无技能栈');
    await page.getByTestId('report-text').waitFor();
    await shot(page, 'tasks-detail-zh');

    // 追加任务: content required, then saved with the rich editor.
    await page.getByTestId('detail-append').click();
    await page.getByTestId('addition-dialog').waitFor();
    await page.getByTestId('addition-editor-content').waitFor();
    await page.getByTestId('addition-save').click();
    await expect(page.getByTestId('addition-error').innerText()).resolves.toBe('请输入内容。');
    await typeInEditor(page, 'addition-editor', 'Second draft due Monday.');
    await shot(page, 'tasks-append-zh');
    await page.getByTestId('addition-save').click();
    await toast(page, '追加任务成功').waitFor();
    await page.getByTestId('addition').filter({ hasText: 'Second draft due Monday.' }).waitFor();
    await expect(page.getByTestId('addition').first().innerText()).resolves.toContain('陈立新');

    // 重新指派人员: an executor is required, then the person tile.
    await page.getByTestId('detail-reassign').click();
    await page.getByTestId('reassign-dialog').waitFor();
    await page.getByTestId('reassign-save').click();
    await expect(page.getByTestId('reassign-error').innerText()).resolves.toBe('请选择执行人员');
    await page.getByTestId('reassign-picker').getByTestId('staff-option').filter({ hasText: '王芳' }).click();
    await shot(page, 'tasks-reassign-zh');
    await page.getByTestId('reassign-save').click();
    await toast(page, '重新指派成功').waitFor();
    await page.getByTestId('detail-executor').filter({ hasText: '王芳' }).waitFor();
    await expect(page.getByTestId('log-line').first().getAttribute('data-note')).resolves.toBe('REASSIGNED');

    // 修改任务优先级 from the priority badge.
    await page.getByTestId('detail-priority').click();
    await page.getByTestId('priority-dialog').waitFor();
    await page.getByTestId('priority-option-URGENT').click();
    await shot(page, 'tasks-priority-zh');
    await page.getByTestId('priority-save').click();
    await toast(page, '修改优先级成功').waitFor();
    await page.locator('[data-testid=detail-priority] [data-priority=URGENT]').waitFor();

    // 加入档期: hours are required; default 09:00–18:30, regular.
    // My Calendar (this week, behind the dialog) shows the new entry without moving its range.
    const cal = page.getByTestId('calendar');
    await page.locator('[data-testid=calendar][data-pending="0"]').waitFor();
    const shownFrom = await cal.getAttribute('data-from');
    const entriesBefore = await page.locator('.bo-cal-entry').count();
    await page.getByTestId('detail-schedule').click();
    await page.getByTestId('schedule-dialog').waitFor();
    await expect(page.getByTestId('schedule-begin').inputValue()).resolves.toBe('09:00');
    await expect(page.getByTestId('schedule-end').inputValue()).resolves.toBe('18:30');
    await expect(page.getByTestId('schedule-type').inputValue()).resolves.toBe('REGULAR');
    await page.getByTestId('schedule-save').click();
    await expect(page.getByTestId('schedule-error').innerText()).resolves.toBe('请填写工时');
    await page.getByTestId('schedule-hours').fill('2.5');
    await shot(page, 'tasks-schedule-zh');
    await page.getByTestId('schedule-save').click();
    await toast(page, '加入档期成功').waitFor();
    await page.getByTestId('schedule-dialog').waitFor({ state: 'detached' });
    // The entry is on the admin's calendar (what My Calendar reads), booked for this task, 2.5 h.
    const taskDbId = (await adminGql<{ tasks: Edges<{ databaseId: number }> }>('query($s: String) { tasks(filter: { search: $s }, first: 1) { edges { node { databaseId } } } }', { s: title })).data!.tasks.edges[0]!.node
      .databaseId;
    const from = new Date(Date.now() - 2 * 86_400_000).toISOString();
    const to = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const calendar = await adminGql<{ calendar: { scheduleEntries: Array<{ taskIds: number[]; workHours: number }> } }>(
      'query($f: DateTime!, $t: DateTime!) { calendar(from: $f, to: $t) { scheduleEntries { taskIds workHours } } }',
      { f: from, t: to },
    );
    const booked = calendar.data!.calendar.scheduleEntries.filter((e) => e.taskIds.includes(taskDbId));
    expect(booked.map((e) => e.workHours)).toEqual([2.5]);
    await expect.poll(() => page.locator('.bo-cal-entry').count()).toBe(entriesBefore + 1);
    await expect(page.locator('.bo-cal-entry').filter({ hasText: '2.5' }).count()).resolves.toBeGreaterThan(0);
    expect(await cal.getAttribute('data-from')).toBe(shownFrom);

    // A daily report for today.
    await page.getByTestId('report-save').click();
    await expect(page.getByTestId('report-error').innerText()).resolves.toBe('请填写每日汇报');
    await page.getByTestId('report-text').fill('Reviewed the essay with the student.');
    await page.getByTestId('report-save').click();
    await toast(page, '汇报成功').waitFor();
    await page.getByTestId('log-report').filter({ hasText: 'Reviewed the essay with the student.' }).waitFor();

    // Delete with 确定删除当前任务么？ ; the task leaves the list.
    await page.getByTestId('detail-delete').click();
    await page.getByTestId('delete-dialog').waitFor();
    await expect(page.getByTestId('delete-question').innerText()).resolves.toBe('确定删除当前任务么？');
    await shot(page, 'tasks-delete-zh');
    await page.getByTestId('delete-confirm').click();
    await toast(page, '删除成功').waitFor();
    await page.getByTestId('task-detail-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('task-row').filter({ hasText: title }).waitFor({ state: 'detached' });
    // The list is still there (the deleted row is gone, nothing else broke).
    await page.getByTestId('task-list').waitFor();
    await page.getByTestId('task-empty').waitFor();
    await context.close();
  });

  it('completes as the executor, undoes as the assigner: 撤销完成 with 记投诉一次 in the log', async () => {
    const title = `选校名单 ${run}`;
    await createTask(title, 'consultant');
    {
      const { context, page } = await newPage(browser);
      await login(page, 'consultant', PASSWORD);
      await openTask(page, title, 'to-me');
      // Only the assigner edits: the executor sees no edit or delete.
      await expect(page.getByTestId('detail-edit').count()).resolves.toBe(0);
      const button = page.getByTestId('detail-complete');
      await expect(button.innerText()).resolves.toBe('任务完成');
      await button.click();
      await page.locator('[data-testid=task-detail-dialog] [data-testid=state-badge][data-state=COMPLETE]').waitFor();
      await expect(button.innerText()).resolves.toBe('撤销完成');
      await expect(page.getByTestId('log-line').first().getAttribute('data-note')).resolves.toBe('COMPLETED');
      // A complete task cannot be added to the schedule: the button is disabled and says why.
      await expect(page.getByTestId('detail-schedule').isDisabled()).resolves.toBe(true);
      await expect(page.getByTestId('detail-schedule-reason').textContent()).resolves.toBe('已完成的任务不能加入档期');
      await context.close();
    }
    {
      const { context, page } = await newPage(browser);
      await login(page, 'admin', 'Admin#2026');
      await openTask(page, title, 'by-me');
      await page.getByTestId('detail-complete').click();
      const line = page.getByTestId('log-line').first();
      await page.locator('[data-testid=log-line][data-note=UNDONE]').waitFor();
      await expect(line.getAttribute('data-complaint')).resolves.toBe('true');
      await expect(line.getByTestId('log-complaint').innerText()).resolves.toBe('记投诉一次');
      await expect(page.getByTestId('detail-complete').innerText()).resolves.toBe('任务完成');
      await shot(page, 'tasks-detail-complaint-zh');
      await context.close();
    }
  });

  it('asks 问题反馈 before completing a bug, and waits / pauses', async () => {
    const title = `系统缺陷 ${run}`;
    await createTask(title, 'consultant', { type: 'BUG' });
    const { context, page } = await newPage(browser);
    await login(page, 'consultant', PASSWORD);
    await openTask(page, title, 'to-me');

    await page.getByTestId('detail-wait').click();
    await page.locator('[data-testid=task-detail-dialog] [data-testid=state-badge][data-state=WAITING]').waitFor();
    await expect(page.getByTestId('detail-wait').innerText()).resolves.toBe('取消等待');
    await page.getByTestId('detail-wait').click();
    await page.locator('[data-testid=task-detail-dialog] [data-testid=state-badge][data-state=INCOMPLETE]').waitFor();
    await page.getByTestId('detail-pause').click();
    await page.locator('[data-testid=task-detail-dialog] [data-testid=state-badge][data-state=PAUSED]').waitFor();
    await expect(page.getByTestId('detail-pause').innerText()).resolves.toBe('取消暂停');
    await page.getByTestId('detail-pause').click();
    await page.locator('[data-testid=task-detail-dialog] [data-testid=state-badge][data-state=INCOMPLETE]').waitFor();

    await page.getByTestId('detail-complete').click();
    await page.getByTestId('feedback-dialog').waitFor();
    await page.getByTestId('feedback-save').click();
    await expect(page.getByTestId('feedback-error').innerText()).resolves.toBe('请填写问题反馈');
    await page.getByTestId('feedback-text').fill('The export lost the time zone; fixed.');
    await shot(page, 'tasks-feedback-zh');
    await page.getByTestId('feedback-save').click();
    await page.getByTestId('feedback-dialog').waitFor({ state: 'detached' });
    await page.locator('[data-testid=task-detail-dialog] [data-testid=state-badge][data-state=COMPLETE]').waitFor();
    await expect(page.getByTestId('detail-feedback').innerText()).resolves.toBe('The export lost the time zone; fixed.');
    await context.close();
  });

  it('lets the assigner edit the task: 更新任务成功', async () => {
    const title = `面试安排 ${run}`;
    await createTask(title, 'consultant');
    const { context, page } = await newPage(browser);
    await login(page, 'admin', 'Admin#2026');
    await openTask(page, title, 'by-me');
    await page.getByTestId('detail-edit').click();
    const dialog = page.getByTestId('add-task-dialog');
    await dialog.waitFor();
    await expect(page.getByTestId('task-title').inputValue()).resolves.toBe(title);
    await page.getByTestId('task-title').fill(`${title} (updated)`);
    await page.getByTestId('add-task-save').click();
    await toast(page, '更新任务成功').waitFor();
    await page
      .getByTestId('detail-title')
      .filter({ hasText: `${title} (updated)` })
      .waitFor();
    await context.close();
  });
});

describe('rich-text editor', () => {
  it('neutralises a pasted XSS payload: nothing runs and nothing dangerous is stored or shown', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin', 'Admin#2026');
    await page.getByTestId('task-add').click();
    await page.getByTestId('task-editor-content').waitFor();
    await page.getByTestId('project-input').fill('2027');
    await page.getByTestId('project-option').first().click();
    const title = `XSS ${run}`;
    await page.getByTestId('task-title').fill(title);
    await page.getByTestId('staff-option').filter({ hasText: '张晓雯' }).click();
    await pasteHtml(
      page,
      'task-editor',
      '<p>safe text</p><img src="x" onerror="window.__xss=1"><script>window.__xss=2</script>' +
        '<a href="javascript:window.__xss=3">click me</a><iframe src="javascript:window.__xss=4"></iframe>' +
        '<p style="position:fixed;top:0" onclick="window.__xss=5">overlay</p><svg><script>window.__xss=6</script></svg>',
    );
    await page.getByTestId('add-task-save').click();
    await toast(page, '新增任务成功').waitFor();

    await openTask(page, title, 'by-me');
    const content = page.getByTestId('detail-content');
    await content.filter({ hasText: 'safe text' }).waitFor();
    const html = await content.innerHTML();
    expect(html).not.toMatch(/onerror|onclick|<script|javascript:|<iframe|<svg|position/i);
    await content
      .getByText('click me')
      .click({ trial: false })
      .catch(() => undefined);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    // The server is a defence of its own: what it stored is clean whatever the client sent.
    const stored = await adminGql<{ tasks: Edges<{ content: string }> }>('query($s: String) { tasks(filter: { search: $s }, first: 1) { edges { node { content } } } }', { s: title });
    const storedHtml = stored.data!.tasks.edges[0]!.node.content;
    expect(storedHtml).toContain('safe text');
    expect(storedHtml).not.toMatch(/onerror|onclick|<script|javascript:|<iframe|<svg|position/i);
    await context.close();
  });

  it('shows rich text that bypassed the editor (an integrator) without running it', async () => {
    const title = `Raw ${run}`;
    await createTask(title, 'consultant', { content: '<p>raw</p><img src=x onerror="window.__xss=7"><a href="javascript:window.__xss=8">raw link</a><script>window.__xss=9</script>' });
    const { context, page } = await newPage(browser);
    await login(page, 'admin', 'Admin#2026');
    await openTask(page, title, 'by-me');
    const content = page.getByTestId('detail-content');
    await content.filter({ hasText: 'raw' }).waitFor();
    expect(await content.innerHTML()).not.toMatch(/onerror|<script|javascript:/i);
    await content
      .getByText('raw link')
      .click()
      .catch(() => undefined);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await context.close();
  });

  it('applies the editor rules: links, images, embeds, tables, search, Tab, clear, word limit, attachments', async () => {
    const { context, page } = await newPage(browser, { width: 1600, height: 1000 });
    await login(page, 'admin', 'Admin#2026');
    await page.getByTestId('task-add').click();
    const editor = page.getByTestId('task-editor-content');
    await editor.waitFor();
    const message = page.getByTestId('editor-message');

    // Tab inserts four spaces.
    await editor.click();
    await page.keyboard.type('a');
    await page.keyboard.press('Tab');
    await page.keyboard.type('b');
    await expect(editor.innerText()).resolves.toBe('a\u00a0\u00a0\u00a0\u00a0b');

    // Undo history.
    await page.getByTestId('editor-undo').click();
    await expect(editor.innerText()).resolves.not.toContain('b');
    await page.getByTestId('editor-redo').click();

    // A link without a protocol gets http:// and the user is told.
    await page.keyboard.press('End');
    await page.getByTestId('editor-link').click();
    await page.getByTestId('editor-link-dialog').waitFor();
    await page.getByTestId('link-text').fill('school site');
    await page.getByTestId('link-href').fill('www.example.org/admissions');
    await shot(page, 'tasks-editor-link-zh');
    await page.getByTestId('link-save').click();
    await expect(message.innerText()).resolves.toBe('链接缺少协议，已自动添加 http://');
    await expect(editor.locator('a').getAttribute('href')).resolves.toBe('http://www.example.org/admissions');
    // javascript: is refused.
    await page.getByTestId('editor-link').click();
    await page.getByTestId('link-href').fill('javascript:alert(1)');
    await page.getByTestId('link-save').click();
    await expect(page.getByTestId('link-error').innerText()).resolves.toBe('链接地址不正确');
    // Closing with an address typed asks first (nothing typed is lost without a word).
    await page.locator('[data-testid=editor-link-dialog] button[aria-label="关闭"]').click();
    await page.getByTestId('discard-confirm').click();
    await page.getByTestId('editor-link-dialog').waitFor({ state: 'detached' });

    // Images: sizes must be numbers; only allowed formats or hosts.
    await page.getByTestId('editor-image').click();
    await page.getByTestId('editor-image-dialog').waitFor();
    await page.getByTestId('image-tab-url').click();
    await page.getByTestId('image-width').fill('12a');
    await page.getByTestId('image-url').fill('https://example.org/photo.png');
    await page.getByTestId('image-insert').click();
    await expect(page.getByTestId('image-error').innerText()).resolves.toBe('宽度和高度必须是数字');
    await page.getByTestId('image-width').fill('120');
    await page.getByTestId('image-url').fill('https://example.org/page.html');
    await page.getByTestId('image-insert').click();
    await expect(page.getByTestId('image-error').innerText()).resolves.toBe('图片格式或来源域名不被允许');
    await shot(page, 'tasks-editor-image-zh');
    // Upload: an empty file and a file that is not an image are refused.
    await page.getByTestId('image-tab-upload').click();
    await page.getByTestId('image-file').setInputFiles({ name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
    await expect(page.getByTestId('image-error').innerText()).resolves.toBe('文件为空');
    await page.getByTestId('image-file').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await expect(page.getByTestId('image-error').innerText()).resolves.toBe('文件类型不允许');
    // A real PNG is inserted inline.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.getByTestId('image-file').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('editor-image-dialog').waitFor({ state: 'detached' });
    await expect(editor.locator('img').getAttribute('src')).resolves.toMatch(/^data:image\/png;base64,/);
    // A pasted image file goes through the same checks; a disguised one is refused.
    const pasteFile = (name: string, base64: string) =>
      editor.evaluate(
        (el, [fileName, data]) => {
          const bytes = Uint8Array.from(atob(data!), (c) => c.charCodeAt(0));
          const transfer = new DataTransfer();
          transfer.items.add(new File([bytes], fileName!, { type: 'image/png' }));
          el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
        },
        [name, base64],
      );
    await pasteFile('pasted.png', png.toString('base64'));
    await expect.poll(() => editor.locator('img').count()).toBe(2);
    await pasteFile('fake.png', Buffer.from('<svg onload=alert(1)>').toString('base64'));
    // The refusal follows an asynchronous read of the file's first bytes.
    await expect.poll(() => message.innerText()).toBe('文件类型不允许');
    await expect(editor.locator('img').count()).resolves.toBe(2);

    // Video and iframe embeds by address, validated.
    await page.getByTestId('editor-video').click();
    await page.getByTestId('embed-url').fill('https://example.org/not-a-video');
    await page.getByTestId('embed-save').click();
    await expect(page.getByTestId('embed-error').innerText()).resolves.toBe('视频地址错误');
    await page.getByTestId('embed-url').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByTestId('embed-width').fill('wide');
    await page.getByTestId('embed-save').click();
    await expect(page.getByTestId('embed-error').innerText()).resolves.toBe('视频宽度或高度错误');
    await page.getByTestId('embed-width').fill('480');
    await shot(page, 'tasks-editor-video-zh');
    await page.getByTestId('embed-save').click();
    await expect(editor.locator('iframe').getAttribute('src')).resolves.toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    await page.getByTestId('editor-iframe').click();
    await page.getByTestId('embed-save').click();
    await expect(page.getByTestId('embed-error').innerText()).resolves.toBe('请输入页面地址');
    await page.locator('[data-testid=editor-iframe-dialog] button[aria-label="关闭"]').click();

    // Tables: the picker starts at 10×10 and grows towards 20×20.
    await editor.press('End');
    await page.getByTestId('editor-table').click();
    await page.getByTestId('table-picker').waitFor();
    await expect(page.locator('[data-testid^=table-cell-]').count()).resolves.toBe(100);
    await page.getByTestId('table-cell-10-10').hover();
    await expect(page.locator('[data-testid^=table-cell-]').count()).resolves.toBe(121);
    await page.getByTestId('table-cell-3-4').hover();
    await shot(page, 'tasks-editor-table-zh');
    await page.getByTestId('table-cell-3-4').click();
    await expect(editor.locator('table tr').count()).resolves.toBe(3);
    await expect(editor.locator('table tr').first().locator('th, td').count()).resolves.toBe(4);
    await page.getByTestId('table-add-row').click();
    await expect(editor.locator('table tr').count()).resolves.toBe(4);

    // Special characters and emoticons.
    await page.getByTestId('editor-special').click();
    await page.getByTestId('editor-special-dialog').waitFor();
    await shot(page, 'tasks-editor-special-zh');
    await page.getByTestId('char-option').filter({ hasText: '★' }).click();
    await page.getByTestId('editor-emoticon').click();
    await page.getByTestId('char-option').filter({ hasText: '👍' }).click();
    await expect(editor.innerText()).resolves.toContain('★');
    await expect(editor.innerText()).resolves.toContain('👍');

    // Search and replace: tells when it reaches the end.
    await page.getByTestId('editor-search').click();
    await page.getByTestId('search-needle').fill('school');
    await page.getByTestId('search-next').click();
    await page.getByTestId('search-next').click();
    await expect(message.innerText()).resolves.toBe('已经搜索到文章末尾！');
    await page.getByTestId('search-replacement').fill('college');
    await page.getByTestId('search-replace-all').click();
    await shot(page, 'tasks-editor-search-zh');
    await page.locator('[data-testid=editor-search-dialog] button[aria-label="关闭"]').click();
    await expect(editor.innerText()).resolves.toContain('college site');

    // Preview.
    await page.getByTestId('editor-preview').click();
    await page.getByTestId('editor-preview-dialog').filter({ hasText: 'college site' }).waitFor();
    await shot(page, 'tasks-editor-preview-zh');
    await page.locator('[data-testid=editor-preview-dialog] button[aria-label="关闭"]').click();

    // Attachments: at most 100 per pick; without a project they cannot be stored.
    const files = Array.from({ length: 101 }, (_, i) => ({ name: `f${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from('x') }));
    await page.getByTestId('editor-attachment-input').setInputFiles(files);
    await expect(message.innerText()).resolves.toBe('一次最多选择100个文件');
    await page.getByTestId('editor-attachment-input').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') }]);
    await expect(message.innerText()).resolves.toBe('请先选择项目，附件保存在项目文件中');
    // With a project, the file is stored as a project file and linked.
    await page.getByTestId('project-input').fill('2027');
    await page.getByTestId('project-option').first().click();
    await page.getByTestId('editor-attachment-input').setInputFiles([{ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) }]);
    await expect(message.innerText()).resolves.toBe('文件为空');
    await page.getByTestId('editor-attachment-input').setInputFiles([{ name: 'script.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') }]);
    await expect(message.innerText()).resolves.toBe('文件类型不允许');
    await editor.press('End');
    await page.getByTestId('editor-attachment-input').setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('meeting notes') }]);
    await editor.locator('a', { hasText: 'notes.txt' }).waitFor();
    await expect(editor.locator('a', { hasText: 'notes.txt' }).getAttribute('href')).resolves.toMatch(/^\/api\/admin\/project\/downloadFile\.htm\?id=\d+$/);

    // Word count and the 10000 limit.
    await expect(page.getByTestId('editor-count').innerText()).resolves.toMatch(/^已输入\d+个字符，还可以输入\d+个字符$/);
    await pasteHtml(page, 'task-editor', `<p>${'字'.repeat(10_001)}</p>`);
    await expect(page.getByTestId('editor-count').getAttribute('data-overflow')).resolves.toBe('true');
    await expect(page.getByTestId('editor-count').innerText()).resolves.toBe('字数超出最大允许值(10000)，服务器可能拒绝保存！');
    await shot(page, 'tasks-editor-overflow-zh');

    // Autosave: the draft is in local storage under the PC_ prefix.
    await page.getByTestId('editor-autosaved').waitFor();
    const draft = await page.evaluate(() => localStorage.getItem('PC_editorDraft_task-new'));
    expect(draft).toContain('college site');

    // Clear asks first.
    await page.getByTestId('editor-clear').click();
    await expect(page.getByTestId('editor-clear-dialog').innerText()).resolves.toContain('确定清空当前文档么？');
    await shot(page, 'tasks-editor-clear-zh');
    await page.getByTestId('editor-clear-confirm').click();
    await expect(editor.innerText().then((text) => text.trim())).resolves.toBe('');

    // A new dialog offers the draft back.
    await page.getByTestId('add-task-cancel').click();
    await page.getByTestId('task-add').click();
    await page.getByTestId('task-editor-content').waitFor();
    await context.close();
  });
});

describe('screens in English', () => {
  it('shows the list, the dialogs and the editor in English (a user whose language is English)', async () => {
    // A bug yang.fan assigned to himself: he sees every button (edit, delete, reassign, 问题反馈).
    const title = `Essay review ${run}`;
    await createTask(title, 'yang.fan', { priority: 'URGENT', type: 'BUG' }, ['yang.fan', PASSWORD]);
    const { context, page } = await newPage(browser);
    // The page loads in Chinese (no cookie yet); after login, without a reload, every text
    // follows the user's English: the shell's and the areas' (tasks, calendar).
    await login(page, 'yang.fan', PASSWORD);
    await page.getByTestId('working-tasks').waitFor();
    await page.getByTestId('task-list').getByText('Assigned to me').waitFor();
    await page
      .locator('.rbc-toolbar button')
      .filter({ hasText: /^Week$/ })
      .waitFor();
    await expect(page.getByTestId('working-tasks').innerText()).resolves.not.toMatch(/指派给我|我指派的/);
    await page.getByTestId('task-row').first().waitFor();
    await page.getByTestId('working-tasks').screenshot({ path: path.join(SCREENSHOTS, 'tasks-list-en.png') });

    await page.getByTestId('task-add').click();
    await page.getByTestId('task-editor-content').waitFor();
    await page.getByTestId('add-task-save').click();
    await expect(page.getByTestId('add-task-error').innerText()).resolves.toBe('Please choose a project');
    await shot(page, 'tasks-add-en');
    // Editor dialogs in English.
    await page.getByTestId('editor-link').click();
    await page.getByTestId('editor-link-dialog').getByText('Link').first().waitFor();
    await shot(page, 'tasks-editor-link-en');
    await page.locator('[data-testid=editor-link-dialog] button[aria-label="Close"]').click();
    await page.getByTestId('editor-search').click();
    await page.getByTestId('editor-search-dialog').waitFor();
    await shot(page, 'tasks-editor-search-en');
    await page.locator('[data-testid=editor-search-dialog] button[aria-label="Close"]').click();
    await page.getByTestId('add-task-cancel').click();

    await openTask(page, title, 'to-me');
    await expect(page.getByTestId('detail-complete').innerText()).resolves.toBe('Complete');
    await expect(page.getByTestId('detail-skill').innerText()).resolves.toBe('No skill stack');
    await shot(page, 'tasks-detail-en');
    for (const [button, dialog, name] of [
      ['detail-priority', 'priority-dialog', 'priority'],
      ['detail-append', 'addition-dialog', 'append'],
      ['detail-schedule', 'schedule-dialog', 'schedule'],
      ['detail-reassign', 'reassign-dialog', 'reassign'],
      ['detail-delete', 'delete-dialog', 'delete'],
      ['detail-complete', 'feedback-dialog', 'feedback'],
    ] as const) {
      await page.getByTestId(button).click();
      await page.getByTestId(dialog).waitFor();
      if (name === 'append') await page.getByTestId('addition-editor-content').waitFor();
      if (name === 'delete') await expect(page.getByTestId('delete-question').innerText()).resolves.toBe('Delete this task?');
      await shot(page, `tasks-${name}-en`);
      await page.locator(`[data-testid=${dialog}] button[aria-label="Close"]`).first().click();
      await page.getByTestId(dialog).waitFor({ state: 'detached' });
    }
    // Nothing was changed by opening and closing the dialogs.
    await page.locator('[data-testid=task-detail-dialog] [data-testid=state-badge][data-state=INCOMPLETE]').waitFor();
    await context.close();
  });
});
