/**
 * Issue 32 item 13, "Smaller": names in the viewer's language in the application timeline, dates
 * as yyyy-MM-dd, English singulars, hours in the catalogue's unit, adding staff (time zone, mail
 * not pre-ticked, back to the list showing the new person, the add tab closed), calendar entries
 * in their project's colour, the Gantt's 今天 clear of the period labels, one name per right and
 * archive module, and an archive's solid button being its step forward. Screenshots ui-small-*.png.
 */
import { DateTime } from 'luxon';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, me, passwordOf } from './api.ts';
import { expectNoSeriousAxe, launch, login, newPage as rawNewPage, open, setLanguage, settle, shot, sidewaysOverflow } from './browser.ts';

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
const HAN = /[\u4e00-\u9fff]/;
const AMBIGUOUS_DATE = /\b\d{1,2}\/\d{1,2}\/\d{4}\b/;

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('names and dates follow the viewer’s language', () => {
  it('the application timeline names who changed it in English, with yyyy-MM-dd dates', { timeout: 120_000 }, async () => {
    const consultant = await gql<{ viewer: { user: { name: string; nameEn: string } } }>('consultant', '{ viewer { user { name nameEn } } }');
    const apps = await gql<{ applications: { edges: Array<{ node: { id: string; orderNum: number } }> } }>('consultant', '{ applications(first: 1) { edges { node { id orderNum } } } }');
    const app = apps.applications.edges[0]!.node;
    const changed = await gql<{ updateApplicationOrderNum: { __typename: string } }>('consultant', 'mutation($input: UpdateApplicationOrderNumInput!) { updateApplicationOrderNum(input: $input) { __typename } }', {
      input: { id: app.id, orderNum: app.orderNum + 1 },
    });
    expect(changed.updateApplicationOrderNum.__typename).toBe('ApplicationPayload');
    const { context, page } = await newPage();
    await login(page, 'consultant', passwordOf('consultant'));
    await open(page, `/application-progress/form/${encodeURIComponent(app.id)}`);
    await page.getByTestId('app-timeline').waitFor();
    await expect.poll(() => page.getByTestId('app-timeline').innerText()).toContain(consultant.viewer.user.name);
    await setLanguage(page, 'en');
    try {
      await page.reload();
      const timeline = page.getByTestId('app-timeline');
      await timeline.waitFor();
      await expect.poll(() => timeline.innerText()).toContain(consultant.viewer.user.nameEn);
      const text = await timeline.innerText();
      expect(text).not.toContain(consultant.viewer.user.name);
      expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
      expect(text).not.toMatch(AMBIGUOUS_DATE);
      await shot(page, 'ui-small-timeline-en-1440');
    } finally {
      await setLanguage(page, 'zh');
      await context.close();
    }
  });
});

describe('counts and units', () => {
  it('English says “1 working day”, never “1 working days”', { timeout: 120_000 }, async () => {
    const lecturer = await me('lecturer');
    const today = DateTime.now().setZone(lecturer.zone);
    if (today.weekday > 5) return; // the day view's empty day is a weekday
    // At 390 px the calendar shows one day: at most one day without a work log.
    const { context, page } = await newPage(390);
    await login(page, 'lecturer', passwordOf('lecturer'));
    await open(page, '/working');
    await page.getByTestId('calendar').waitFor();
    await setLanguage(page, 'en');
    try {
      const note = page.getByText(/working days? in view/).first();
      await note.waitFor();
      expect(await note.innerText()).toContain('1 working day in view has no work log');
      expect(await page.locator('body').innerText()).not.toMatch(/\b1 working days\b/);
      await shot(page, 'ui-small-empty-day-en-390');
    } finally {
      await setLanguage(page, 'zh');
      await context.close();
    }
  });
});

