/**
 * Screens that never lose work (issue 32, part A; the rules of docs/ui-kit.md): rich text shown
 * as rich text (item 1), nothing typed is lost (item 2), errors where the eye is (item 4), typed
 * and shown dates (item 7), tabs named after their record and capped (item 9), skeletons and
 * dialogs' queries started on intent (item 12). Sessions start through the API (a token and the
 * user put where the client keeps them), not the login form.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { CREATE_EVENT, gql, me, passwordOf } from './api.ts';
import { baseUrl, expectNoSeriousAxe, hashPath, launch, newPage, open, setLanguage, settle, shot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const run = Math.random().toString(36).slice(2, 7);

const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { ... on TokenPayload { token viewer { databaseId language user { account name nameEn timeZone } } } ... on Error { message } } }`;
type Login = { login: { token?: string; message?: string; viewer?: { databaseId: number; language: string; user: { account: string; name: string; nameEn: string | null; timeZone: string } } } };

/** A session of its own for the page (the API's login), stored as the client keeps it; then `route` opens. */
async function signIn(page: Page, account: string, route: string): Promise<void> {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: LOGIN, variables: { input: { account, password: passwordOf(account) } } }),
  });
  const { login } = ((await res.json()) as { data: Login }).data;
  if (!login.token || !login.viewer) throw new Error(`login failed for ${account}: ${login.message}`);
  const v = login.viewer;
  const user = { databaseId: v.databaseId, account: v.user.account, name: v.user.name, nameEn: v.user.nameEn, language: v.language === 'EN' ? 'en' : 'zh', timeZone: v.user.timeZone };
  await open(page, '/login');
  await page.evaluate(
    ([token, u]) => {
      localStorage.setItem('Admin-Token', token);
      localStorage.setItem('PC_user', u);
      localStorage.setItem('PC_visitedViewsOwner', String(JSON.parse(u).databaseId));
    },
    [login.token, JSON.stringify(user)] as const,
  );
  // A load of its own, so the client starts with the stored session (a hash change alone keeps the
  // page). Leaving the page first: a hash change then a reload raced the login page's redirect,
  // which could land the reload on /login?redirect=… instead of the route.
  await page.goto('about:blank');
  await open(page, route);
  await page.getByTestId('top-bar').waitFor();
  await expect.poll(() => hashPath(page)).toContain(decodeURIComponent(route));
}

/** Moves inside the app without a reload (the tab bar and kept-alive views stay). */
async function go(page: Page, route: string): Promise<void> {
  await page.evaluate((r) => (window.location.hash = `#${r}`), route);
}

/** Waits until the tab of `route` is the active one and carries `text` (the screen has named it). */
async function tabShows(page: Page, route: string, text: string): Promise<void> {
  const active = page.locator('[data-testid=tag][data-active=true]');
  await expect
    .poll(async () => {
      const path = await active.getAttribute('data-path').catch(() => null);
      return !!path && decodeURIComponent(path) === decodeURIComponent(route) && (await active.innerText()).includes(text);
    })
    .toBe(true);
}

let everyHeld: LessonRow[] = [];
/** Held lessons of every course. */
async function heldLessons(): Promise<LessonRow[]> {
  if (!everyHeld.length) await ssatLessons();
  return everyHeld;
}

