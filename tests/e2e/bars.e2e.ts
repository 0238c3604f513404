/**
 * Issue 16: the screens we have, held to the bars (docs/ui-bars.md). Each problem the issue
 * lists has a check here so it cannot come back, and every screen is photographed at 1440,
 * 1024 and 390 px in Chinese and English with axe-core finding nothing serious or critical
 * (tests/e2e/screenshots/bars-*.png; a person looks at them).
 */
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_EVENT, CREATE_TASK, gql, me } from './api.ts';
import { expectNoSeriousAxe, launch, login, newPage, open, sidewaysOverflow, setLanguage, settle, shootEverywhere, shot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const run = Math.random().toString(36).slice(2, 6);
const toolbar = (page: Page, text: RegExp) => page.locator('.rbc-toolbar button').filter({ hasText: text });
const next = (page: Page) => page.locator('.rbc-toolbar .rbc-btn-group').first().locator('button').nth(2).click();
async function settled(page: Page) {
  await page.locator('[data-testid=calendar][data-pending="0"]').waitFor();
  await settle(page);
}
async function view(page: Page, name: RegExp) {
  await toolbar(page, name).click();
  await settled(page);
}
/** Moves the calendar until its range starts on `day` or later (week or month views). */
async function forwardTo(page: Page, day: DateTime) {
  for (let i = 0; i < 12; i++) {
    const to = DateTime.fromISO((await page.getByTestId('calendar').getAttribute('data-to'))!);
    if (to > day) return;
    await next(page);
    await settled(page);
  }
}
const logged: string[] = [];
const note = (names: string[]) => logged.push(...names);
afterAll(() => console.log(`screenshots (tests/e2e/screenshots):\n  ${logged.join('\n  ')}`));

// ── data: wang.fang's calendar (no other browser test uses it) ──

let wang: { id: string; databaseId: number; zone: string };
/** Monday of the week three weeks ahead: a quiet future week. */
let monday: DateTime;
/** A busy day next month: seven events. */
let busyDay: DateTime;

beforeAll(async () => {
  wang = await me('wang.fang');
  monday = DateTime.now().setZone(wang.zone).startOf('week').plus({ weeks: 3 });
  busyDay = DateTime.now().setZone(wang.zone).startOf('month').plus({ months: 2, days: 9 }).set({ hour: 8 });
  const event = (title: string, start: DateTime, minutes: number, extra: Record<string, unknown> = {}) =>
    gql('wang.fang', CREATE_EVENT, { input: { title, startAt: start.toUTC().toISO(), endAt: start.plus({ minutes }).toUTC().toISO(), timeZone: wang.zone, force: true, published: true, ...extra } });
  // Four clashing bookings by someone else (the conflict list), a 30-minute meeting, a draft.
  for (let i = 0; i < 4; i++)
    await gql('manager', CREATE_EVENT, {
      input: {
        title: `Parent meeting ${i + 1}`,
        startAt: monday
          .plus({ days: 2, hours: 14, minutes: i * 15 })
          .toUTC()
          .toISO(),
        endAt: monday.plus({ days: 2, hours: 15 }).toUTC().toISO(),
        participantIds: [wang.id],
        published: true,
        timeZone: wang.zone,
        force: true,
      },
    });
  await event('Stand-up with the US team', monday.plus({ days: 1, hours: 10 }), 30);
  await event('Draft: essay workshop', monday.plus({ days: 3, hours: 11 }), 90, { published: false });
  // A weekly series on Monday and Wednesday, 8 times.
  await event('Weekly review', monday.plus({ hours: 16 }), 60, { recurrence: { freq: 'WEEKLY', interval: 1, byWeekday: ['MO', 'WE'], count: 8 } });
  for (let i = 0; i < 7; i++) await event(`Busy ${i + 1} ${['Interview', 'Lesson', 'Call'][i % 3]}`, busyDay.plus({ hours: i }), 30, { published: i % 2 === 0 });
});

async function openCalendar(page: Page) {
  await login(page, 'wang.fang', 'Staff#2026');
  await page.getByTestId('calendar').waitFor();
  await settled(page);
}

describe('login', () => {
  it('focuses the account, keeps the strength hint whole, says a network failure in the page language', async () => {
    const { context, page } = await newPage(browser);
    await open(page, '/login');
    await page.locator('input[name=account]').waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('account');
    await page.locator('input[name=password]').fill('abcdefgH1');
    const strength = page.getByTestId('password-strength');
    // One line: the strength never breaks inside its phrase.
    await expect.poll(async () => (await strength.boundingBox())!.height).toBeLessThan(26);
    note(
      await shootEverywhere(page, 'bars-login', async (p) => {
        await p.locator('input[name=account]').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      }),
    );
    // Offline: the transport's words, never the browser's "Failed to fetch".
    await page.route('**/graphql', (route) => route.abort('internetdisconnected'));
    await page.locator('input[name=account]').fill('consultant');
    await page.locator('input[name=password]').fill('Staff#2026');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.getByTestId('login-error').innerText()).toBe('网络连接失败，请检查网络后重试');
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    await shot(page, 'bars-login-offline-zh');
    await context.close();
  });
});