describe('calendar colours and the daily hours', () => {
  it('schedule entries of two projects are drawn in two colours; the daily page says 小时 in Chinese', { timeout: 150_000 }, async () => {
    const lecturer = await me('lecturer');
    const list = await gql<{ projects: { edges: Array<{ node: { id: string; databaseId: number; name: string } }> } }>(
      'lecturer',
      '{ projects(first: 10, excludeStates: [FINISHED, CANCELLED]) { edges { node { id databaseId name } } } }',
    );
    const projects = list.projects.edges.map((e) => e.node);
    const first = projects[0]!;
    const second = projects.find((p) => p.databaseId % 10 !== first.databaseId % 10);
    expect(second, 'two projects with different palette colours').toBeTruthy();
    // A Tuesday well in the future that no other file uses (schedule.e2e.ts writes the lecturer's
    // weeks 2 to 7 ahead and expects week 7 empty at first; the files may share a database).
    const monday = DateTime.now().setZone(lecturer.zone).startOf('week').plus({ weeks: 11 });
    const tuesday = monday.plus({ days: 1 }).toISODate()!;
    const saved = await gql<{ saveScheduleEntries: { __typename: string; message?: string } }>(
      'lecturer',
      `mutation($input: SaveScheduleEntriesInput!) { saveScheduleEntries(input: $input) { __typename ... on Error { message } } }`,
      {
        input: {
          rows: [
            { workDate: tuesday, projectId: first.id, hours: 7.5 },
            { workDate: tuesday, projectId: second!.id, hours: 2, begin: '19:00', end: '21:00', scheduleType: 'OVERTIME' },
          ],
        },
      },
    );
    expect(saved.saveScheduleEntries.__typename, saved.saveScheduleEntries.message).toBe('SaveScheduleEntriesPayload');

    const { context, page } = await newPage();
    await login(page, 'lecturer', passwordOf('lecturer'));
    await open(page, '/working');
    const cal = page.getByTestId('calendar');
    await cal.waitFor();
    if ((await cal.getAttribute('data-view')) !== 'week') {
      await page
        .locator('.rbc-toolbar button')
        .filter({ hasText: /^(周|Week)$/ })
        .click();
    }
    // Forward a week at a time to `monday` (eleven weeks ahead).
    for (let i = 0; i < 15; i++) {
      await page.locator('[data-testid=calendar][data-pending="0"]').waitFor();
      const from = DateTime.fromISO((await cal.getAttribute('data-from'))!).setZone(lecturer.zone);
      if (Math.round(monday.diff(from, 'days').days / 7) === 0) break;
      await page.locator('.rbc-toolbar .rbc-btn-group').first().locator('button').nth(2).click();
    }
    const entries = page.locator('.rbc-time-content > .rbc-day-slot').nth(1).locator('.bo-cal-entry');
    await expect.poll(() => entries.count()).toBe(2);
    const fills = await entries.evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    expect(new Set(fills).size, fills.join(' | ')).toBe(2);
    await shot(page, 'ui-small-calendar-colours-zh-1440');

    await open(page, `/mission/daily-work?day=${tuesday}`);
    const day = page.getByTestId(`daily-day-${tuesday}`);
    await day.waitFor();
    await expect.poll(() => day.innerText()).toContain('9.5小时');
    expect(await day.innerText()).not.toMatch(/\d h\b/);
    await shot(page, 'ui-small-daily-hours-zh-1440');
    await context.close();
  });
});

describe('adding staff', () => {
  it('the form has a time zone, mailing is not pre-ticked, and saving returns to the list showing the new person with the add tab closed', { timeout: 150_000 }, async () => {
    const name = `新同事${run}`;
    const { context, page } = await newPage();
    await login(page, 'admin', passwordOf('admin'));
    await open(page, '/people/list');
    await page.getByTestId('staff-table').waitFor();
    await page.getByTestId('staff-add').click();
    await page.getByTestId('staff-add-page').waitFor();
    await expect.poll(() => page.locator('[data-testid=tag][data-path="/people/add"]').count()).toBe(1);
    expect(await page.getByTestId('staff-sendMail').getAttribute('data-state')).toBe('unchecked');
    const zone = page.getByTestId('staff-timeZone');
    await zone.waitFor();
    await zone.selectOption('America/New_York');
    await page.getByTestId('staff-name').fill(name);
    await page.getByTestId('staff-account').fill(`e2e.small.${run}`);
    await page.getByTestId('staff-role-lecturer').click();
    await shot(page, 'ui-small-staff-add-zh-1440');
    await page.getByTestId('staff-add-save').click();
    await page.getByTestId('password-done').click();
    // Back on the list, which shows the new person; the add tab is gone.
    await page.getByTestId('staff-list').waitFor();
    await expect.poll(() => page.getByTestId('staff-table-row').filter({ hasText: name }).count()).toBe(1);
    await expect.poll(() => page.locator('[data-testid=tag][data-path="/people/add"]').count()).toBe(0);
    await shot(page, 'ui-small-staff-added-zh-1440');
    const saved = await gql<{ people: { edges: Array<{ node: { timeZone: string; sendMail: boolean } }> } }>('admin', 'query($f: UserFilter) { people(filter: $f, first: 1) { edges { node { timeZone sendMail } } } }', {
      f: { type: 'STAFF', search: name },
    });
    expect(saved.people.edges[0]?.node).toEqual({ timeZone: 'America/New_York', sendMail: false });
    await expectNoSeriousAxe(page, 'staff list after adding');
    await context.close();
  });
});

