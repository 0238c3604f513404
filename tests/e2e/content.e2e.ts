/**
 * The content screens in a real browser (issue 20, second half): a manager creates a project,
 * adds a member with a timeline entry and uploads a file; a letter is sent and read by its
 * recipient; a notice is published; dictionary items are imported with one bad row; a user
 * changes their own language and time zone and revokes a session; the home page as a manager
 * and as a consultant. Pictures of each screen at 1440/1024/390 in both languages
 * (content-*.png in tests/e2e/screenshots/), axe on each.
 */
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { gql, me } from './api.ts';
import { baseUrl, expectNoSeriousAxe, launch, login, newPage as rawNewPage, open, shootEverywhere, sidewaysOverflow, toast } from './browser.ts';

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

async function typeInEditor(page: Page, testId: string, text: string): Promise<void> {
  const content = page.getByTestId(`${testId}-content`);
  await content.waitFor();
  await content.click();
  await page.keyboard.type(text);
}

async function pick(page: Page, testId: string, text: string, option: string): Promise<void> {
  await page.getByTestId(testId).fill(text);
  // Wait for the answer to this text (the list first shows the answer to an empty search, then re-renders).
  const options = page.getByTestId(`${testId}-option`);
  await expect
    .poll(
      async () => {
        const texts = await options.allTextContents();
        return texts.length > 0 && texts.every((t) => t.includes(option));
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await options.filter({ hasText: option }).first().click();
}

describe('projects', () => {
  it('a manager creates a project, adds a member with a timeline entry, uploads, downloads and deletes a file', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/project/list');
    await page.getByTestId('project-list').waitFor();
    await page.getByTestId('project-add').click();
    await page.getByTestId('project-add-page').waitFor();
    // The name is required, said under the field.
    await page.getByTestId('project-add-save').click();
    await expect.poll(() => page.getByTestId('project-add-page').textContent()).toContain('必填');
    const name = `内容测试项目 ${run}`;
    await page.getByTestId('project-name').fill(name);
    await page.getByTestId('project-name-en').fill(`Content project ${run}`);
    await page.getByTestId('project-company').fill('Acme');
    await page.getByTestId('project-add-save').click();
    await page.getByTestId('project-detail').waitFor();
    await expect.poll(() => page.getByTestId('project-title').textContent()).toBe(name);

    // A member with a timeline entry.
    await page.getByTestId('member-add').click();
    await pick(page, 'member-user', '张晓雯', '张晓雯');
    await page.getByTestId('member-duty').fill('顾问');
    await page.getByTestId('member-save').click();
    await page.getByTestId('member-row').filter({ hasText: '张晓雯' }).waitFor();
    await page.getByTestId('member-row').filter({ hasText: '张晓雯' }).getByTestId('timeline-add').click();
    await page.getByTestId('timeline-dialog').waitFor();
    await page.getByTestId('timeline-dialog').locator('input[aria-label="日期"]').fill('2026-09-01');
    await page.getByTestId('timeline-content').fill('首次面谈');
    await page.getByTestId('timeline-save').click();
    await page.getByTestId('timeline-entry').filter({ hasText: '首次面谈' }).waitFor();

    // A file: uploaded with progress, listed, downloaded, deleted.
    await page.getByTestId('file-input').setInputFiles({ name: `notes-${run}.txt`, mimeType: 'text/plain', buffer: Buffer.from('Project notes\n') });
    await page
      .getByTestId('file-row')
      .filter({ hasText: `notes-${run}.txt` })
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByTestId('file-row')
        .filter({ hasText: `notes-${run}.txt` })
        .getByTestId('file-download')
        .click(),
    ]);
    expect(download.suggestedFilename()).toBe(`notes-${run}.txt`);
    // A refused type is said in the page.
    await page.getByTestId('file-input').setInputFiles({ name: 'evil.html', mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') });
    await page.getByTestId('file-error').waitFor();

    await shootEverywhere(page, 'content-project-detail', async (p) => {
      await p.getByTestId('project-detail').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await page
      .getByTestId('file-row')
      .filter({ hasText: `notes-${run}.txt` })
      .getByTestId('file-delete')
      .click();
    await page.getByTestId('file-delete-dialog-confirm').click();
    await expect
      .poll(() =>
        page
          .getByTestId('file-row')
          .filter({ hasText: `notes-${run}.txt` })
          .count(),
      )
      .toBe(0);

    // Edit: the state changes, the list shows it; the closed ones leave the list.
    await page.getByTestId('project-edit').click();
    await page.getByTestId('project-edit-dialog').waitFor();
    await expectNoSeriousAxe(page, 'project edit dialog');
    await page.getByTestId('project-state-select').selectOption('IN_PROGRESS');
    await page.getByTestId('project-edit-save').click();
    await expect.poll(() => page.getByTestId('project-state').first().textContent()).toBe('进行中');

    // A failed list says the transport's words in the page, with a retry.
    let failed = 0;
    await page.route('**/graphql', async (route) => {
      const body = route.request().postDataJSON() as { operationName?: string } | null;
      if (!failed && body?.operationName === 'ProjectListQuery') {
        failed++;
        return route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' });
      }
      return route.fallback();
    });
    await open(page, `/project/list?q=${encodeURIComponent(run)}`);
    await expect.poll(() => page.getByTestId('screen-error').textContent()).toContain('服务异常');
    await page.unroute('**/graphql');
    await page.getByTestId('screen-error-retry').click();
    await page.getByTestId('project-table').getByText(name).waitFor();
    await shootEverywhere(page, 'content-project-list', async (p) => {
      await p.getByTestId('project-table').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await context.close();
  });
});

describe('letters and notices', () => {
  it('a manager writes a letter the consultant reads, and publishes a notice', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/notice');
    await page.getByTestId('notice-list').waitFor();
    await page.getByTestId('letter-compose').click();
    await page.getByTestId('letter-dialog').waitFor();
    // Nothing chosen: each problem under its field.
    await page.getByTestId('letter-save').click();
    await expect.poll(() => page.getByTestId('letter-dialog').textContent()).toContain('请至少选择一位收件人');
    await pick(page, 'letter-to', '张晓雯', '张晓雯');
    const title = `测试信件 ${run}`;
    await page.getByTestId('letter-title').fill(title);
    await typeInEditor(page, 'letter-editor', 'Please review the essay.');
    await shootEverywhere(page, 'content-letter-compose', async (p) => {
      if (!(await p.getByTestId('letter-dialog').isVisible())) {
        await p.getByTestId('letter-compose').click();
      }
      await p.getByTestId('letter-dialog').waitFor();
    });
    await page.getByTestId('letter-compose').click();
    await pick(page, 'letter-to', '张晓雯', '张晓雯');
    await page.getByTestId('letter-title').fill(title);
    await typeInEditor(page, 'letter-editor', 'Please review the essay.');
    await page.getByTestId('letter-save').click();
    await toast(page, '已发送给 1 人').waitFor();

    // A notice.
    await page.getByTestId('notice-publish').click();
    await page.getByTestId('notice-dialog').waitFor();
    const notice = `测试通知 ${run}`;
    await page.getByTestId('notice-title').fill(notice);
    await typeInEditor(page, 'notice-editor', 'The office closes at 17:00 on Friday.');
    await page.getByTestId('notice-save').click();
    await toast(page, '通知已发布').waitFor();
    await page.getByTestId('notice-row').filter({ hasText: notice }).waitFor();

    // The sent view lists the letter with its recipient and read count.
    await page.getByTestId('tab-sent').click();
    const sentRow = page.getByTestId('sent-row').filter({ hasText: title });
    await sentRow.waitFor();
    await expect.poll(() => sentRow.textContent()).toContain('已读 0/1');
    await shootEverywhere(page, 'content-letters-sent', async (p) => {
      await p.getByTestId('sent-row').first().waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await context.close();

    // The consultant reads it: the letter is unread, then read.
    const reader = await newPage();
    await login(reader.page, 'consultant', 'Staff#2026');
    await open(reader.page, '/notice?tab=letters');
    const row = reader.page.getByTestId('notice-row').filter({ hasText: title });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('未读');
    await row.click();
    await reader.page.getByTestId('notice-detail').waitFor();
    await expect.poll(() => reader.page.getByTestId('notice-detail').textContent()).toContain('Please review the essay.');
    // The consultant may not publish, edit or withdraw.
    await open(reader.page, '/notice');
    await reader.page.getByTestId('notice-list').waitFor();
    expect(await reader.page.getByTestId('notice-publish').count()).toBe(0);
    await reader.page.getByTestId('notice-row').filter({ hasText: notice }).click();
    await reader.page.getByTestId('notice-detail').waitFor();
    expect(await reader.page.getByTestId('notice-edit').count()).toBe(0);
    await reader.context.close();

    // The manager sees it read, then edits the notice and withdraws it.
    const back = await newPage();
    await login(back.page, 'manager', 'Staff#2026');
    await open(back.page, '/notice?tab=sent');
    await expect.poll(() => back.page.getByTestId('sent-row').filter({ hasText: title }).textContent()).toContain('已读 1/1');
    await open(back.page, '/notice');
    await back.page.getByTestId('notice-row').filter({ hasText: notice }).click();
    await back.page.getByTestId('notice-edit').click();
    await back.page.getByTestId('notice-title').fill(`${notice} 改`);
    await back.page.getByTestId('notice-save').click();
    await expect.poll(() => back.page.getByTestId('notice-detail').textContent()).toContain(`${notice} 改`);
    await back.page.getByTestId('notice-withdraw').click();
    await back.page.getByTestId('notice-withdraw-dialog-confirm').click();
    await back.page.getByTestId('notice-list').waitFor();
    await expect.poll(() => back.page.getByTestId('notice-row').filter({ hasText: notice }).count()).toBe(0);
    await back.context.close();
  });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The dictionary item template (in the caller's language), with rows added. */
async function template(rows: Array<Array<string | number>>): Promise<Buffer> {
  const login = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation($i: LoginInput!) { login(input: $i) { ... on TokenPayload { token } } }', variables: { i: { account: 'manager', password: 'Staff#2026' } } }),
  });
  const token = ((await login.json()) as { data: { login: { token: string } } }).data.login.token;
  const res = await fetch(`${baseUrl()}/api/admin/template/downloadTemplate.htm?type=dictItem`, { headers: { 'x-token': token } });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await res.arrayBuffer()) as never);
  // The template's header, then our rows instead of its examples.
  const out = new ExcelJS.Workbook();
  const sheet = out.addWorksheet(book.worksheets[0]!.name);
  // Row.values is 1-based (index 0 is empty).
  sheet.addRow((book.worksheets[0]!.getRow(1).values as ExcelJS.CellValue[]).slice(1));
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await out.xlsx.writeBuffer());
}

describe('dictionary', () => {
  it('a manager adds a dictionary and an item, and imports items: one bad row refuses the file, then a good one', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/wordbook');
    await page.getByTestId('wordbook').waitFor();
    await page.getByTestId('dict-add').click();
    await page.getByTestId('dict-code').fill(`e2e_${run}`);
    await page.getByTestId('dict-name').fill(`测试字典 ${run}`);
    await page.getByTestId('dict-name-en').fill(`Test dictionary ${run}`);
    await page.getByTestId('dict-save').click();
    await page
      .getByTestId('dict-row')
      .filter({ hasText: `e2e_${run}` })
      .click();
    await expect.poll(() => page.getByTestId('dict-items').getAttribute('data-code')).toBe(`e2e_${run}`);

    await page.getByTestId('dict-item-add').click();
    await page.getByTestId('item-code').fill('bad code');
    await page.getByTestId('item-save').click();
    await expect.poll(() => page.getByTestId('item-dialog').textContent()).toContain('编码只能包含字母、数字和 _ - . :');
    await page.getByTestId('item-code').fill('first');
    await page.getByTestId('item-label').fill('第一项');
    await page.getByTestId('item-save').click();
    await page.getByTestId('dict-item-table').getByText('第一项').waitFor();

    // Import: a bad row (a code with a space) refuses the whole file, row and column named.
    await page.getByTestId('dict-import').click();
    await page.getByTestId('import-dialog').waitFor();
    const bad = await template([
      ['second', '第二项', 'Second', 2, '是', ''],
      ['bad code', '坏行', 'Bad', 3, '是', ''],
    ]);
    await page.getByTestId('import-dialog-file').setInputFiles({ name: 'bad.xlsx', mimeType: XLSX, buffer: bad });
    await page.getByTestId('import-dialog-preview').waitFor();
    await page.getByTestId('import-dialog-commit').click();
    await page.getByTestId('import-dialog-errors').waitFor();
    // Excel's row 3 (the header is row 1), the code column, the rule.
    expect(await page.getByTestId('import-dialog-errors').textContent()).toMatch(/^行列原因3编码/);
    await shootEverywhere(page, 'content-dictionary-import', async (p) => {
      if (!(await p.getByTestId('import-dialog').isVisible())) {
        await p.getByTestId('dict-import').click();
        await p.getByTestId('import-dialog-file').setInputFiles({ name: 'bad.xlsx', mimeType: XLSX, buffer: bad });
        await p.getByTestId('import-dialog-commit').click();
      }
      await p.getByTestId('import-dialog-errors').waitFor();
    });
    expect(await page.getByTestId('dict-item-table').getByText('第二项').count()).toBe(0);
    await page.getByTestId('dict-import').click();
    const good = await template([
      ['second', '第二项', 'Second', 2, '是', ''],
      ['third', '第三项', 'Third', 3, '否', ''],
    ]);
    await page.getByTestId('import-dialog-file').setInputFiles({ name: 'good.xlsx', mimeType: XLSX, buffer: good });
    await page.getByTestId('import-dialog-commit').click();
    await expect.poll(() => page.getByTestId('import-dialog-summary').textContent()).toBe('已新增 2 条，更新 0 条');
    await page.getByTestId('import-dialog-done').click();
    await page.getByTestId('dict-item-table').getByText('第三项').waitFor();
    await shootEverywhere(page, 'content-dictionary', async (p) => {
      await p.getByTestId('dict-item-table').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await context.close();
  });
});

describe('account', () => {
  it('a partner changes their own language and time zone and ends another sign-in', async () => {
    // Another sign-in of the same person, to end from the account page.
    const elsewhere = await newPage(390);
    await login(elsewhere.page, 'partner', 'Staff#2026');
    const { context, page } = await newPage();
    await login(page, 'partner', 'Staff#2026');
    await open(page, '/security/account');
    await page.getByTestId('account').waitFor();
    await expectNoSeriousAxe(page, 'account (zh)');
    const before = await me('partner');
    await page.getByTestId('account-zone').selectOption('Europe/London');
    await toast(page, '时区已更新').waitFor();
    await expect.poll(async () => (await me('partner')).zone).toBe('Europe/London');
    // The top bar follows.
    await expect.poll(() => page.getByTestId('time-zone').textContent()).toMatch(/伦敦|London/);
    await page.getByTestId('account-language').getByText('English').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await expect.poll(() => page.getByTestId('account').textContent()).toContain('Account security');
    // The zones come again in English (people's names stay as they are).
    await expect.poll(() => page.getByTestId('account-zone').textContent()).not.toMatch(/[\u4e00-\u9fff]/);
    // Back to Chinese and the old zone (other files read Chinese text).
    await page.getByTestId('account-language').getByText('中文').click();
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    const restored = before.zone === 'Europe/London' ? 'Asia/Shanghai' : before.zone;
    await page.getByTestId('account-zone').selectOption(restored);
    await toast(page, '时区已更新').waitFor();
    await expect.poll(async () => (await me('partner')).zone).toBe(restored);

    // End every other browser sign-in (origin PC; the phone's among them; the API helper signs in
    // without an origin and is left alone): the phone is signed out, this page stays.
    expect(await page.locator('[data-testid=session-row][data-current=true]').count()).toBe(1);
    const others = page.locator('[data-testid=session-row][data-current=false]').filter({ hasText: 'PC' });
    const count = await others.count();
    expect(count).toBeGreaterThan(0);
    for (let left = count; left > 0; left--) {
      await others.first().getByTestId('session-revoke').click();
      await page.getByTestId('session-revoke-dialog-confirm').click();
      await expect.poll(() => others.count()).toBe(left - 1);
    }
    await toast(page, '已结束该登录').waitFor();
    await open(elsewhere.page, '/notice');
    await elsewhere.page.waitForURL(/#\/login/);
    await elsewhere.context.close();

    await shootEverywhere(page, 'content-account', async (p) => {
      await p.getByTestId('account').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await context.close();
  });
});

describe('home', () => {
  it('shows a manager the team hours and a consultant their own day', async () => {
    // Hours this week on a project of this run (Monday of the current week: not today, so daily views elsewhere are not touched).
    const made = await gql<{ createProject: { project?: { id: string }; message?: string } }>(
      'manager',
      'mutation($i: CreateProjectInput!) { createProject(input: $i) { ... on ProjectPayload { project { id } } ... on Error { message } } }',
      { i: { name: `首页工时 ${run}`, state: 'IN_PROGRESS' } },
    );
    const manager = await me('manager');
    const monday = DateTime.now().setZone(manager.zone).startOf('week').toISODate();
    const saved = await gql<{ saveScheduleEntries: { __typename: string; message?: string } }>(
      'manager',
      'mutation($input: SaveScheduleEntriesInput!) { saveScheduleEntries(input: $input) { __typename ... on Error { message } } }',
      { input: { rows: [{ workDate: monday, projectId: made.createProject.project!.id, hours: 3.5 }] } },
    );
    expect(saved.saveScheduleEntries.__typename).toBe('SaveScheduleEntriesPayload');
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/home');
    await page.getByTestId('home').waitFor();
    await page.getByTestId('home-hours').waitFor();
    await expect.poll(() => page.getByTestId('home-hours').textContent()).toContain('本周团队工时');
    await expect.poll(() => page.getByTestId('home-team-rows').textContent()).toMatch(/刘婧：\d/);
    // The project's cost shows the same hours.
    await open(page, `/project/cost?project=${encodeURIComponent(made.createProject.project!.id)}&span=3`);
    await page.getByTestId('cost-row').filter({ hasText: '刘婧' }).waitFor();
    expect(await page.getByTestId('cost-row').filter({ hasText: '刘婧' }).textContent()).toContain('3.5');
    await shootEverywhere(page, 'content-project-cost', async (p) => {
      await p.getByTestId('cost-chart').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await open(page, '/home');
    await page.getByTestId('home').waitFor();
    await shootEverywhere(page, 'content-home-manager', async (p) => {
      await p.getByTestId('home').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await context.close();

    const other = await newPage();
    await login(other.page, 'consultant', 'Staff#2026');
    await open(other.page, '/home');
    await other.page.getByTestId('home').waitFor();
    await expect.poll(() => other.page.getByTestId('home-hours').textContent()).toContain('本周我的工时');
    await other.page.getByTestId('home-my-hours').waitFor();
    await shootEverywhere(other.page, 'content-home-consultant', async (p) => {
      await p.getByTestId('home').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    // English: nothing Chinese left on the page but people's names.
    await other.context.close();
  });
});