describe('My Calendar', () => {
  it('shows titles of 30-minute events, readable drafts, +N more in busy months, each view without serious axe findings', async () => {
    const { context, page } = await newPage(browser);
    await openCalendar(page);
    await forwardTo(page, monday);
    // A 30-minute event shows its time and title on its one line.
    const standUp = page.locator('.rbc-time-content .rbc-event').filter({ hasText: 'Stand-up with the US team' });
    await standUp.waitFor();
    await expect.poll(() => standUp.locator('.bo-cal-oneline').innerText()).toBe('10:00 Stand-up with the US team');
    const title = await standUp.locator('.bo-cal-oneline').evaluate((el) => {
      const r = el.getBoundingClientRect();
      const box = el.closest('.rbc-event')!.getBoundingClientRect();
      return { visible: r.height > 0 && r.top >= box.top - 1 && r.top < box.bottom, italic: getComputedStyle(el).fontStyle };
    });
    expect(title.visible).toBe(true);
    // A draft reads as dark upright text (no italics, no white text on stripes).
    const draft = page.locator('.rbc-event.bo-cal-unpublished').filter({ hasText: 'Draft: essay workshop' });
    const look = await draft.evaluate((el) => ({ style: getComputedStyle(el.querySelector('.bo-cal-event')!).fontStyle, color: getComputedStyle(el).color, image: getComputedStyle(el).backgroundImage }));
    expect(look).toEqual({ style: 'normal', color: 'rgb(31, 41, 55)', image: 'none' });
    // The past weekdays without a log are said once for the range, not tagged on every day.
    expect(await page.getByTestId('empty-day').count()).toBe(0);
    await expectNoSeriousAxe(page, 'calendar week');
    await shot(page, 'bars-calendar-week-zh-1440');

    // The busy month: every cell ends with "+N more", no event is cut.
    await view(page, /^月$/);
    await forwardTo(page, busyDay.startOf('month').plus({ days: 14 }));
    const more = page.locator('.rbc-show-more').first();
    await expect.poll(() => more.innerText()).toMatch(/^还有\d+项$/);
    const cut = await page.locator('.rbc-month-row').evaluateAll((rows) =>
      rows.flatMap((row) => {
        const bottom = row.getBoundingClientRect().bottom;
        return [...row.querySelectorAll('.rbc-event')].filter((e) => e.getBoundingClientRect().bottom > bottom + 0.5).map((e) => e.textContent);
      }),
    );
    expect(cut).toEqual([]);
    await shot(page, 'bars-calendar-month-busy-zh-1440');
    await expectNoSeriousAxe(page, 'calendar month');
    await more.click();
    await page.locator('.rbc-overlay').waitFor();
    await expect.poll(() => page.locator('.rbc-overlay .rbc-event').count()).toBe(7);
    await shot(page, 'bars-calendar-month-more-zh-1440');
    await page.getByTestId('calendar-title').click(); // outside the popup: it closes
    await page.locator('.rbc-overlay').waitFor({ state: 'detached' });

    // The agenda of the next 30 days (the quiet week with the draft is three weeks ahead).
    await toolbar(page, /^今天$/).click();
    await view(page, /^列表$/);
    // Agenda: the date and time cells stay plain, the draft is a chip.
    const cells = await page
      .locator('.rbc-agenda-table tbody tr')
      .first()
      .evaluate((tr) => getComputedStyle(tr).backgroundColor);
    expect(cells).toBe('rgba(0, 0, 0, 0)');
    await expectNoSeriousAxe(page, 'calendar agenda');
    await view(page, /^日$/);
    await expectNoSeriousAxe(page, 'calendar day');
    await view(page, /^周$/);

    note(
      await shootEverywhere(page, 'bars-calendar', async (p, _lang, width) => {
        await p.getByTestId('calendar').waitFor();
        await settled(p);
        expect(await sidewaysOverflow(p)).toEqual([]);
        // A phone shows a day (or the agenda), never seven squeezed columns.
        if (width < 768) expect(await p.getByTestId('calendar').getAttribute('data-view')).not.toBe('week');
      }),
    );
    await context.close();
  });

  it('shows the range being loaded at once while a slow network answers', async () => {
    const { context, page } = await newPage(browser);
    await openCalendar(page);
    const label = page.getByTestId('calendar-label');
    const before = await label.innerText();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'MyCalendarRangeQuery') await held;
      return route.fallback();
    });
    await next(page);
    await page.getByTestId('calendar-loading').waitFor();
    await expect.poll(() => page.getByTestId('calendar').getAttribute('aria-busy')).toBe('true');
    const loadingLabel = await label.innerText();
    expect(loadingLabel).not.toBe(before);
    expect(loadingLabel).toContain('加载中');
    await shot(page, 'bars-calendar-loading-zh-1440');
    release();
    await settled(page);
    expect(await page.getByTestId('calendar-loading').count()).toBe(0);
    await expect.poll(() => label.innerText()).toBe(loadingLabel.replace('加载中...', '').trim());
    await context.close();
  });

  it("heads another person's calendar with their name", async () => {
    const { context, page } = await newPage(browser);
    await openCalendar(page);
    await expect.poll(() => page.getByTestId('calendar-title').innerText()).toBe('我的日历');
    await page.getByTestId('people-picker-open').click();
    await page.getByTestId('person-option').filter({ hasText: '林晓' }).first().click();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('calendar-title').innerText()).toBe('林晓的日历');
    await context.close();
  });
});