describe('the Gantt', () => {
  it('今天 does not overlap the period labels', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'));
    await open(page, '/gantt');
    await page.getByTestId('gantt-chart').waitFor();
    const today = page.getByTestId('gantt-today-label');
    await today.waitFor();
    const label = (await today.boundingBox())!;
    const line = (await page.getByTestId('gantt-today').boundingBox())!;
    const ticks = await page.getByTestId('gantt-tick-label').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as { x: number; y: number; width: number; height: number }));
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.filter((b) => overlaps(b, label) || overlaps(b, line))).toEqual([]);
    await shot(page, 'ui-small-gantt-zh-1440');
    await context.close();
  });
});

describe('one name each', () => {
  it('the permission tree names every right once, and archive modules as the archive page does', { timeout: 120_000 }, async () => {
    const roles = await gql<{ roleList: { edges: Array<{ node: { id: string; code: string } }> } }>('admin', '{ roleList(type: STAFF, first: 50) { edges { node { id code } } } }');
    const consultant = roles.roleList.edges.find((e) => e.node.code === 'consultant')!.node;
    const { context, page } = await newPage();
    await login(page, 'admin', passwordOf('admin'));
    await open(page, `/role-control/permission/${encodeURIComponent(consultant.id)}`);
    await page.getByTestId('role-permission').waitFor();
    const labels = async () =>
      page
        .locator('[data-testid=right-tree] [data-testid^="right-"]:not([data-testid$="-locked"])')
        .evaluateAll((els) => els.map((e) => (e.querySelector('.chakra-checkbox__label') as HTMLElement | null)?.innerText.trim() ?? (e as HTMLElement).innerText.trim()));
    const all: string[] = [];
    for (const tab of ['pc', 'fn'] as const) {
      await page.getByTestId(`permission-tab-${tab}`).click();
      await page.getByTestId('right-tree').waitFor();
      await settle(page);
      all.push(...(await labels()));
    }
    expect(all.length).toBeGreaterThan(5);
    expect(all.filter((l) => l === '新建档案')).toEqual(['新建档案']);
    await page.getByTestId('permission-tab-open').click();
    const table = page.getByTestId('module-table');
    await table.waitFor();
    const modules = await table.innerText();
    expect(modules).toContain('学员信息');
    expect(modules).not.toContain('学生基本信息');
    await shot(page, 'ui-small-permission-modules-zh-1440');
    // The archive page names the same section the same way.
    const archives = await gql<{ archives: { edges: Array<{ node: { id: string } }> } }>('admin', '{ archives(first: 1, filter: { status: PUBLISHED }) { edges { node { id } } } }');
    await open(page, `/archives/detail/${encodeURIComponent(archives.archives.edges[0]!.node.id)}`);
    await page.getByTestId('archive-header').waitFor();
    await expect.poll(() => page.locator('body').innerText()).toContain('学员信息');
    await context.close();
  });
});

describe('an archive’s buttons', () => {
  it('the solid button of a published archive is 提交审核, and 暂停 is in 更多', { timeout: 120_000 }, async () => {
    const archives = await gql<{ archives: { edges: Array<{ node: { id: string } }> } }>('manager', '{ archives(first: 1, filter: { status: PUBLISHED, locked: false }) { edges { node { id } } } }');
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'));
    await open(page, `/archives/detail/${encodeURIComponent(archives.archives.edges[0]!.node.id)}`);
    const header = page.getByTestId('archive-header');
    await header.waitFor();
    await settle(page);
    const solid = header.locator('[data-primary]');
    await expect.poll(() => solid.count()).toBe(1);
    expect(await solid.innerText()).toBe('提交审核');
    expect(await header.getByTestId('act-suspend').count()).toBe(0);
    await page.getByTestId('act-more').click();
    await expect.poll(() => page.getByTestId('act-suspend').innerText()).toBe('暂停');
    await shot(page, 'ui-small-archive-buttons-zh-1440');
    await page.keyboard.press('Escape');
    expect(HAN.test(await solid.innerText())).toBe(true);
    await context.close();
  });
});

