/**
 * The built client under the server's Content Security Policy (docs/security.md): every
 * violation the browser reports is recorded from the first byte of each page, and the screens
 * that load the most (the shell, the calendar, the task list with the rich-text editor and its
 * inline image, the notices) must report none.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, login, newPage, open } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Violation = { directive: string; blocked: string; source: string };

async function watch(page: Page): Promise<() => Promise<Violation[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const list: Array<{ directive: string; blocked: string; source: string }> = [];
    (window as unknown as { __csp: typeof list }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile }));
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __csp?: Violation[] }).__csp ?? [])), ...console.map((text) => ({ directive: 'console', blocked: text, source: '' }))];
}

describe('the client under its Content Security Policy', () => {
  it('the page is served with the policy, and no screen breaks it', async () => {
    const res = await fetch(`${baseUrl()}/`);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');

    const { context, page } = await newPage(browser);
    const violations = await watch(page);
    await login(page, 'admin', 'Admin#2026');
    await page.getByTestId('working-tasks').waitFor();
    // The add-task dialog: the TipTap editor, its toolbar and an inline image.
    await page.getByTestId('task-add').click();
    const editor = page.getByTestId('task-editor-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.type('内容安全策略');
    await page.getByTestId('editor-image').click();
    await page.getByTestId('editor-image-dialog').waitFor();
    await page.getByTestId('image-tab-upload').click();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    await page.getByTestId('image-file').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await page.getByTestId('editor-image-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => editor.locator('img').count()).toBe(1);
    await page.keyboard.press('Escape');
    // Other screens: the calendar, the notices, a page of the shell.
    // (A live stream of unread letters keeps the network busy: each screen is given a moment to load.)
    for (const [route, ready] of [
      ['/working', '.rbc-toolbar'],
      ['/notice', '[data-testid=top-bar]'],
      ['/archives/list', '[data-testid=top-bar]'],
    ] as const) {
      await open(page, route);
      await page.locator(ready).first().waitFor();
      await page.waitForTimeout(1500);
    }
    expect(await violations()).toEqual([]);
    await context.close();
  });
});