describe('the event dialog', () => {
  it('keeps Save and Cancel in reach with the conflict list (1440×900 and 390 px), clears a fixed field, keeps input when a save fails', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 900 });
    await openCalendar(page);
    await forwardTo(page, monday);
    // New event from the button: the opener gets focus back when the dialog closes.
    await page.getByTestId('event-new').click();
    const dialog = page.getByTestId('event-dialog');
    await dialog.waitFor();
    // Dates as yyyy-MM-dd and times on the 24-hour clock, whatever the browser's locale.
    await expect.poll(() => page.locator('input[name=start-date]').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect.poll(() => page.locator('select[name=start-time]').inputValue()).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('event-new');

    // Select Wednesday 13:00–16:00, over the four bookings.
    const column = page.locator('.rbc-time-content > .rbc-day-slot').nth(2);
    const from = column.locator('.rbc-timeslot-group').nth(13);
    await from.scrollIntoViewIfNeeded();
    const a = (await from.boundingBox())!;
    const b = (await column.locator('.rbc-timeslot-group').nth(15).boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2, b.y + b.height - 4, { steps: 8 });
    await page.mouse.up();
    await dialog.waitFor();
    await expect.poll(() => page.locator('select[name=start-time]').inputValue()).toBe('13:00');
    await expect.poll(() => page.locator('select[name=end-time]').inputValue()).toBe('16:00');
    // The title's message goes as soon as the title is there.
    await page.getByTestId('event-save').click();
    await expect.poll(() => page.getByTestId('title-error').innerText()).toBe('请填写日程标题');
    await page.locator('input[name=title]').fill('Essay review');
    await expect.poll(() => page.getByTestId('title-error').count()).toBe(0);
    // Weekly on chosen days: seven toggles on one line.
    await page.locator('select[name=freq]').selectOption('WEEKLY');
    const tops = await page.locator('[data-testid^=weekday-]').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await page.locator('select[name=freq]').selectOption('NONE');
    await expectNoSeriousAxe(page, 'event dialog');

    await page.getByTestId('event-save').click();
    await page.getByTestId('conflict-panel').waitFor();
    await expect.poll(() => page.getByTestId('conflict-row').count()).toBe(4);
    await page.waitForTimeout(400);
    const reach = async () => {
      const save = (await page.getByTestId('event-save').boundingBox())!;
      const vp = page.viewportSize()!;
      return save.y >= 0 && save.y + save.height <= vp.height && save.x + save.width <= vp.width;
    };
    expect(await reach()).toBe(true);
    await shot(page, 'bars-event-conflict-zh-1440x900');
    await expectNoSeriousAxe(page, 'event dialog with conflicts');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(400);
    expect(await reach()).toBe(true);
    const content = await dialog.evaluate((el) => ({ width: el.getBoundingClientRect().width, right: el.getBoundingClientRect().right, sideways: el.scrollWidth > el.clientWidth + 1 }));
    expect(content.right).toBeLessThanOrEqual(390);
    expect(content.sideways).toBe(false);
    await shot(page, 'bars-event-conflict-zh-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    // A failed save keeps the dialog and everything typed, with the transport's message.
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (body?.operationName === 'EventDialogCreateMutation') return route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' });
      return route.fallback();
    });
    await page.getByTestId('conflict-save-anyway').click();
    await expect.poll(() => page.getByTestId('event-error').innerText()).toContain('服务异常');
    expect(await page.locator('input[name=title]').inputValue()).toBe('Essay review');
    await page.unroute('**/graphql');
    await page.getByTestId('event-save').click();
    await page.getByTestId('conflict-save-anyway').click();
    await dialog.waitFor({ state: 'detached' });
    // The toast stays clear of the top menu (below the top bar).
    const toast = page.getByTestId('toast').filter({ hasText: '保存成功' });
    await toast.waitFor();
    const bar = (await page.getByTestId('top-bar').boundingBox())!;
    // (polled: the toast slides in from above)
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await context.close();
  });

  it('summarises the rule of an occurrence of a series and starts a new event in working hours', async () => {
    const { context, page } = await newPage(browser);
    // 22:00 on a Tuesday: a new event starts at 09:00 the next morning (before: 23:00).
    await page.clock.setFixedTime(monday.plus({ days: 1, hours: 22 }).toJSDate());
    await openCalendar(page);
    await page.getByTestId('event-new').click();
    await expect.poll(() => page.locator('input[name=start-date]').inputValue()).toBe(monday.plus({ days: 2 }).toISODate());
    await expect.poll(() => page.locator('select[name=start-time]').inputValue()).toBe('09:00');
    await page.keyboard.press('Escape');
    await page.getByTestId('event-dialog').waitFor({ state: 'detached' });
    await page.locator('.rbc-time-content .rbc-event').filter({ hasText: 'Weekly review' }).first().click();
    await page.getByTestId('event-scope').waitFor();
    await expect.poll(() => page.getByTestId('recurrence-summary').innerText()).toContain('每周一、三，共 8 次');
    await shot(page, 'bars-event-occurrence-zh-1440');
    await setLanguage(page, 'en').catch(async () => {
      await page.keyboard.press('Escape');
      await setLanguage(page, 'en');
    });
    await closeAndReopen(page, 'Weekly review');
    await expect.poll(() => page.getByTestId('recurrence-summary').innerText()).toContain('Weekly on Mon, Wed, 8 times');
    await shot(page, 'bars-event-occurrence-en-1440');
    await page.keyboard.press('Escape');
    await setLanguage(page, 'zh');
    await context.close();
  });

  it('photographs the event dialog at every width in both languages', async () => {
    const { context, page } = await newPage(browser);
    await openCalendar(page);
    note(
      await shootEverywhere(page, 'bars-event-dialog', async (p) => {
        await p.getByTestId('event-new').click();
        await p.getByTestId('event-dialog').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      }),
    );
    await context.close();
  });
});