type LessonRow = { id: string; startAt: string; taskContent: string; course: { id: string; name: string }; attendances?: { edges: Array<{ node: { feedback: string | null } }> } };
let lessons: LessonRow[] = [];
/** Held lessons of the seeded SSAT course (homework and feedback stored as rich HTML). */
async function ssatLessons(): Promise<LessonRow[]> {
  if (lessons.length) return lessons;
  const to = new Date().toISOString();
  const held = await gql<{ lessons: { edges: Array<{ node: LessonRow }> } }>('admin', 'query($to: DateTime) { lessons(first: 80, filter: { to: $to }) { edges { node { id startAt taskContent course { id name } } } } }', {
    to,
  });
  everyHeld = held.lessons.edges.map((e) => e.node);
  const ssat = everyHeld.find((l) => l.course.name.startsWith('SSAT 冲刺班'))?.course.id;
  const d = await gql<{ lessons: { edges: Array<{ node: LessonRow }> } }>(
    'admin',
    'query($to: DateTime, $course: ID) { lessons(first: 20, filter: { to: $to, courseId: $course }) { edges { node { id startAt taskContent course { id name } attendances(first: 10) { edges { node { feedback } } } } } } }',
    { to, course: ssat },
  );
  lessons = d.lessons.edges.map((e) => e.node);
  return lessons;
}

async function newArchive(namePy: string): Promise<string> {
  const d = await gql<{ createArchive: { archive?: { id: string }; message?: string } }>(
    'manager',
    'mutation($i: CreateArchiveInput!) { createArchive(input: $i) { ... on ArchivePayload { archive { id } } ... on Error { message } } }',
    { i: { surNamePy: 'Ceshi', namePy } },
  );
  if (!d.createArchive.archive) throw new Error(d.createArchive.message);
  return d.createArchive.archive.id;
}

describe('item 1: rich text is shown as rich text', () => {
  it('lesson feedback and homework on /mission/schedule-detail/:id read as text, not markup, in both languages', async () => {
    const lesson = (await ssatLessons()).find((l) => l.taskContent && l.attendances?.edges.some((e) => e.node.feedback?.startsWith('<p>')));
    expect(lesson).toBeDefined();
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', `/mission/schedule-detail/${encodeURIComponent(lesson!.id)}`);
    const task = page.getByTestId('task-text');
    await task.waitFor();
    expect(await task.innerText()).toContain('完成本周 SSAT 阅读练习两篇');
    expect(await task.innerText()).not.toContain('<p>');
    expect(await task.locator('p').count()).toBe(1);
    const feedback = page.getByTestId('attendance-feedback').first();
    expect(await feedback.innerText()).not.toMatch(/<\/?p>/);
    expect(await page.getByTestId('lesson-detail').innerText()).not.toMatch(/<\/?p>/);
    await expectNoSeriousAxe(page, 'lesson detail (zh)');
    await shot(page, 'ui-kit-lesson-zh-1440');
    await setLanguage(page, 'en');
    expect(await page.getByTestId('lesson-detail').innerText()).not.toMatch(/<\/?p>/);
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await shot(page, 'ui-kit-lesson-en-390');
    await setLanguage(page, 'zh');
    await context.close();
  });
});

