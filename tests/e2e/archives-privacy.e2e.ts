/**
 * Privacy requests in a real browser (docs/security.md, "Privacy requests"): an administrator
 * exports a person's data (progress, then the .zip downloaded), sets a legal hold, is refused the
 * erase in the dialog while it holds, clears it and erases the person after typing the name; a
 * manager sees no privacy menu.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from './api.ts';
import { expectNoSeriousAxe, launch, login, newPage as rawNewPage, open, toast } from './browser.ts';

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

async function menu(page: Page, item: string) {
  await page.getByTestId('privacy-menu').click();
  await page.getByTestId(item).click();
}

describe('privacy requests', () => {
  it('exports the person as a zip, holds, is refused the erase while held, then erases after typing the name', async () => {
    const made = await gql<{ createArchive: { archive?: { id: string; name: string }; message?: string } }>(
      'admin',
      'mutation($i: CreateArchiveInput!) { createArchive(input: $i) { ... on ArchivePayload { archive { id name } } ... on Error { message } } }',
      { i: { surNamePy: 'Yinsi', namePy: `Ceshi${run}` } },
    );
    const archive = made.createArchive.archive!;
    expect(archive).toBeDefined();

    // A manager may not make privacy requests: no menu.
    const manager = await newPage();
    await login(manager.page, 'manager', 'Staff#2026');
    await open(manager.page, `/archives/detail/${encodeURIComponent(archive.id)}`);
    await manager.page.getByTestId('archive-detail').waitFor();
    expect(await manager.page.getByTestId('privacy-menu').count()).toBe(0);
    await manager.context.close();

    const { context, page } = await newPage();
    await login(page, 'admin', 'Admin#2026');
    await open(page, `/archives/detail/${encodeURIComponent(archive.id)}`);
    await page.getByTestId('archive-detail').waitFor();

    // Export: the progress, then the link downloads the zip.
    await menu(page, 'privacy-export');
    await page.getByTestId('privacy-export-status').waitFor();
    await page.getByTestId('privacy-download').waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('privacy-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(
      readFileSync((await download.path())!)
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');

    // The legal hold: set, shown, and the erase refused in the dialog.
    await menu(page, 'privacy-hold');
    await page.getByTestId('legal-hold-badge').waitFor();
    await menu(page, 'privacy-erase');
    const dialog = page.getByTestId('privacy-erase-dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(archive.name);
    await expectNoSeriousAxe(page, 'privacy erase dialog');
    await page.getByTestId('privacy-erase-name').fill(archive.name);
    await page.getByTestId('privacy-erase-dialog-confirm').click();
    await expect.poll(() => dialog.textContent()).toContain('档案处于法律保留状态，不能删除个人数据');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Cleared, then erased.
    await menu(page, 'privacy-hold');
    await page.getByTestId('legal-hold-badge').waitFor({ state: 'detached' });
    await menu(page, 'privacy-erase');
    await dialog.waitFor();
    // A name typed wrong is refused, in the dialog.
    await page.getByTestId('privacy-erase-name').fill('someone else');
    await page.getByTestId('privacy-erase-dialog-confirm').click();
    await expect.poll(() => dialog.textContent()).toContain('请输入学员姓名以确认删除');
    await page.getByTestId('privacy-erase-name').fill(archive.name);
    await page.getByTestId('privacy-erase-dialog-confirm').click();
    await toast(page, '个人数据已删除').waitFor();
    await page.getByTestId('archive-erased-notice').waitFor();
    await expect.poll(() => page.getByTestId('archive-name').textContent()).toMatch(/^#\d+/);
    await context.close();
  });
});