async function closeAndReopen(page: Page, title: string) {
  for (let i = 0; i < 3 && (await page.locator('[role=dialog]').count()); i++) await page.keyboard.press('Escape');
  await settle(page);
  await page.locator('.rbc-time-content .rbc-event').filter({ hasText: title }).first().click();
  await page.getByTestId('event-scope').waitFor();
}

// ── tasks ──

type Edges<N> = { edges: Array<{ node: N }> };
async function personId(account: string): Promise<string> {
  const res = await gql<{ people: Edges<{ id: string; account: string }> }>('admin', 'query($s: String) { people(filter: { search: $s, type: STAFF }, first: 5) { edges { node { id account } } } }', { s: account });
  return res.people.edges.find((e) => e.node.account === account)!.node.id;
}
async function newTask(assigner: string, title: string, executor: string, extra: Record<string, unknown> = {}): Promise<string> {
  const projects = await gql<{ projects: Edges<{ id: string }> }>(assigner, '{ projects(first: 1, excludeStates: [FINISHED, CANCELLED]) { edges { node { id } } } }');
  const res = await gql<{ createTask: { __typename: string; task?: { id: string }; message?: string } }>(assigner, CREATE_TASK, {
    i: { projectId: projects.projects.edges[0]!.node.id, title, executorId: await personId(executor), ...extra },
  });
  if (!res.createTask.task) throw new Error(res.createTask.message);
  return res.createTask.task.id;
}

