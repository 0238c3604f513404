/**
 * The archive screens in a real browser (issue 18): a consultant creates an archive with each
 * validation message, fills sections, attaches a file, publishes, submits for verification and
 * sees edits refused once an administrator locks it; a manager assigns a consultant to several
 * rows and verifies a module; a lecturer sees masked personal data; import of a good and a bad
 * file; export opened as .xlsx. Pictures of each screen at 1440/1024/390 in both languages
 * (archives-*.png in tests/e2e/screenshots/), axe on each.
 */
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from './api.ts';
import { baseUrl, expectNoSeriousAxe, launch, login, newPage as rawNewPage, open, shootEverywhere, sidewaysOverflow, toast } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh context (the server's CSP applies, as in production); page errors are printed. */
async function newPage(width = 1440) {
  const made = await rawNewPage(browser, { width });
  made.page.on('pageerror', (e) => console.error('pageerror:', e.message));
  return made;
}

const run = Math.random().toString(36).slice(2, 7);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** The list, searched (the search lives in the URL). */
async function search(page: Page, text: string) {
  await open(page, `/archives/list?q=${encodeURIComponent(text)}`);
  await page.getByTestId('archive-list').waitFor();
  await expect.poll(() => page.getByTestId('archive-total').textContent()).toMatch(/共 \d+ 条|of \d+/);
}

async function createByApi(account: string, namePy: string, extra: Record<string, unknown> = {}): Promise<string> {
  const d = await gql<{ createArchive: { archive?: { id: string }; message?: string } }>(
    account,
    'mutation($i: CreateArchiveInput!) { createArchive(input: $i) { ... on ArchivePayload { archive { id } } ... on Error { message } } }',
    { i: { surNamePy: 'Ceshi', namePy, ...extra } },
  );
  if (!d.createArchive.archive) throw new Error(d.createArchive.message);
  return d.createArchive.archive.id;
}

async function templateWith(rows: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const login = await fetch(`${baseUrl()}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation($i: LoginInput!) { login(input: $i) { ... on TokenPayload { token } } }', variables: { i: { account: 'manager', password: 'Staff#2026' } } }),
  });
  const token = ((await login.json()) as { data: { login: { token: string } } }).data.login.token;
  const res = await fetch(`${baseUrl()}/api/admin/archive/downloadImportTemplate.htm`, { headers: { 'x-token': token } });
  expect(res.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await res.arrayBuffer()) as never);
  rows(book.worksheets[0]!);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('a consultant keeps an archive from creation to lock', () => {
  it('creates with each validation message, fills sections, attaches a file, publishes, submits, and is refused once locked', async () => {
    const { context, page } = await newPage();
    await login(page, 'consultant', 'Staff#2026');
    // The menu group opens its first entry, the list.
    await open(page, '/archives');
    await page.getByTestId('archive-list').waitFor();
    await page.getByTestId('archive-add').click();
    await page.getByTestId('new-archive').waitFor();

    // Each rule of a new archive, in the spec's words, under its field.
    await page.getByTestId('new-create').click();
    await expect.poll(() => page.getByTestId('new-surName-error').textContent()).toBe('请填写学员姓和名，或拼音姓和拼音名');
    await page.getByTestId('new-parentName').fill('王爸爸');
    await page.getByTestId('new-parentEmail').fill('not-an-email');
    await page.getByTestId('new-create').click();
    await expect.poll(() => page.getByTestId('new-relation-error').textContent()).toBe('请选择与学员关系');
    await expect.poll(() => page.getByTestId('new-parentEmail-error').textContent()).toBe('请输入正确的邮箱格式');
    // Fixing a field takes its message away.
    await page.getByTestId('new-surNamePy').fill('Ceshi');
    await page.getByTestId('new-namePy').fill(`Daily${run}`);
    await page.getByTestId('new-surName').fill('测');
    await page.getByTestId('new-name').fill('日常');
    await page.getByTestId('new-relation').selectOption('1');
    await page.getByTestId('new-parentEmail').fill('wang.baba@example.net');
    await expect.poll(() => page.getByTestId('new-surName-error').count()).toBe(0);
    await expect.poll(() => page.getByTestId('new-relation-error').count()).toBe(0);
    await page.getByTestId('new-create').click();
    await page.getByTestId('archive-detail').waitFor();
    await expect.poll(() => page.getByTestId('archive-name').textContent()).toContain('测日常');
    await expect.poll(() => page.getByTestId('archive-header').getByTestId('archive-status').textContent()).toBe('未发布');
    // The parent went into the family section with the relation.
    await expect.poll(() => page.getByTestId('section-familyMembers').textContent()).toContain('王爸爸');
    await expect.poll(() => page.getByTestId('section-familyMembers').textContent()).toContain('父亲');

    // A one-row section edits in place.
    await page.getByTestId('section-bio-edit').click();
    await page.getByTestId('section-bio-form').getByTestId('field-phone').fill('13800001111');
    await page.getByTestId('section-bio-form').getByTestId('field-email').fill('bad-mail');
    await page.getByTestId('section-bio-save').click();
    await expect.poll(() => page.getByTestId('field-email-error').textContent()).toBe('请输入正确的邮箱格式');
    await page.getByTestId('section-bio-form').getByTestId('field-email').fill('kid@example.net');
    await page.getByTestId('section-bio-save').click();
    await expect.poll(() => page.getByTestId('section-bio').getByTestId('value-phone').textContent()).toContain('13800001111');

    // A list section adds a row in a dialog; the row takes an attachment.
    await page.getByTestId('section-educations-add').click();
    await page.getByTestId('row-dialog').getByTestId('field-school').fill(`上海日常中学${run}`);
    await page.getByTestId('row-dialog').getByTestId('field-type').selectOption('2');
    await page.getByTestId('row-dialog-save').click();
    await expect.poll(() => page.getByTestId('section-educations-row').count()).toBe(1);
    await expect.poll(() => page.getByTestId('section-educations').textContent()).toContain('私立');
    await page.getByTestId('section-educations-file-input').setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => page.getByTestId('section-educations').getByTestId('archive-file').textContent()).toContain('transcript.pdf');
    // An award with a score the consultant edits, and an exam.
    await page.getByTestId('section-vericant-add').click();
    await page.getByTestId('row-dialog').getByTestId('field-interviewType').selectOption('1');
    await page.getByTestId('row-dialog').getByTestId('field-total').fill('12');
    await page.getByTestId('row-dialog-save').click();
    await expect.poll(() => page.getByTestId('section-vericant').textContent()).toContain('第一次面试');

    // Publish from the header, with a confirmation naming the student.
    await page.getByTestId('act-publish').click();
    await expect.poll(() => page.getByTestId('archive-act-dialog').textContent()).toContain('测日常');
    await page.getByTestId('archive-act-dialog-confirm').click();
    await expect.poll(() => page.getByTestId('archive-header').getByTestId('archive-status').textContent()).toBe('已发布');

    // Submit for verification of two modules: every top-level module is checked at first; none
    // checked is refused in the dialog.
    await page.getByTestId('act-submit').click();
    await page.getByTestId('submit-dialog').waitFor();
    await shootEverywhere(page, 'archives-submit-dialog', async (p) => {
      if (!(await p.getByTestId('submit-dialog').isVisible())) await p.getByTestId('act-submit').click();
      await p.getByTestId('submit-dialog').waitFor();
    });
    if (!(await page.getByTestId('submit-dialog').isVisible())) await page.getByTestId('act-submit').click();
    await page.getByTestId('submit-dialog').waitFor();
    const moduleBoxes = page.getByTestId('submit-modules').locator('[data-testid^="submit-module-"]');
    const moduleCount = await moduleBoxes.count();
    expect(moduleCount).toBeGreaterThan(2);
    expect(await page.getByTestId('submit-modules').locator('input:checked').count()).toBe(moduleCount);
    for (let i = 0; i < moduleCount; i++) await moduleBoxes.nth(i).click();
    await page.getByTestId('submit-save').click();
    await expect.poll(() => page.getByTestId('submit-modules').textContent()).toContain('请选择要审核的模块');
    const chosenCodes: string[] = [];
    for (const i of [0, 1]) {
      await moduleBoxes.nth(i).click();
      chosenCodes.push(((await moduleBoxes.nth(i).getAttribute('data-testid')) ?? '').replace('submit-module-', ''));
    }
    await page.getByTestId('submit-save').click();
    await expect.poll(() => page.getByTestId('archive-header').getByTestId('archive-verification').textContent()).toBe('未审核');
    const submittedId = decodeURIComponent(new URL(page.url()).hash.replace(/^#\/archives\/detail\//, ''));
    const submitted = await gql<{ node: { verifications: { edges: Array<{ node: { modules: Array<{ moduleCode: string }> } }> } } }>(
      'consultant',
      'query($id: ID!) { node(id: $id) { ... on Archive { verifications(first: 1) { edges { node { modules { moduleCode } } } } } } }',
      { id: submittedId },
    );
    expect(submitted.node.verifications.edges[0]!.node.modules.map((m) => m.moduleCode).sort()).toEqual([...chosenCodes].sort());

    // A consultant may not lock; an administrator locks while the consultant edits.
    await page.getByTestId('act-more').click();
    expect(await page.getByTestId('act-lock').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByTestId('section-bio-edit').click();
    await page.getByTestId('section-bio-form').getByTestId('field-enName').fill('Daily');
    const id = decodeURIComponent(new URL(page.url()).hash.replace(/^#\/archives\/detail\//, ''));
    await gql('admin', 'mutation($i: ArchiveIdInput!) { lockArchive(input: $i) { __typename } }', { i: { id } });
    await page.getByTestId('section-bio-save').click();
    await expect.poll(() => page.getByTestId('section-bio-error').textContent()).toBe('档案已锁定，不能修改');
    // Reloaded, the archive reads locked and offers no edit.
    await page.reload();
    await page.getByTestId('archive-detail').waitFor();
    await expect.poll(() => page.getByTestId('archive-locked-notice').textContent()).toContain('档案已锁定，不能修改');
    expect(await page.getByTestId('section-bio-edit').count()).toBe(0);
    expect(await page.getByTestId('section-educations-add').count()).toBe(0);
    await expectNoSeriousAxe(page, 'archive detail, locked');
    await context.close();
  });
});

describe('a manager assigns and verifies', () => {
  it('assigns a consultant to several rows at once', async () => {
    const token = `Assign${run}`;
    await createByApi('manager', `${token}a`);
    await createByApi('manager', `${token}b`);
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await search(page, token.toLowerCase());
    await expect.poll(() => page.getByTestId('archive-table-row').count()).toBe(2);
    await page.getByTestId('archive-table-select-all').check({ force: true });
    await expect.poll(() => page.getByTestId('selection-bar-count').textContent()).toBe('已选择 2 项');
    await page.getByTestId('bulk-assign').click();
    await page.getByTestId('assign-dialog').waitFor();
    await expect.poll(() => page.getByTestId('assign-for').textContent()).toContain('2');
    // Nothing chosen: the dialog says so and stays.
    await page.getByTestId('assign-save').click();
    await expect.poll(() => page.getByTestId('assign-dialog').textContent()).toContain('请至少修改一项');
    await page.getByTestId('assign-consultant').selectOption({ label: '王芳' });
    await page.getByTestId('assign-save').click();
    await toast(page, '已分配 2 份档案').waitFor();
    await expect.poll(async () => (await page.getByTestId('archive-table').textContent()) ?? '').toMatch(/王芳[\s\S]*王芳/);
    await context.close();
  });

  it('verifies a module and needs a reason to send it back', async () => {
    const id = await createByApi('manager', `Verify${run}`);
    await gql('manager', 'mutation($i: CreateArchiveVerificationInput!) { createArchiveVerification(input: $i) { __typename ... on Error { message } } }', {
      i: { archiveId: id, title: `E2E ${run}`, moduleCodes: ['profile', 'bio'] },
    });
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/archives-verification?status=UNVERIFIED');
    await page.getByTestId('verification-table').waitFor();
    await page
      .getByTestId('verification-table-row')
      .filter({ hasText: `Verify${run}` })
      .getByTestId('verification-table-open')
      .click();
    await page.getByTestId('verification-task-dialog').waitFor();
    await page.getByTestId('task-verify-profile').click();
    await page.getByTestId('verify-dialog').waitFor();
    await page.getByTestId('verify-note').fill('核对无误');
    await page.getByTestId('verify-dialog-save').click();
    await toast(page, '已审核通过').waitFor();
    await expect.poll(() => page.getByTestId('task-module-profile').textContent()).toContain('已审核');
    // Sending back a verified module needs the reason.
    await page.getByTestId('task-verify-profile').click();
    await page.getByTestId('verify-dialog-save').click();
    await expect.poll(() => page.getByTestId('verify-dialog').textContent()).toContain('请填写退回原因');
    await expect.poll(() => page.getByTestId('verify-records').textContent()).toContain('核对无误');
    await page.getByTestId('verify-note').fill('出生日期待确认');
    await page.getByTestId('verify-dialog-save').click();
    await expect.poll(() => page.getByTestId('task-module-profile').textContent()).toContain('审核中');
    // The archive list filters by where the verification stands: this one was sent back.
    await open(page, `/archives/list?q=${encodeURIComponent(`verify${run}`.toLowerCase())}&verification=VERIFYING`);
    await page.getByTestId('archive-list').waitFor();
    await expect.poll(() => page.getByTestId('archive-table-row').count()).toBe(1);
    await expect.poll(() => page.getByTestId('archive-filters-chips').textContent()).toContain('已退回');
    await page.getByTestId('archive-filters-more').click();
    await page.getByTestId('filter-verification').selectOption('NONE');
    await expect.poll(() => page.getByTestId('archive-table-row').count()).toBe(0);
    await page.getByTestId('filter-verification').selectOption('VERIFYING');
    await expect.poll(() => page.getByTestId('archive-table-row').count()).toBe(1);
    await context.close();
  });
});

describe('backup and the access log', () => {
  it('downloads the backup JSON as a manager; an administrator reads who saw personal data', async () => {
    const id = await createByApi('manager', `Backup${run}`, { birthday: '2012-03-04' });
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, `/archives/detail/${encodeURIComponent(id)}`);
    await page.getByTestId('archive-detail').waitFor();
    await page.getByTestId('act-more').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('act-backup').click()]);
    expect(download.suggestedFilename()).toMatch(/^archive-\d+-backup\.json$/);
    const backup = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { format?: string };
    expect(JSON.stringify(backup)).toContain('archive-backup/1');
    // A manager may not read the access log: the card is not drawn.
    expect(await page.getByTestId('section-access-log').count()).toBe(0);
    await context.close();

    const admin = await newPage();
    await login(admin.page, 'admin', 'Admin#2026');
    await open(admin.page, `/archives/detail/${encodeURIComponent(id)}`);
    await admin.page.getByTestId('section-access-log').waitFor();
    // The manager's backup is in the log.
    await expect.poll(() => admin.page.getByTestId('section-access-log').textContent()).toContain('manager');
    await admin.context.close();
  });
});

describe('personal data of minors', () => {
  // Lecturers hold archive.read but their menu has no archive page, and salespeople's menu has
  // the list without the detail (the seeded menus): the list offers no "open" then. For the
  // masked view the salesperson role is given the (hidden) detail page for this test.
  it('shows a salesperson the masked fields, with the hint, never as inputs', async () => {
    const { context, page } = await newPage();
    await login(page, 'sales', 'Staff#2026');
    await open(page, '/archives/list');
    await page.getByTestId('archive-table').waitFor();
    expect(await page.getByTestId('archive-table-open').count()).toBe(0);

    type Menu = Array<{ databaseId: number; path: string | null; children: Menu }>;
    const roles = await gql<{ roles: { edges: Array<{ node: { id: string; code: string; rightIds: number[] } }> } }>('admin', '{ roles(first: 50) { edges { node { id code rightIds } } } }');
    const sales = roles.roles.edges.map((e) => e.node).find((r) => r.code === 'sales')!;
    const menu = await gql<{ viewer: { menu: Menu } }>('admin', '{ viewer { menu(display: PC) { databaseId path children { databaseId path children { databaseId path children { databaseId path } } } } } }');
    const flat = (items: Menu): Menu => items.flatMap((m) => [m, ...flat(m.children ?? [])]);
    const detail = flat(menu.viewer.menu).find((m) => m.path === '/archives/detail/:id')!;
    const save = 'mutation($i: SaveRoleRightsInput!) { saveRoleRights(input: $i) { __typename ... on Error { message } } }';
    await gql('admin', save, { i: { roleId: sales.id, rightIds: [...sales.rightIds, detail.databaseId] } });
    try {
      await open(page, '/working');
      await page.reload();
      await open(page, '/archives/list');
      await page.getByTestId('archive-table-open').first().click();
      await page.getByTestId('archive-detail').waitFor();
      await expect.poll(() => page.getByTestId('section-bio-masked').textContent()).toContain('部分敏感信息已隐藏');
      await expect.poll(async () => (await page.getByTestId('section-bio').getByTestId('value-birthday').textContent()) ?? '').toMatch(/\d{4}-\*\*-\*\*/);
      // Where the role may edit the bio, the masked fields stay read-only (a save never writes a mask back).
      if (await page.getByTestId('section-bio-edit').count()) {
        await page.getByTestId('section-bio-edit').click();
        await page.getByTestId('section-bio-form').getByTestId('field-birthday-masked').waitFor();
        expect(await page.getByTestId('section-bio-form').getByTestId('field-passport').count()).toBe(0);
      }
      // Sections the role may not read are not drawn at all.
      expect(await page.getByTestId('section-cards').count()).toBe(0);
    } finally {
      await gql('admin', save, { i: { roleId: sales.id, rightIds: sales.rightIds } });
    }
    await context.close();
  });
});

describe('import and export', () => {
  it('imports a good file, refuses a bad one cell by cell, and exports the filtered list as .xlsx', async () => {
    const token = `Imp${run}`;
    const good = await templateWith((sheet) => {
      sheet.getCell('B2').value = '导入甲';
      sheet.getCell('D2').value = `${token}a`;
      sheet.getCell('B3').value = '导入乙';
      sheet.getCell('D3').value = `${token}b`;
    });
    const bad = await templateWith((sheet) => {
      sheet.getCell('D2').value = `${token}x`;
      sheet.getCell('M2').value = 'not-an-email';
      for (const cell of ['A3', 'B3', 'C3', 'D3', 'E3']) sheet.getCell(cell).value = null;
    });
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/archives/list');
    await page.getByTestId('archive-import').click();
    await page.getByTestId('import-dialog').waitFor();
    await page.getByTestId('import-dialog-file').setInputFiles({ name: 'bad.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bad });
    await page.getByTestId('import-dialog-preview').waitFor();
    await page.getByTestId('import-dialog-commit').click();
    await page.getByTestId('import-dialog-errors').waitFor();
    const refused = (await page.getByTestId('import-dialog-errors').textContent()) ?? '';
    expect(refused).toContain('2');
    expect(refused).toContain('请输入正确的邮箱格式');
    expect(refused).toContain('3');
    await expectNoSeriousAxe(page, 'import dialog, refused');
    await page.getByTestId('import-dialog-file').setInputFiles({ name: 'good.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: good });
    await page.getByTestId('import-dialog-commit').click();
    await expect.poll(() => page.getByTestId('import-dialog-summary').textContent()).toBe('已导入 2 份档案');
    await page.getByTestId('import-dialog-done').click();

    // Nothing of the bad file was written; the good file's two rows are there.
    await search(page, token.toLowerCase());
    await expect.poll(() => page.getByTestId('archive-table-row').count()).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('archive-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await download.path())!) as never);
    const sheet = book.worksheets[0]!;
    expect(sheet.actualRowCount).toBe(3);
    // The export has the list's columns and exactly the two rows the filter shows.
    const names = [sheet.getRow(2).getCell(2).text, sheet.getRow(3).getCell(2).text].join(' ');
    expect(names).toContain('导入甲');
    await context.close();
  });
});

describe('batch progress', () => {
  it('sets the inquiry of several applications at once', async () => {
    const id = await createByApi('manager', `Batch${run}`, { year: 2027 });
    const schools = await gql<{ schools: { edges: Array<{ node: { id: string } }> } }>('manager', '{ schools(first: 2) { edges { node { id } } } }');
    for (const { node } of schools.schools.edges) {
      await gql('manager', 'mutation($i: CreateApplicationInput!) { createApplication(input: $i) { __typename ... on Error { message } } }', { i: { archiveId: id, schoolId: node.id, year: 2027 } });
    }
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, `/archives/detail/batch-operation?q=${`batch${run}`}`);
    await page.getByTestId('batch-progress').waitFor();
    await expect.poll(() => page.getByTestId('batch-table-row').count()).toBe(2);
    await page.getByTestId('batch-table-select-all').check({ force: true });
    await page.getByTestId('batch-set-inquiry').click();
    await page.getByTestId('batch-value').selectOption('SENT');
    await page.getByTestId('batch-dialog').getByRole('button', { name: '应用到 2 个申请' }).click();
    await toast(page, '已更新 2 个申请').waitFor();
    await expect.poll(async () => (await page.getByTestId('batch-table').textContent()) ?? '').toMatch(/已发询问[\s\S]*已发询问/);
    await expectNoSeriousAxe(page, 'batch progress');
    await context.close();
  });
});

describe('the list in the server’s order, and attachments arranged', () => {
  it('sorts by a column header on the server; the order stays in the URL across a reload', async () => {
    // Three archives in one search, created in this order: newest first is the last one.
    for (const [py, grade] of [
      ['k', 11],
      ['i', 7],
      ['m', 9],
    ] as const)
      await createByApi('manager', `Sort${run}${py}`, { grade });
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await search(page, `sort${run}`);
    const first = () => page.getByTestId('archive-table-row').first().textContent();
    await expect.poll(first).toContain(`Sort${run}m`);
    await page.getByTestId('archive-table-sort-grade').click();
    await expect.poll(first).toContain(`Sort${run}i`); // grade 7 first
    await page.getByTestId('archive-table-sort-grade').click();
    await expect.poll(first).toContain(`Sort${run}k`); // grade 11 first
    expect(decodeURIComponent(page.url())).toContain('sort=grade:desc');
    await page.reload();
    await page.getByTestId('archive-table').waitFor();
    await expect.poll(first).toContain(`Sort${run}k`);
    expect(await page.getByTestId('archive-table-sort-grade').locator('xpath=ancestor::th').getAttribute('aria-sort')).toBe('descending');
    const pictures = await shootEverywhere(
      page,
      'archives-list-sorted',
      async (p, _lang, width) => {
        await expect.poll(() => p.getByTestId('archive-table-row').first().textContent()).toContain(`Sort${run}k`);
        // A phone has cards without headers: the order is a select there.
        if (width < 768) expect(await p.getByTestId('archive-order').inputValue()).toBe('grade:desc');
        expect(await sidewaysOverflow(p)).toEqual([]);
      },
      { widths: [1440, 390] },
    );
    console.log('archive pictures:', pictures.join(', '));
    // On a phone, the select changes the order.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('archive-order').selectOption('grade:asc');
    await expect.poll(first).toContain(`Sort${run}i`);
    // By status (the three are unpublished: among equals, newest first).
    await page.getByTestId('archive-order').selectOption('status:desc');
    await expect.poll(() => decodeURIComponent(page.url())).toContain('sort=status:desc');
    await expect.poll(first).toContain(`Sort${run}m`);
    await context.close();
  });

  it('renames and reorders an award’s attachments, kept after a reload', async () => {
    const id = await createByApi('manager', `Files${run}`, { surName: '附', name: '件' });
    await gql('manager', 'mutation($i: SaveArchiveAwardsInput!) { saveArchiveAwards(input: $i) { __typename } }', { i: { archiveId: id, rows: [{ performName: `机器人比赛${run}` }] } });
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, `/archives/detail/${encodeURIComponent(id)}`);
    const awards = page.getByTestId('section-awards');
    await awards.waitFor();
    for (const name of ['first.pdf', 'second.pdf']) {
      await page.getByTestId('section-awards-file-input').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
      await expect.poll(() => awards.getByTestId('archive-file').filter({ hasText: name }).count()).toBe(1);
    }
    const names = () => awards.getByTestId('archive-file').allTextContents();
    await expect.poll(names).toEqual([expect.stringContaining('first.pdf'), expect.stringContaining('second.pdf')]);
    // Move the first down (a button, reachable by keyboard), then rename it in place.
    await awards.getByTestId('archive-file-down').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual([expect.stringContaining('second.pdf'), expect.stringContaining('first.pdf')]);
    await awards.getByTestId('archive-file-rename').nth(1).click();
    await awards.getByTestId('archive-file-name').fill('获奖证书');
    await awards.getByTestId('archive-file-name').press('Enter');
    await expect.poll(names).toEqual([expect.stringContaining('second.pdf'), expect.stringContaining('获奖证书.pdf')]);
    const pictures = await shootEverywhere(
      page,
      'archives-files',
      async (p) => {
        await p.getByTestId('section-awards').scrollIntoViewIfNeeded();
        await p.getByTestId('section-awards').getByTestId('archive-file-rename').first().click();
        await p.getByTestId('archive-file-name').waitFor();
      },
      { widths: [1440, 390] },
    );
    console.log('archive pictures:', pictures.join(', '));
    await page.reload();
    await awards.waitFor();
    await expect.poll(names).toEqual([expect.stringContaining('second.pdf'), expect.stringContaining('获奖证书.pdf')]);
    await context.close();
  }, 180_000);
});

describe('the bars: every width, both languages, axe', () => {
  let id = '';
  beforeAll(async () => {
    id = await createByApi('manager', `Shots${run}`, { surName: '宋', name: '图图', grade: 9, year: 2027 });
    await gql('manager', 'mutation($i: CreateArchiveVerificationInput!) { createArchiveVerification(input: $i) { __typename } }', { i: { archiveId: id, title: `Shots ${run}` } });
  });

  it('pictures the list and its dialogs', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await search(page, `shots${run}`);
    await page.getByTestId('archive-table').waitFor();
    const pictures = [
      ...(await shootEverywhere(page, 'archives-list', async (p) => {
        await p.getByTestId('archive-table').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      })),
      ...(await shootEverywhere(page, 'archives-assign', async (p) => {
        await p.getByTestId('archive-table-menu').first().click();
        await p.getByTestId('archive-table-action-assign').click();
        await p.getByTestId('assign-dialog').waitFor();
      })),
      ...(await shootEverywhere(page, 'archives-import', async (p) => {
        await p.getByTestId('archive-import').click();
        await p.getByTestId('import-dialog').waitFor();
      })),
    ];
    console.log('archive pictures:', pictures.join(', '));
    expect(pictures.length).toBe(18);
    await context.close();
  }, 300_000);

  it('pictures the detail and its dialogs', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, `/archives/detail/${encodeURIComponent(id)}`);
    await page.getByTestId('archive-detail').waitFor();
    const pictures = [
      ...(await shootEverywhere(page, 'archives-detail', async (p) => {
        await p.getByTestId('archive-header').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      })),
      ...(await shootEverywhere(page, 'archives-row-dialog', async (p) => {
        await p.getByTestId('section-educations-add').click();
        await p.getByTestId('row-dialog').waitFor();
      })),
      ...(await shootEverywhere(page, 'archives-verify-dialog', async (p, lang) => {
        await p.getByTestId('verify-profile').click();
        await p.getByTestId('verify-dialog').waitFor();
        // Module names follow the viewer's language (the task stores them in Chinese).
        if (lang === 'en') expect(await p.getByTestId('verify-dialog').textContent()).toContain('Overview');
      })),
    ];
    console.log('archive pictures:', pictures.join(', '));
    expect(pictures.length).toBe(18);
    await context.close();
  }, 300_000);

  it('pictures the new archive form and the verification list', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/archives/add');
    const pictures = [
      ...(await shootEverywhere(page, 'archives-new', async (p) => {
        await p.getByTestId('new-archive').waitFor();
        await p.getByTestId('new-create').click();
        await p.getByTestId('new-surName-error').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      })),
    ];
    await open(page, '/archives-verification');
    pictures.push(
      ...(await shootEverywhere(page, 'archives-verification', async (p) => {
        await p.getByTestId('verification-table').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      })),
    );
    console.log('archive pictures:', pictures.join(', '));
    expect(pictures.length).toBe(12);
    await context.close();
  }, 300_000);

  it('shows the transport failure inside the list, with a retry', async () => {
    const { context, page } = await newPage();
    await login(page, 'consultant', 'Staff#2026');
    await page.route('**/graphql', async (route) => {
      const body = route.request().postData() ?? '';
      if (body.includes('ArchiveListQuery') || body.includes('ArchiveListPaginationQuery')) await route.fulfill({ status: 500, body: 'boom' });
      else await route.continue();
    });
    await open(page, '/archives/list?q=nothing-like-this');
    await expect.poll(() => page.getByTestId('screen-error').first().textContent()).toContain('服务异常');
    await page.unroute('**/graphql');
    await context.close();
  });
});