describe('the school list', () => {
  it('shows no column that is empty for every school', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'));
    await open(page, '/school/list');
    const table = page.getByTestId('school-table');
    await table.waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(5);
    const empty = await table.evaluate((el) => {
      const t = el.tagName === 'TABLE' ? el : el.querySelector('table')!;
      const heads = [...t.querySelectorAll('thead th')].map((th) => (th as HTMLElement).innerText.trim());
      const rows = [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => (td as HTMLElement).innerText.trim()));
      // The row-menu column holds only its button.
      return heads.filter((h, i) => h && h !== '操作' && rows.every((r) => !r[i]));
    });
    expect(empty).toEqual([]);
    await shot(page, 'ui-small-school-list-zh-1440');
    await context.close();
  });
});

describe('role descriptions', () => {
  it('the role list shows each description in the viewer’s language only', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage();
    await login(page, 'admin', passwordOf('admin'));
    await open(page, '/role-control/list');
    const row = page.getByTestId('role-table-row').filter({ hasText: '顾问' }).first();
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('负责学员档案、选校与申请进度');
    expect(await row.innerText()).not.toContain('Student archives, school lists');
    expect(await row.innerText()).not.toContain(' / ');
    await setLanguage(page, 'en');
    try {
      const en = page.getByTestId('role-table-row').filter({ hasText: 'Consultant' }).first();
      await expect.poll(() => en.innerText()).toContain('Student archives, school lists and application progress');
      expect(HAN.test(await en.innerText())).toBe(false);
      await shot(page, 'ui-small-roles-en-1440');
    } finally {
      await setLanguage(page, 'zh');
      await context.close();
    }
  });
});

describe('course calendars', () => {
  it('a week of 排课 and 课表 fits one screen: seven days, each lesson naming its room or lecturers; the day view keeps rooms side by side', { timeout: 150_000 }, async () => {
    const zone = (await me('manager')).zone;
    type Found = { lessons: { edges: Array<{ node: { startAt: string; classroomName: string | null; course: { name: string; lecturers: Array<{ name: string }> } } }> } };
    const found = await gql<Found>('manager', 'query($f: LessonFilter!) { lessons(filter: $f, first: 1) { edges { node { startAt classroomName course { name lecturers { name } } } } } }', {
      f: { from: DateTime.now().minus({ days: 400 }).toISO(), to: DateTime.now().plus({ days: 400 }).toISO() },
    });
    const lesson = found.lessons.edges[0]!.node;
    const day = DateTime.fromISO(lesson.startAt).setZone(zone).toISODate()!;
    const { context, page } = await newPage();
    await login(page, 'manager', passwordOf('manager'));
    const weekOf = async (route: string, names: string) => {
      await open(page, `${route}?date=${day}&view=week`);
      const event = page.locator('.rbc-time-content .rbc-event').filter({ hasText: lesson.course.name }).first();
      await event.waitFor();
      // Seven day headers and no resource row: the week is one screen wide.
      expect(await page.locator('.rbc-time-header .rbc-header').count()).toBe(7);
      expect(await page.locator('.rbc-time-header .rbc-row-resource').count()).toBe(0);
      expect(await sidewaysOverflow(page)).toEqual([]);
      expect(await event.innerText()).toContain(names);
    };
    await weekOf('/mission/schedule', lesson.classroomName ?? '未指定教室');
    await shot(page, 'ui-small-schedule-week-zh-1440');
    await weekOf('/mission/curriculum', lesson.course.lecturers[0]?.name ?? '未指定讲师');
    await shot(page, 'ui-small-curriculum-week-zh-1440');
    // The day view: one column per room, several on one screen.
    await open(page, `/mission/class-room?date=${day}&view=day`);
    await page.locator('.rbc-time-content .rbc-event').first().waitFor();
    expect(await page.locator('.rbc-time-header .rbc-header').count()).toBeGreaterThan(2);
    expect(await sidewaysOverflow(page)).toEqual([]);
    await expectNoSeriousAxe(page, 'classroom day view');
    await context.close();
  });
});