describe('item 2: nothing typed is lost', () => {
  it('Escape and the close button ask before the change-password and add-task dialogs drop typed input', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'consultant', '/mission/task-list');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-change-password').click();
    const dialog = page.getByTestId('change-password');
    await dialog.locator('input[name=oldPassword]').fill('something typed');
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-dialog').waitFor();
    expect(await page.getByTestId('discard-dialog').innerText()).toContain('放弃未保存的修改？');
    await expectNoSeriousAxe(page, 'discard question');
    await shot(page, 'ui-kit-discard-zh-1440');
    await page.getByTestId('discard-keep').click();
    await page.getByTestId('discard-dialog').waitFor({ state: 'detached' });
    expect(await dialog.locator('input[name=oldPassword]').inputValue()).toBe('something typed');
    await page.getByTestId('change-password-close').click();
    await page.getByTestId('discard-confirm').click();
    await dialog.waitFor({ state: 'detached' });

    // The add-task dialog: typed title, Escape asks; nothing typed, Escape closes at once.
    await page.getByTestId('task-add').click();
    const add = page.getByTestId('add-task-dialog');
    await add.waitFor();
    await page.keyboard.press('Escape');
    await add.waitFor({ state: 'detached' });
    await page.getByTestId('task-add').click();
    await add.getByTestId('task-title').fill(`Draft ${run}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('discard-dialog').waitFor();
    await page.getByTestId('discard-keep').click();
    expect(await add.getByTestId('task-title').inputValue()).toBe(`Draft ${run}`);
    // Closing or reloading the browser tab asks too: the page's beforeunload is cancelled (the browser then asks).
    const unload = () => page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })));
    expect(await unload()).toBe(true);
    await page.getByTestId('add-task-cancel').click();
    await add.waitFor({ state: 'detached' });
    expect(await unload()).toBe(false);
    await context.close();
  });

  it('an archive section in edit mode keeps its input across a tab switch; a logout in another browser tab is noticed at once and the draft comes back after login', async () => {
    const id = await newArchive(`Keep${run}`);
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager', `/archives/detail/${encodeURIComponent(id)}`);
    await page.getByTestId('section-bio-edit').waitFor({ timeout: 30_000 });
    await page.getByTestId('section-bio-edit').click();
    const surname = page.getByTestId('section-bio-form').getByTestId('field-surName');
    await surname.fill('唐');
    // Another tab of the tab bar, and back: the section is still in edit mode with what was typed.
    await page.getByTestId('tag').filter({ hasText: '我的日历' }).click();
    await page.waitForURL(/#\/working$/);
    await page.getByTestId('tag').filter({ hasText: `· 档案` }).click();
    await expect.poll(() => surname.inputValue()).toBe('唐');

    // Log out in a second browser tab of the same browser: this page notices within seconds.
    const other = await context.newPage();
    await other.goto(`${baseUrl()}/#/working`);
    await other.getByTestId('user-menu').click();
    await other.getByTestId('menu-logout').click();
    await other.waitForURL(/#\/login$/);
    await page.waitForURL(/#\/login\?redirect=/, { timeout: 5000 });
    await page.getByText('您已在其他页面退出登录').first().waitFor();
    await other.close();

    // Signing in again: the tabs are there, the draft is offered back.
    await page.locator('input[name=account]').fill('manager');
    await page.locator('input[name=password]').fill(passwordOf('manager'));
    await page.locator('button[type=submit]').click();
    await page.getByTestId('archive-detail').waitFor();
    expect(await page.getByTestId('tag').filter({ hasText: '· 档案' }).count()).toBe(1);
    await page.getByTestId('section-bio-draft').waitFor();
    await shot(page, 'ui-kit-draft-zh-1440');
    await page.getByTestId('section-bio-draft-restore').click();
    expect(await page.getByTestId('section-bio-form').getByTestId('field-surName').inputValue()).toBe('唐');
    await context.close();
  });
});

describe('item 4: errors where the eye is', () => {
  it('Save at the bottom of a long section focuses the first invalid field, marks each, and says so beside the button', async () => {
    const id = await newArchive(`Err${run}`);
    const { context, page } = await newPage(browser, { width: 1440, height: 700 });
    await signIn(page, 'manager', `/archives/detail/${encodeURIComponent(id)}`);
    await page.getByTestId('section-bio-edit').waitFor({ timeout: 30_000 });
    await page.getByTestId('section-bio-edit').click();
    const form = page.getByTestId('section-bio-form');
    await form.getByTestId('field-namePy').fill('');
    await page.getByTestId('section-bio-save').click();
    // Focus is on the first field marked invalid, in reading order.
    await expect.poll(() => page.evaluate(() => !!document.activeElement && document.activeElement === document.querySelector('[data-testid=section-bio-form] [aria-invalid=true]'))).toBe(true);
    expect(await form.getByTestId('field-surName').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByTestId('field-namePy').getAttribute('aria-invalid')).toBe('true');
    await form.getByTestId('field-surName-error').waitFor();
    const summary = page.getByTestId('section-bio-error');
    expect(await summary.innerText()).toContain('请检查');
    // The summary sits on the button's row, and the focused field is on screen.
    const [s, b] = [await summary.boundingBox(), await page.getByTestId('section-bio-save').boundingBox()];
    expect(Math.abs(s!.y + s!.height / 2 - (b!.y + b!.height / 2))).toBeLessThan(40);
    const focused = await page.locator(':focus').boundingBox();
    expect(focused!.y).toBeGreaterThanOrEqual(0);
    expect(focused!.y + focused!.height).toBeLessThanOrEqual(700);
    await shot(page, 'ui-kit-errors-zh-1440');
    await context.close();
  });
});

describe('item 7: dates', () => {
  it('the task summary keeps a typed 2026-09-01 and 2026/9/2; dates read yyyy-MM-dd in English too', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager', '/mission/summary');
    const from = page.getByTestId('summary-from').locator('input').first();
    await from.fill('2026-09-01');
    expect(await from.inputValue()).toBe('2026-09-01');
    await from.press('Enter');
    await expect.poll(() => hashPath(page)).toContain('from=2026-09-01');
    await expect.poll(() => from.inputValue()).toBe('2026-09-01');
    await from.fill('2026/9/2');
    await from.press('Tab');
    await expect.poll(() => from.inputValue()).toBe('2026-09-02');
    await expect.poll(() => hashPath(page)).toContain('from=2026-09-02');
    // Not a day: kept as typed, marked, nothing changes.
    await from.fill('2026-02-30');
    await from.press('Enter');
    expect(await from.inputValue()).toBe('2026-02-30');
    expect(await from.getAttribute('aria-invalid')).toBe('true');
    expect(hashPath(page)).toContain('from=2026-09-02');

    // A lesson's homework due date in English: yyyy-MM-dd, never dd/mm/yyyy.
    const lesson = (await ssatLessons()).find((l) => l.taskContent)!;
    await go(page, `/mission/schedule-detail/${encodeURIComponent(lesson.id)}`);
    await page.getByTestId('lesson-homework').waitFor();
    await setLanguage(page, 'en');
    const text = await page.getByTestId('lesson-homework').innerText();
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(text).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await setLanguage(page, 'zh');
    await context.close();
  });
});

