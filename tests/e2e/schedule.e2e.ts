/**
 * My Calendar in a real browser: a weekly series made by selecting a range, a clash listed and
 * saved anyway, dragging (and a dragged clash cancelled), one occurrence vs the whole series,
 * publish state, the ICS panel (the feed fetched from the link it shows and parsed), a schedule
 * entry added through the API, the daily reminder, both languages, and the measurement with
 * 1,000 events in a month (numbers written to tests/e2e/screenshots/calendar-perf.json).
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DateTime } from 'luxon';
import ical from 'node-ical';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_EVENT, gql, me } from './api.ts';
import { baseUrl, launch, login, newPage, open, SCREENSHOTS, shot, toast } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// ── the API, as an integrator (tests/e2e/api.ts: a token, full documents) ──

type Created = { createWorkEvent: { __typename: string; events?: Array<{ id: string; databaseId: number; title: string; startAt: string }>; message?: string } };
type Occurrence = { eventId: string; title: string; startAt: string; endAt: string; startLocal: string; published: boolean; seriesId: number | null; isException: boolean };
type Calendar = { occurrences: Occurrence[]; scheduleEntries: Array<{ id: string; workDate: string; workHours: number }> };

const CREATE = CREATE_EVENT;

async function calendar(account: string, from: DateTime, to: DateTime) {
  const d = await gql<{ calendar: Calendar }>(
    account,
    `query($from: DateTime!, $to: DateTime!) { calendar(from: $from, to: $to) {
    occurrences { eventId title startAt endAt startLocal published seriesId isException }
    scheduleEntries { id workDate workHours } } }`,
    { from: from.toUTC().toISO(), to: to.toUTC().toISO() },
  );
  return d.calendar;
}

// ── the page ──

/** Monday of the week after next in the zone: always in the future, so every day can take events. */
function targetWeek(zone: string): DateTime {
  return DateTime.now().setZone(zone).startOf('week').plus({ weeks: 2 });
}

async function openCalendar(page: Page, account: string) {
  await login(page, account, account === 'admin' ? 'Admin#2026' : 'Staff#2026');
  await open(page, '/working');
  await page.getByTestId('calendar').waitFor();
}

async function settled(page: Page) {
  await page.locator('[data-testid=calendar][data-pending="0"]').waitFor();
  await page.waitForTimeout(150);
}

async function goToWeek(page: Page, monday: DateTime) {
  const cal = page.getByTestId('calendar');
  if ((await cal.getAttribute('data-view')) !== 'week') {
    await page
      .locator('.rbc-toolbar button')
      .filter({ hasText: /^(周|Week)$/ })
      .click();
    await settled(page);
  }
  for (let i = 0; i < 60; i++) {
    const from = DateTime.fromISO((await cal.getAttribute('data-from'))!);
    const diff = Math.round(monday.diff(from.setZone(monday.zone), 'days').days / 7);
    if (diff === 0) break;
    await page
      .locator('.rbc-toolbar .rbc-btn-group')
      .first()
      .locator('button')
      .nth(diff > 0 ? 2 : 1)
      .click();
    await settled(page);
  }
  await settled(page);
}

/** Point of a wall time in the week view: column of the weekday (Monday 0), hour (and minutes). */
async function slotPoint(page: Page, weekday: number, hour: number, minute = 0): Promise<{ x: number; y: number }> {
  const column = page.locator('.rbc-time-content > .rbc-day-slot').nth(weekday);
  const group = column.locator('.rbc-timeslot-group').nth(hour);
  await group.scrollIntoViewIfNeeded();
  const box = (await group.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + (box.height * minute) / 60 + 2 };
}

async function selectRange(page: Page, weekday: number, fromHour: number, toHour: number) {
  const a = await slotPoint(page, weekday, fromHour);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  const b = await slotPoint(page, weekday, toHour - 1, 50);
  await page.mouse.move(a.x, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x, b.y, { steps: 5 });
  await page.mouse.up();
}

