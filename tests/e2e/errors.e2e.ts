/**
 * An error never takes down the app (issue 14): a task-list request answering HTTP 500 shows
 * the translated transport message with a retry inside the layout (top bar, menu and tabs
 * stay), never react-router's developer page; retry loads the list. The same for a screen
 * behind the menu (/mission/task-list) and for the working view.
 */
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPath, launch, login, newPage, shot } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Answers the next request of `operation` with HTTP 500 (once); every other request goes through. */
async function failOnce(page: Page, operation: string): Promise<() => number> {
  let failed = 0;
  await page.route('**/graphql', async (route: Route) => {
    const body = route.request().postDataJSON() as { operationName?: string } | null;
    if (!failed && body?.operationName === operation) {
      failed++;
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'boom' });
    }
    return route.fallback();
  });
  return () => failed;
}

describe('error boundaries', () => {
  it('a failed task list on /mission/task-list shows 服务异常... and a retry inside the layout', async () => {
    const { context, page } = await newPage(browser);
    // Straight onto the list (login?redirect=...): its first request is the one that fails.
    const failed = await failOnce(page, 'TaskListQuery');
    await login(page, 'admin', 'Admin#2026', '/mission/task-list');
    const boundary = page.getByTestId('screen-error');
    await boundary.waitFor();
    expect(failed()).toBe(1);
    expect(hashPath(page)).toBe('/mission/task-list');
    expect(await boundary.textContent()).toContain('服务异常...');
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    expect(await page.getByText('Hey developer').count()).toBe(0);
    // The layout stays: top bar, menu and tabs.
    await page.getByTestId('top-bar').waitFor();
    await page.getByTestId('tags-view').waitFor();
    await shot(page, 'error-boundary-task-list');
    await boundary.getByRole('button', { name: '重试' }).click();
    await page.getByTestId('task-rows').waitFor();
    expect(await page.getByTestId('screen-error').count()).toBe(0);
    await context.close();
  });

  it('on /working the calendar stays and only the task part shows the message, then retries', async () => {
    const { context, page } = await newPage(browser);
    const failed = await failOnce(page, 'TaskListQuery');
    await login(page, 'consultant', 'Staff#2026');
    const tasks = page.getByTestId('working-tasks');
    const boundary = tasks.getByTestId('screen-error');
    await boundary.waitFor();
    expect(failed()).toBe(1);
    expect(await boundary.textContent()).toContain('服务异常...');
    await page.getByTestId('calendar').waitFor();
    expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
    await boundary.getByRole('button', { name: '重试' }).click();
    await tasks.getByTestId('task-rows').waitFor();
    await context.close();
  });

  it('in English the message and the button are English', async () => {
    const { context, page } = await newPage(browser);
    await failOnce(page, 'TaskListQuery');
    await login(page, 'yang.fan', 'Staff#2026', '/mission/task-list');
    const boundary = page.getByTestId('screen-error');
    await boundary.waitFor();
    expect(await boundary.textContent()).toContain('Service error...');
    await boundary.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('task-rows').waitFor();
    await context.close();
  });
});