describe('item 9: tabs', () => {
  it('names tabs after their record, keeps at most 20 (least recently used first, pinned kept), closes tabs to the right', async () => {
    const held = await ssatLessons();
    expect(held.length).toBeGreaterThanOrEqual(3);
    const { context, page } = await newPage(browser);
    await signIn(page, 'admin', '/working');
    const titles = () => page.getByTestId('tag').allInnerTexts();
    for (const l of held.slice(0, 3)) {
      const route = `/mission/schedule-detail/${encodeURIComponent(l.id)}`;
      await go(page, route);
      // This lesson's tab, named by its screen (the hash change and the screen's data come after go()).
      await tabShows(page, route, l.course.name);
    }
    const zone = (await me('admin')).zone;
    const days = held.slice(0, 3).map((l) => `${l.course.name} ${DateTime.fromISO(l.startAt, { zone }).toFormat('MM-dd')}`);
    await expect.poll(async () => (await titles()).slice(1).map((s) => s.trim())).toEqual(days);
    await shot(page, 'ui-kit-tabs-zh-1440');

    // Twenty more lessons: the first (least recently used) closes, My Calendar stays.
    const first = new Set(held.slice(0, 3).map((l) => l.id));
    const more = (await heldLessons()).filter((l) => !first.has(l.id)).slice(0, 20);
    expect(more.length).toBe(20);
    for (const l of more) {
      const route = `/mission/schedule-detail/${encodeURIComponent(l.id)}`;
      await go(page, route);
      await tabShows(page, route, l.course.name);
    }
    await expect.poll(async () => (await titles()).length).toBeLessThanOrEqual(20);
    const now = await titles();
    expect(now[0]).toContain('我的日历');
    expect(now.some((t) => t.includes(days[0]!))).toBe(false);

    // Close tabs to the right of the second tab.
    await page.getByTestId('tag').nth(1).click({ button: 'right' });
    await page.locator('[data-testid=tags-context-menu] [data-action=closeRight]').click();
    await expect.poll(async () => (await titles()).length).toBe(2);
    await context.close();
  });
});