async function dragEvent(page: Page, title: string, weekday: number, hour: number) {
  const exact = new RegExp(`(^|\\s)${title.replace(/[()]/g, '\\$&')}$`);
  const ev = page
    .locator('.rbc-time-content .rbc-event')
    .filter({ has: page.locator('.bo-cal-event', { hasText: exact }) })
    .first();
  await ev.scrollIntoViewIfNeeded();
  const box = (await ev.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 6);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + 30, { steps: 4 });
  const to = await slotPoint(page, weekday, hour);
  await page.mouse.move(to.x, to.y + 4, { steps: 10 });
  await page.mouse.up();
}

const dialog = (page: Page) => page.getByTestId('event-dialog');

describe('My Calendar', () => {
  it('creates a weekly series by selecting a range, edits one occurrence, then all of them', async () => {
    const lecturer = await me('lecturer');
    const monday = targetWeek(lecturer.zone);
    const { context, page } = await newPage(browser, { width: 1440, height: 1000 });
    await openCalendar(page, 'lecturer');
    await shot(page, 'calendar-week-zh');
    await goToWeek(page, monday);

    await selectRange(page, 0, 9, 10);
    await dialog(page).waitFor();
    // A new event starts in its title field (the dialog's initial focus).
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
    // A day (yyyy-MM-dd) and a 24-hour time, whatever the browser's locale.
    await expect.poll(() => page.locator('input[name=start-date]').inputValue()).toBe(monday.toISODate());
    await expect.poll(() => page.locator('select[name=start-time]').inputValue()).toBe('09:00');
    await expect.poll(() => page.locator('input[name=end-date]').inputValue()).toBe(monday.toISODate());
    await expect.poll(() => page.locator('select[name=end-time]').inputValue()).toBe('10:00');
    // Validation in the form's own words.
    await page.getByTestId('event-save').click();
    await expect.poll(() => page.getByTestId('title-error').innerText()).toContain('请填写日程标题');
    await page.locator('input[name=title]').fill('Weekly sync');
    await page.locator('input[name=address]').fill('Room 3');
    await page.locator('select[name=freq]').selectOption('WEEKLY');
    await page.getByTestId('weekday-WE').click();
    await page.getByTestId('weekday-FR').click();
    await page.locator('input[name=count]').fill('6');
    await shot(page, 'calendar-new-series-zh');
    await page.getByTestId('event-save').click();
    await toast(page, '保存成功').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await settled(page);
    await expect.poll(() => page.locator('.rbc-time-content .rbc-event').filter({ hasText: 'Weekly sync' }).count()).toBe(3);

    const week2 = await calendar('lecturer', monday, monday.plus({ weeks: 2 }));
    const series = week2.occurrences.filter((o) => o.title === 'Weekly sync');
    expect(series.map((o) => DateTime.fromISO(o.startLocal).toFormat('ccc HH:mm'))).toEqual(['Mon 09:00', 'Wed 09:00', 'Fri 09:00', 'Mon 09:00', 'Wed 09:00', 'Fri 09:00']);
    expect(new Set(series.map((o) => o.seriesId)).size).toBe(1);
    expect(series.every((o) => !o.published)).toBe(true);

    // One occurrence (Wednesday): only that one changes.
    await page.locator('.rbc-time-content > .rbc-day-slot').nth(2).locator('.rbc-event').filter({ hasText: 'Weekly sync' }).click();
    await dialog(page).waitFor();
    await page.getByTestId('event-scope').waitFor();
    await expect.poll(() => page.getByTestId('event-publish-state').innerText()).toBe('未发布');
    await shot(page, 'calendar-edit-occurrence-zh');
    await page.locator('input[name=title]').fill('Weekly sync (moved room)');
    await page.getByTestId('scope-THIS').click();
    await page.getByTestId('event-save').click();
    await toast(page, '保存成功').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await settled(page);
    let rows = (await calendar('lecturer', monday, monday.plus({ weeks: 2 }))).occurrences.filter((o) => o.title.startsWith('Weekly sync'));
    expect(rows.map((o) => o.title)).toEqual(['Weekly sync', 'Weekly sync (moved room)', 'Weekly sync', 'Weekly sync', 'Weekly sync', 'Weekly sync']);
    expect(rows[1]!.isException).toBe(true);

    // All of them: every occurrence takes the new title; then publish the whole series.
    await page.locator('.rbc-time-content > .rbc-day-slot').nth(4).locator('.rbc-event').filter({ hasText: 'Weekly sync' }).click();
    await dialog(page).waitFor();
    await page.locator('input[name=title]').fill('Team sync');
    await page.getByTestId('scope-ALL').click();
    await page.getByTestId('event-save').click();
    await toast(page, '保存成功').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    await settled(page);
    rows = (await calendar('lecturer', monday, monday.plus({ weeks: 2 }))).occurrences.filter((o) => o.seriesId === series[0]!.seriesId);
    expect(rows.map((o) => o.title)).toEqual(Array(6).fill('Team sync'));
    await expect.poll(() => page.locator('.rbc-time-content .rbc-event.bo-cal-unpublished').filter({ hasText: 'Team sync' }).count()).toBe(3);

    await page.locator('.rbc-time-content .rbc-event').filter({ hasText: 'Team sync' }).first().click();
    await dialog(page).waitFor();
    await page.getByTestId('publish-whole-series').click();
    await page.getByTestId('event-publish').click();
    await toast(page, '发布成功').waitFor();
    await settled(page);
    await expect.poll(() => page.locator('.rbc-time-content .rbc-event.bo-cal-published').filter({ hasText: 'Team sync' }).count()).toBe(3);
    rows = (await calendar('lecturer', monday, monday.plus({ weeks: 2 }))).occurrences.filter((o) => o.seriesId === series[0]!.seriesId);
    expect(rows.every((o) => o.published)).toBe(true);
    await shot(page, 'calendar-week-series-zh');
    await context.close();
  });

  it('lists the clashes of a new event, saves anyway; a dragged event moves, a dragged clash can be cancelled', async () => {
    const lecturer = await me('lecturer');
    const monday = targetWeek(lecturer.zone).plus({ weeks: 3 });
    const busy = monday.plus({ days: 2 }).set({ hour: 14 });
    // Someone else (the manager) books the lecturer on Wednesday 14:00–15:00.
    const made = await gql<Created>('manager', CREATE, {
      input: { title: 'Parent meeting', startAt: busy.toUTC().toISO(), endAt: busy.plus({ hours: 1 }).toUTC().toISO(), participantIds: [lecturer.id], published: true, timeZone: lecturer.zone, force: true },
    });
    expect(made.createWorkEvent.__typename).toBe('WorkEventSavePayload');

    const { context, page } = await newPage(browser, { width: 1440, height: 1000 });
    await openCalendar(page, 'lecturer');
    await goToWeek(page, monday);
    await expect.poll(() => page.locator('.rbc-time-content .rbc-event').filter({ hasText: 'Parent meeting' }).count()).toBe(1);

    // From 13:00 (free) to 15:00: the selection overlaps the booked hour.
    await selectRange(page, 2, 13, 15);
    await dialog(page).waitFor();
    await page.locator('input[name=title]').fill('Lesson plan review');
    await page.getByTestId('event-save').click();
    const panel = page.getByTestId('conflict-panel');
    await panel.waitFor();
    await expect.poll(() => page.getByTestId('conflict-summary').innerText()).toBe('存在1处时间冲突');
    const row = page.getByTestId('conflict-row').first();
    await expect.poll(() => row.innerText()).toContain('Parent meeting');
    await expect.poll(() => row.innerText()).toContain(busy.toFormat('yyyy-MM-dd HH:mm'));
    await shot(page, 'calendar-conflict-zh');
    await page.getByTestId('conflict-save-anyway').click();
    await toast(page, '保存成功').waitFor();
    await settled(page);
    await expect.poll(() => page.locator('.rbc-time-content .rbc-event').filter({ hasText: 'Lesson plan review' }).count()).toBe(1);

    // Drag it to Thursday 10:00: saved on the server.
    await dragEvent(page, 'Lesson plan review', 3, 10);
    await toast(page, '日程已移动').waitFor();
    await settled(page);
    let rows = (await calendar('lecturer', monday, monday.plus({ weeks: 1 }))).occurrences.filter((o) => o.title === 'Lesson plan review');
    expect(rows.map((o) => o.startLocal)).toEqual([monday.plus({ days: 3 }).set({ hour: 10 }).toFormat("yyyy-MM-dd'T'HH:mm:ss")]);
    const thursday = page.locator('.rbc-time-content > .rbc-day-slot').nth(3);
    await expect.poll(() => thursday.locator('.rbc-event').filter({ hasText: 'Lesson plan review' }).count()).toBe(1);

    // Dragged back onto the busy slot: the clash is listed; cancel puts it back.
    await dragEvent(page, 'Lesson plan review', 2, 14);
    await page.getByTestId('move-conflict-dialog').waitFor();
    await expect.poll(() => page.getByTestId('move-conflict-dialog').innerText()).toContain('Parent meeting');
    await shot(page, 'calendar-move-conflict-zh');
    await page.getByTestId('move-conflict-dialog').getByTestId('conflict-cancel').click();
    await page.getByTestId('move-conflict-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => thursday.locator('.rbc-event').filter({ hasText: 'Lesson plan review' }).count()).toBe(1);
    rows = (await calendar('lecturer', monday, monday.plus({ weeks: 1 }))).occurrences.filter((o) => o.title === 'Lesson plan review');
    expect(rows.map((o) => o.startLocal)).toEqual([monday.plus({ days: 3 }).set({ hour: 10 }).toFormat("yyyy-MM-dd'T'HH:mm:ss")]);
    await context.close();
  });

  it('shows schedule entries added through the API and the days without a work log', async () => {
    const lecturer = await me('lecturer');
    const monday = targetWeek(lecturer.zone).plus({ weeks: 5 });
    const projects = await gql<{ projects: { edges: Array<{ node: { id: string; name: string } }> } }>('lecturer', '{ projects(first: 1, excludeStates: [FINISHED, CANCELLED]) { edges { node { id name } } } }');
    const project = projects.projects.edges[0]!.node;
    const { context, page } = await newPage(browser, { width: 1440, height: 1000 });
    await openCalendar(page, 'lecturer');
    await goToWeek(page, monday);
    await expect.poll(() => page.locator('.bo-cal-entry').count()).toBe(0);

    const saved = await gql<{ saveScheduleEntries: { __typename: string; message?: string } }>(
      'lecturer',
      `mutation($input: SaveScheduleEntriesInput!) { saveScheduleEntries(input: $input) { __typename ... on Error { message } } }`,
      {
        input: {
          rows: [
            { workDate: monday.plus({ days: 1 }).toISODate(), projectId: project.id, hours: 7.5 },
            { workDate: monday.plus({ days: 1 }).toISODate(), projectId: project.id, hours: 2, begin: '19:00', end: '21:00', scheduleType: 'OVERTIME' },
          ],
        },
      },
    );
    expect(saved.saveScheduleEntries.__typename).toBe('SaveScheduleEntriesPayload');
    // Moving the range away and back refetches it.
    await page.locator('.rbc-toolbar .rbc-btn-group').first().locator('button').nth(2).click();
    await settled(page);
    await page.locator('.rbc-toolbar .rbc-btn-group').first().locator('button').nth(1).click();
    await settled(page);
    const tuesday = page.locator('.rbc-time-content > .rbc-day-slot').nth(1);
    await expect.poll(() => tuesday.locator('.bo-cal-entry').count()).toBe(2);
    await expect.poll(() => tuesday.locator('.bo-cal-entry').first().innerText()).toContain(project.name);
    await tuesday.locator('.bo-cal-entry').first().click();
    await page.getByTestId('entry-dialog').waitFor();
    await expect.poll(() => page.getByTestId('entry-dialog').innerText()).toContain('7.5小时');
    await shot(page, 'calendar-entry-zh');
    await page.getByTestId('entry-dialog').getByRole('button', { name: '关闭' }).first().click();

    // This week's past weekdays without an entry are marked in the month view.
    await page
      .locator('.rbc-toolbar button')
      .filter({ hasText: /^今天$/ })
      .click();
    await page.locator('.rbc-toolbar button').filter({ hasText: /^月$/ }).click();
    await settled(page);
    const today = DateTime.now().setZone(lecturer.zone);
    const pastWeekdays = [] as string[];
    for (let d = today.startOf('month').startOf('week'); d <= today; d = d.plus({ days: 1 })) if (d.weekday <= 5) pastWeekdays.push(d.toISODate()!);
    // Tinted, and said once for the range (no tag on every day).
    const tinted = await page.locator('.rbc-month-view .rbc-day-bg.bo-cal-empty-day').count();
    expect(tinted).toBeGreaterThan(0);
    expect(tinted).toBeLessThanOrEqual(pastWeekdays.length);
    expect(await page.getByTestId('empty-day').count()).toBe(0);
    const said = page.getByTestId('daily-reminder').or(page.getByTestId('empty-days-note')).first();
    await expect.poll(() => said.innerText()).toContain(`本视图内有${tinted}个工作日未填写工作日志`);
    await shot(page, 'calendar-month-zh');
    await context.close();
  });

  it('subscribes to the ICS feed: the link from the panel answers a calendar that parses; pause, resume, new link', async () => {
    const partner = await me('partner');
    const start = DateTime.now().setZone(partner.zone).startOf('day').plus({ days: 3, hours: 10 });
    await gql<Created>('partner', CREATE, { input: { title: 'Partner visit', startAt: start.toUTC().toISO(), endAt: start.plus({ hours: 2 }).toUTC().toISO(), published: true, address: 'Shanghai office' } });

    const { context, page } = await newPage(browser, { width: 1440, height: 1000 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await openCalendar(page, 'partner');
    await page.getByTestId('ics-open-panel').click();
    const panel = page.getByTestId('ics-panel');
    await panel.waitFor();
    await expect.poll(() => page.getByTestId('ics-state').innerText()).toBe('未开启');
    await shot(page, 'calendar-ics-closed-zh');
    await page.getByTestId('ics-frequency').getByText('12小时').click();
    await page.getByTestId('ics-open').click();
    await expect.poll(() => page.getByTestId('ics-state').innerText()).toBe('已开启');
    const link = await page.getByTestId('ics-link').inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl()}/ics/[A-Za-z0-9_-]{43}\\.ics$`));
    await expect.poll(() => page.getByTestId('ics-notice').innerText()).toContain('订阅链接约10分钟后生效');
    await page.getByTestId('ics-copy').click();
    await toast(page, '已复制到剪贴板').waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shot(page, 'calendar-ics-open-zh');

    const feed = await fetch(link);
    expect(feed.status).toBe(200);
    const text = await feed.text();
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT12H');
    const parsed = Object.values(ical.sync.parseICS(text)).filter((c) => c?.type === 'VEVENT') as Array<{ summary: string; start: Date; location: string }>;
    const visit = parsed.find((e) => e.summary === 'Partner visit');
    expect(visit?.location).toBe('Shanghai office');
    expect(visit?.start.toISOString()).toBe(start.toUTC().toISO({ suppressMilliseconds: false }));

    await page.getByTestId('ics-pause').click();
    await expect.poll(() => page.getByTestId('ics-state').innerText()).toBe('已暂停');
    expect((await fetch(link)).status).toBe(404);
    await page.getByTestId('ics-restore').click();
    await expect.poll(() => page.getByTestId('ics-state').innerText()).toBe('已开启');
    expect((await fetch(link)).status).toBe(200);
    await page.getByTestId('ics-regenerate').click();
    await page.getByTestId('ics-regenerate-yes').click();
    await expect.poll(() => page.getByTestId('ics-link').inputValue()).not.toBe(link);
    const fresh = await page.getByTestId('ics-link').inputValue();
    expect((await fetch(link)).status).toBe(404);
    expect((await fetch(fresh)).status).toBe(200);
    // The server keeps only the link's hash: shown when made, never again.
    await expect.poll(() => page.getByTestId('ics-link-once').innerText()).toContain('链接只显示这一次');
    await page.keyboard.press('Escape');
    await page.getByTestId('ics-drawer').waitFor({ state: 'detached' });
    await page.getByTestId('ics-open-panel').click();
    await expect.poll(() => page.getByTestId('ics-state').innerText()).toBe('已开启');
    await expect.poll(() => page.getByTestId('ics-link-hidden').innerText()).toContain('订阅链接只在生成时显示一次');
    expect(await page.getByTestId('ics-link').count()).toBe(0);
    expect((await fetch(fresh)).status).toBe(200);
    await context.close();
  });

  it('speaks English: views, dialogs and the ICS panel', async () => {
    const { context, page } = await newPage(browser, { width: 1440, height: 1000 });
    await openCalendar(page, 'lecturer');
    await page.getByTestId('lang-en').click();
    await page
      .locator('.rbc-toolbar button')
      .filter({ hasText: /^Week$/ })
      .waitFor();
    const lecturer = await me('lecturer');
    await goToWeek(page, targetWeek(lecturer.zone));
    await expect.poll(() => page.locator('.rbc-toolbar-label').innerText()).toMatch(/^\d+ [A-Z][a-z]{2} – \d+ [A-Z][a-z]{2} \d{4}$/);
    await expect.poll(() => page.locator('.rbc-header').first().innerText()).toMatch(/^Mon /);
    await shot(page, 'calendar-week-en');
    await page.locator('.rbc-time-content .rbc-event').filter({ hasText: 'Team sync' }).first().click();
    await dialog(page).waitFor();
    await expect.poll(() => page.getByTestId('event-scope').innerText()).toContain('This and following events');
    await shot(page, 'calendar-edit-occurrence-en');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await selectRange(page, 1, 15, 16);
    await dialog(page).waitFor();
    await page.locator('select[name=freq]').selectOption('MONTHLY');
    await shot(page, 'calendar-new-en');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page
      .locator('.rbc-toolbar button')
      .filter({ hasText: /^Month$/ })
      .click();
    await settled(page);
    await shot(page, 'calendar-month-en');
    await page
      .locator('.rbc-toolbar button')
      .filter({ hasText: /^Agenda$/ })
      .click();
    await settled(page);
    await shot(page, 'calendar-agenda-en');
    await page.locator('.rbc-toolbar button').filter({ hasText: /^Day$/ }).click();
    await settled(page);
    await shot(page, 'calendar-day-en');
    await page.getByTestId('ics-open-panel').click();
    await page.getByTestId('ics-panel').waitFor();
    await expect.poll(() => page.getByTestId('ics-state').innerText()).toBe('Not opened');
    await shot(page, 'calendar-ics-en');
    await page.keyboard.press('Escape');
    await page.getByTestId('ics-drawer').waitFor({ state: 'detached' });
    await page.getByTestId('lang-zh').click();
    await page.locator('.rbc-toolbar button').filter({ hasText: /^周$/ }).waitFor();
    await context.close();
  });

  it('stays responsive with 1,000 events in a month (measured with performance marks)', async () => {
    const sales = await me('sales');
    const month = DateTime.now().setZone(sales.zone).startOf('month').plus({ months: 2 });
    // 36 daily series of 28 occurrences = 1,008 events, spread over the day; 28 days fit in
    // every month, February included.
    for (let i = 0; i < 36; i++) {
      const start = month.plus({ hours: 7 + (i % 12), minutes: (i % 2) * 30 });
      const res = await gql<Created>('sales', CREATE, {
        input: {
          title: `Load ${i + 1}`,
          startAt: start.toUTC().toISO(),
          endAt: start.plus({ minutes: 45 }).toUTC().toISO(),
          recurrence: { freq: 'DAILY', interval: 1, count: 28 },
          force: true,
          type: 1 + (i % 5),
          published: i % 3 !== 0,
        },
      });
      expect(res.createWorkEvent.__typename).toBe('WorkEventSavePayload');
    }
    const all = await calendar('sales', month, month.plus({ months: 1 }));
    expect(all.occurrences.length).toBe(1008);

    const { context, page } = await newPage(browser, { width: 1440, height: 1000 });
    await openCalendar(page, 'sales');
    await page.locator('.rbc-toolbar button').filter({ hasText: /^月$/ }).click();
    await settled(page);
    const measure = async (name: string, act: () => Promise<void>) => {
      await page.evaluate(() => performance.clearMeasures());
      await act();
      await settled(page);
      await expect.poll(() => page.evaluate((n) => performance.getEntriesByName(n).length, name)).toBeGreaterThan(0);
      return page.evaluate((n) => {
        const m = performance.getEntriesByName(n);
        return Math.round(m[m.length - 1]!.duration);
      }, name);
    };
    const next = () => page.locator('.rbc-toolbar .rbc-btn-group').first().locator('button').nth(2).click();
    const prev = () => page.locator('.rbc-toolbar .rbc-btn-group').first().locator('button').nth(1).click();
    await next();
    await settled(page);
    const results: Record<string, number> = {};
    results.monthRangeChange = await measure('cal-range', next); // into the month with 1,008 events
    results.monthRender = await page.evaluate(() => Math.round(performance.getEntriesByName('cal-render').at(-1)!.duration));
    expect(Number(await page.getByTestId('calendar').getAttribute('data-events'))).toBeGreaterThanOrEqual(1008);
    await shot(page, 'calendar-month-1000-zh');
    results.monthBack = await measure('cal-range', prev);
    results.monthAgain = await measure('cal-range', next); // cached range: shown from the store, refetched
    // The week view of the busy month (238 events), and a drag there.
    await page.locator('.rbc-toolbar button').filter({ hasText: /^周$/ }).click();
    await settled(page);
    await goToWeek(page, month.plus({ weeks: 1 }).startOf('week'));
    results.weekRangeChange = await measure('cal-range', next);
    results.weekRender = await page.evaluate(() => Math.round(performance.getEntriesByName('cal-render').at(-1)!.duration));
    await shot(page, 'calendar-week-1000-zh');
    const t0 = Date.now();
    results.dropToPaint = await measure('cal-drop', async () => {
      await dragEvent(page, 'Load 1', 5, 20);
      await page.getByTestId('scope-dialog').waitFor();
      await page.getByTestId('move-scope-THIS').click();
    });
    await toast(page, '日程已移动').waitFor();
    await settled(page);
    results.dropToRefetchedPaint = Date.now() - t0;
    const saturday = page.locator('.rbc-time-content > .rbc-day-slot').nth(5);
    await expect
      .poll(() =>
        saturday
          .locator('.bo-cal-event')
          .filter({ hasText: /(^|\s)Load 1$/ })
          .count(),
      )
      .toBe(2);
    mkdirSync(SCREENSHOTS, { recursive: true });
    writeFileSync(path.join(SCREENSHOTS, 'calendar-perf.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log('calendar measurements (ms):', results);
    await context.close();
  });
});
