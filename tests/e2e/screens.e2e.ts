/**
 * Screenshots of the calendar (/working) and the task list (/mission/task-list) at 1440 and
 * 390 px, for a person to look at after a change to the theme or the layout
 * (tests/e2e/screenshots/screens-*.png); each asserts the screen rendered.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, login, newPage, open, shot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('screens at 1440 and 390 px', () => {
  for (const width of [1440, 390]) {
    it(`calendar and task list at ${width} px`, async () => {
      const { context, page } = await newPage(browser, { width, height: width > 1000 ? 900 : 844 });
      await login(page, 'consultant', 'Staff#2026');
      await page.getByTestId('calendar').waitFor();
      await page.getByTestId('task-rows').waitFor();
      await page.waitForTimeout(300);
      await shot(page, `screens-working-${width}`);
      await open(page, '/mission/task-list');
      await page.getByTestId('task-list').waitFor();
      await page.getByTestId('task-rows').waitFor();
      expect(await page.getByTestId('screen-error').count()).toBe(0);
      await shot(page, `screens-task-list-${width}`);
      await context.close();
    });
  }
});