describe('item 12: loading', () => {
  it('a detail route shows a skeleton while its data loads; the event and add-task dialogs start their queries on hover', async () => {
    const lesson = (await ssatLessons())[0]!;
    const { context, page } = await newPage(browser);
    const asked: string[] = [];
    let release: () => void = () => {};
    const heldBack = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/graphql', async (route) => {
      const name = (route.request().postDataJSON() as { operationName?: string } | null)?.operationName ?? '';
      asked.push(name);
      if (name === 'LessonDetailQuery') await heldBack;
      return route.fallback();
    });
    await signIn(page, 'lecturer', '/working');
    await go(page, `/mission/schedule-detail/${encodeURIComponent(lesson.id)}`);
    const skeleton = page.locator('[data-testid=loading][data-skeleton=detail]');
    await skeleton.first().waitFor();
    // Shaped like the page to come (a heading, facts, section cards), not a line in a corner.
    await expect.poll(async () => (await skeleton.first().boundingBox())?.height ?? 0).toBeGreaterThan(200);
    await shot(page, 'ui-kit-skeleton-zh-1440');
    release();
    await page.getByTestId('lesson-detail').waitFor();
    expect(await skeleton.count()).toBe(0);

    // An event in view on My Calendar: hovering it starts the dialog's query before any click.
    const lecturer = await me('lecturer');
    const start = DateTime.now().setZone(lecturer.zone).startOf('day').plus({ hours: 10 });
    const created = await gql<{ createWorkEvent: { __typename: string; message?: string } }>('lecturer', CREATE_EVENT, {
      input: { title: `Hover ${run}`, startAt: start.toUTC().toISO(), endAt: start.plus({ hours: 1 }).toUTC().toISO(), published: true, timeZone: lecturer.zone, force: true },
    });
    expect(created.createWorkEvent).toMatchObject({ __typename: 'WorkEventSavePayload' });
    await go(page, '/working');
    const event = page
      .locator('.rbc-event')
      .filter({ hasText: `Hover ${run}` })
      .first();
    await event.waitFor();
    asked.length = 0;
    await event.hover();
    await expect.poll(() => asked.includes('EventDialogQuery')).toBe(true);
    await event.click();
    await page.getByTestId('event-dialog').waitFor();
    await page.keyboard.press('Escape');

    // The add-task button: hovering starts the staff list the dialog shows.
    await go(page, '/mission/task-list');
    await page.getByTestId('task-add').waitFor();
    asked.length = 0;
    await page.getByTestId('task-add').hover();
    await expect.poll(() => asked.includes('StaffPickerQuery')).toBe(true);
    await context.close();
  });

  it('saving an archive section keeps that section in view', async () => {
    const id = await newArchive(`View${run}`);
    const { context, page } = await newPage(browser, { width: 1440, height: 700 });
    await signIn(page, 'manager', `/archives/detail/${encodeURIComponent(id)}`);
    await page.getByTestId('section-bio-edit').waitFor({ timeout: 30_000 });
    await page.getByTestId('section-bio-edit').click();
    await page.getByTestId('section-bio-form').getByTestId('field-surName').fill('唐');
    await page.getByTestId('section-bio-form').getByTestId('field-name').fill('明轩');
    await page.getByTestId('section-bio-save').scrollIntoViewIfNeeded();
    await page.getByTestId('section-bio-save').click();
    await page.getByTestId('section-bio-form').waitFor({ state: 'detached' });
    await settle(page);
    const box = await page.getByTestId('section-bio').boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(0);
    expect(box!.y).toBeLessThan(700);
    await context.close();
  });
});