async function openTask(page: Page, title: string) {
  await page.getByTestId('filter-search').fill(title);
  await page.getByTestId('filter-search').press('Enter');
  await page.getByTestId('task-row').filter({ hasText: title }).first().click();
  await page.getByTestId('task-detail-dialog').waitFor();
  await page.getByTestId('detail-title').filter({ hasText: title }).waitFor();
}

describe('tasks', () => {
  it('at 390 px: titles beside their badges, the staff picker above the project field, nothing sideways', async () => {
    const long = `联系学校招生官确认面试时间与材料清单并同步给家长 ${run}`;
    await newTask('admin', long, 'consultant', { type: 'BUG', priority: 'URGENT' });
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await login(page, 'consultant', 'Staff#2026');
    await open(page, '/mission/task-list');
    const row = page.getByTestId('task-row').filter({ hasText: run }).first();
    await row.waitFor();
    const geometry = await row.evaluate((el) => {
      const title = el.querySelector('[data-testid=task-row-title]')!.getBoundingClientRect();
      const state = el.querySelector('[data-testid=state-badge]')?.getBoundingClientRect();
      return { titleRight: title.right, stateLeft: state?.left ?? Infinity, titleWidth: title.width, lines: Math.round(title.height / 20) };
    });
    expect(geometry.titleRight).toBeLessThanOrEqual(geometry.stateLeft);
    expect(geometry.titleWidth).toBeGreaterThan(150);
    // A bug is 问题 in Chinese (before: "BUG").
    await expect.poll(() => row.innerText()).toContain('问题');
    expect(await row.innerText()).not.toContain('BUG');
    expect(await sidewaysOverflow(page)).toEqual([]);
    await shot(page, 'bars-task-list-zh-390');
    await page.getByTestId('task-add').click();
    await page.getByTestId('add-task-dialog').waitFor();
    await page.getByTestId('staff-option').first().waitFor();
    const picker = (await page.getByTestId('staff-picker-panel').boundingBox())!;
    const project = (await page.getByTestId('project-input').boundingBox())!;
    expect(picker.y + picker.height).toBeLessThanOrEqual(project.y);
    await shot(page, 'bars-add-task-zh-390');
    // Validation under its field only: no toast over the page, none left behind.
    await page.getByTestId('add-task-save').click();
    await expect.poll(() => page.getByTestId('add-task-error').innerText()).toBe('请选择项目');
    expect(await page.getByTestId('toast').count()).toBe(0);
    await context.close();
  });

  it('asks for a link address first, then its text, each with a visible label', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'consultant', 'Staff#2026');
    await open(page, '/mission/task-list');
    await page.getByTestId('task-add').click();
    await page.getByTestId('task-editor-content').click();
    await page.getByTestId('editor-link').click();
    const dialog = page.getByTestId('editor-link-dialog');
    await dialog.waitFor();
    const order = await dialog.locator('input').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(order.slice(0, 2)).toEqual(['link-href', 'link-text']);
    // Labels, not placeholders: each input is named by a visible <label>.
    for (const id of ['link-href', 'link-text']) {
      const labelled = await dialog.getByTestId(id).evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? '');
      expect(labelled).not.toBe('');
    }
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('link-href');
    await expectNoSeriousAxe(page, 'link dialog');
    await shot(page, 'bars-link-dialog-zh-1440');
    await context.close();
  });

  it('shows the schedule hours empty and required, the English log in English, every task dialog without serious axe findings', async () => {
    const title = `Bars review ${run}`;
    // The project is named in English too: the first open project may be any other file's Chinese-named one.
    const made = await gql<{ createProject: { project?: { id: string }; message?: string } }>(
      'admin',
      'mutation($i: CreateProjectInput!) { createProject(input: $i) { ... on ProjectPayload { project { id } } ... on Error { message } } }',
      { i: { name: `Bars project ${run}` } },
    );
    if (!made.createProject.project) throw new Error(made.createProject.message);
    await newTask('huang.siqi', title, 'consultant', { projectId: made.createProject.project.id });
    const { context, page } = await newPage(browser);
    // huang.siqi's language is English: the log's executor is 张晓雯's English name.
    await login(page, 'huang.siqi', 'Staff#2026');
    await open(page, '/mission/task-list');
    await page.getByTestId('tab-by-me').click();
    await page.getByTestId('task-row').first().waitFor();
    await openTask(page, title);
    const line = page.getByTestId('log-line').first();
    await expect.poll(() => line.innerText()).toContain('Executor: Xiaowen Zhang');
    expect(await page.getByTestId('task-detail-dialog').innerText()).not.toMatch(/[\u4e00-\u9fff]/);
    await expectNoSeriousAxe(page, 'task detail (en)');
    await shot(page, 'bars-task-detail-en-1440');
    // Every sub-dialog, then back.
    for (const [button, dialog] of [
      ['detail-append', 'addition-dialog'],
      ['detail-reassign', 'reassign-dialog'],
      ['detail-priority', 'priority-dialog'],
      ['detail-schedule', 'schedule-dialog'],
      ['detail-delete', 'delete-dialog'],
      ['detail-edit', 'add-task-dialog'],
    ] as const) {
      await page.getByTestId(button).click();
      await page.getByTestId(dialog).waitFor();
      if (dialog === 'schedule-dialog') {
        const hours = page.getByTestId('schedule-hours');
        expect(await hours.inputValue()).toBe('');
        expect(await hours.getAttribute('placeholder')).toBeNull();
        expect(await hours.getAttribute('aria-required')).toBe('true');
        await expect.poll(() => page.getByTestId('schedule-begin').inputValue()).toBe('09:00');
      }
      await expectNoSeriousAxe(page, `${dialog} (en)`);
      await shot(page, `bars-${dialog}-en-1440`);
      await page.keyboard.press('Escape');
      await page.getByTestId(dialog).waitFor({ state: 'detached' });
      // Focus is back on the button that opened it.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(button);
    }
    await context.close();
  });

  it('photographs the task list, the add-task and the detail dialogs at every width in both languages', async () => {
    const title = `Bars photo ${run}`;
    await newTask('admin', title, 'consultant', { type: 'BUG' });
    const { context, page } = await newPage(browser);
    await login(page, 'consultant', 'Staff#2026');
    await open(page, '/mission/task-list');
    await page.getByTestId('task-rows').waitFor();
    note(
      await shootEverywhere(page, 'bars-task-list', async (p) => {
        await p.getByTestId('task-rows').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      }),
    );
    note(
      await shootEverywhere(page, 'bars-add-task', async (p) => {
        await p.getByTestId('task-add').click();
        await p.getByTestId('add-task-dialog').waitFor();
        await p.getByTestId('task-editor-content').waitFor();
      }),
    );
    note(
      await shootEverywhere(page, 'bars-task-detail', async (p) => {
        await openTask(p, title);
        await p.getByTestId('log-line').first().waitFor();
      }),
    );
    // 问题反馈 (completing a bug) as the executor.
    await openTask(page, title);
    await page.getByTestId('detail-complete').click();
    await page.getByTestId('feedback-dialog').waitFor();
    await expectNoSeriousAxe(page, 'feedback dialog');
    await shot(page, 'bars-feedback-dialog-zh-1440');
    await context.close();
  });
});

// ── shell, notices and letters ──

describe('shell', () => {
  it('never offers the sales role a menu it cannot open', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'sales', 'Staff#2026');
    const keys = await page
      .getByTestId('main-menu')
      .locator('[data-menu-key]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-key')));
    expect(keys).not.toContain('people');
    expect(keys).toContain('working');
    await shot(page, 'bars-menu-sales-zh-1440');
    await context.close();
  });

  it('keeps the English menu usable: every section named at 1440, sections with submenus in "more" at 1024', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin', 'Admin#2026');
    await setLanguage(page, 'en');
    const menu = page.getByTestId('main-menu');
    await expect.poll(() => menu.locator('[data-menu-key]').count()).toBeGreaterThan(4);
    // Every section in the bar shows its name at 1440 (issue 32: never an icon with the name only in a tooltip); the icons go first, then "more".
    const names = await menu.locator(':scope > [data-menu-key]').evaluateAll((els) => els.map((e) => (e as HTMLElement).innerText.trim()));
    expect(names.every((n) => /^[A-Za-z]/.test(n))).toBe(true);
    await expectNoSeriousAxe(page, 'top menu (en)');
    await shot(page, 'bars-menu-en-1440');
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByTestId('menu-more').click();
    const groups = page.getByTestId('menu-more-list').locator('[data-menu-group]');
    await expect.poll(() => groups.count()).toBeGreaterThan(0);
    // Short: one line per section, not every page of every section.
    expect(await page.getByTestId('menu-more-list').locator('[role=menuitem]').count()).toBeLessThan(12);
    await groups.first().click();
    await page.locator('[role=menu]').nth(1).waitFor();
    await shot(page, 'bars-menu-more-en-1024');
    await closeAndSwitch(page);
    await context.close();
  });

  it('names a notice or letter tab after it, keeps the active tab in sight, shows 404 once; notices and letters at every width', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'consultant', 'Staff#2026');
    await open(page, '/notice');
    const row = page.getByTestId('notice-row').first();
    await row.waitFor();
    const itemTitle = (await row.getAttribute('data-title')) ?? (await row.locator('[data-testid=notice-title]').innerText());
    await row.click();
    await page.getByTestId('notice-detail').waitFor();
    const active = page.locator('[data-testid=tag][data-active=true]');
    await expect.poll(() => active.innerText()).toContain(itemTitle.slice(0, 6));
    await expectNoSeriousAxe(page, 'notice detail');
    // Many tabs: the active one is scrolled into the strip.
    for (const path of ['/mission/task-list', '/notice', '/project/list', '/school/list', '/archives/list', '/progress', '/course/list']) await open(page, path);
    await page.setViewportSize({ width: 1024, height: 768 });
    await open(page, '/mission/task-list');
    const inSight = async () => {
      const tag = (await active.boundingBox())!;
      const strip = (await page.getByTestId('tags-view').boundingBox())!;
      return tag.x >= strip.x && tag.x + tag.width <= strip.x + strip.width;
    };
    await expect.poll(inSight).toBe(true);
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, '/no/such/page');
    await page.getByTestId('error-404').waitFor();
    expect((await page.getByTestId('error-404').innerText()).match(/404/g)).toHaveLength(1);
    await open(page, '/notice');
    note(
      await shootEverywhere(page, 'bars-notices', async (p) => {
        await p.getByTestId('notice-row').first().waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      }),
    );
    await page.getByTestId('tab-letters').click();
    await expectNoSeriousAxe(page, 'letters');
    note(
      await shootEverywhere(page, 'bars-notice-detail', async (p) => {
        await open(p, '/notice');
        await p.getByTestId('notice-row').first().click();
        await p.getByTestId('notice-detail').waitFor();
      }),
    );
    await context.close();
  });

  it('shows the shell (top menu, tabs, user menu) at every width in both languages; a toast does not follow to another page', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'consultant', 'Staff#2026');
    note(
      await shootEverywhere(page, 'bars-user-menu', async (p, _lang, width) => {
        if (width < 1024) {
          await p.getByTestId('open-drawer').click();
          await p.getByTestId('menu-drawer').waitFor();
        } else {
          await p.getByTestId('user-menu').click();
          await p.locator('[role=menu]').first().waitFor();
        }
      }),
    );
    // A warning on one page is gone after moving to another.
    await open(page, '/mission/task-list');
    await page.getByTestId('task-add').click();
    await page.getByTestId('add-task-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=task-row]').first().click();
    await page.getByTestId('task-detail-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('tags-next').click();
    await page.getByTestId('tags-next').click();
    await page.getByTestId('toast').first().waitFor();
    await open(page, '/notice');
    await page.getByTestId('notice-list').waitFor();
    await expect.poll(() => page.getByTestId('toast').count()).toBe(0);
    await context.close();
  });
});

async function closeAndSwitch(page: Page) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1440, height: 900 });
  await setLanguage(page, 'zh');
}
