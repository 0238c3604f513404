/**
 * The archive list on 500 archives (issue 18, docs/archives-ui.md "Measured"): as the
 * administrator at 1440 px, each action from the click (or Enter) to the next painted frame that
 * shows the new rows, beside the list's GraphQL request as the browser saw it. Three rounds.
 * Printed, never asserted; run with tests/e2e/measure.config.ts.
 */
import { loadavg } from 'node:os';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from './api.ts';
import { launch, login, newPage, open } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TARGET = 500;

async function total(): Promise<number> {
  const d = await gql<{ archives: { totalCount: number } }>('admin', '{ archives(first: 1) { totalCount } }');
  return d.archives.totalCount;
}

/** Archives created through the API until the administrator sees 500 (the demo has 40). */
async function fillTo(target: number): Promise<void> {
  let n = await total();
  const create = async (i: number) => {
    const d = await gql<{ createArchive: { __typename: string } }>('admin', 'mutation($i: CreateArchiveInput!) { createArchive(input: $i) { __typename } }', {
      i: { surNamePy: 'Speed', namePy: `Student${i}`, grade: 1 + (i % 12), year: 2026 + (i % 4) },
    });
    if (d.createArchive.__typename !== 'ArchivePayload') throw new Error(JSON.stringify(d));
  };
  while (n < target) {
    const batch = Array.from({ length: Math.min(8, target - n) }, (_, k) => create(n + k));
    await Promise.all(batch);
    n += batch.length;
  }
}

/** What the table shows: the count line, the number of rows and the first row. */
const SIGNATURE = `(() => {
  const rows = document.querySelectorAll('[data-testid=archive-table-row]');
  return (document.querySelector('[data-testid=archive-total]')?.textContent ?? '') + '|' + rows.length + '|' + (rows[0]?.textContent ?? '');
})()`;

/**
 * Click (or Enter, or a select's change) to the frame painted after the rows changed: the
 * event's time is taken in the page (capture listener), the end is the first animation frame
 * after the table's content differs, plus the task after it (the paint).
 */
async function measure(page: Page, act: () => Promise<void>): Promise<{ paint: number; request: string }> {
  await page.evaluate(`(() => {
    const before = ${SIGNATURE};
    const m = (window.__m = { t0: 0, t1: 0 });
    const start = () => { if (!m.t0) m.t0 = performance.now(); };
    for (const type of ['click', 'change', 'submit']) window.addEventListener(type, start, { capture: true, once: true });
    const obs = new MutationObserver(() => {
      if (!m.t0 || m.t1 || ${SIGNATURE} === before) return;
      obs.disconnect();
      requestAnimationFrame(() => setTimeout(() => { m.t1 = performance.now(); }, 0));
    });
    obs.observe(document.body, { subtree: true, childList: true, characterData: true });
  })()`);
  const requests: Request[] = [];
  const onRequest = (r: Request) => {
    const body = r.postData() ?? '';
    if (r.url().endsWith('/graphql') && /ArchiveList(Pagination)?Query/.test(body)) requests.push(r);
  };
  page.on('requestfinished', onRequest);
  await act();
  // A function, not a string: the server's CSP forbids eval in the page.
  await page.waitForFunction(() => ((window as unknown as { __m: { t1: number } }).__m.t1 ?? 0) > 0, undefined, { timeout: 60_000 });
  page.off('requestfinished', onRequest);
  const m = (await page.evaluate('window.__m')) as { t0: number; t1: number };
  const request = requests.length ? requests.map((r) => String(Math.round(r.timing().responseEnd))).join('+') : 'store';
  return { paint: Math.round(m.t1 - m.t0), request };
}

describe('the archive list on 500 archives', () => {
  it('prints click to paint and the request time of filtering, sorting and paging', async () => {
    await fillTo(TARGET);
    expect(await total()).toBeGreaterThanOrEqual(TARGET);
    const { context, page } = await newPage(browser, { width: 1440 });
    await login(page, 'admin', 'Admin#2026');
    await open(page, '/archives/list');
    await page.getByTestId('archive-table-row').first().waitFor();
    const search = page.getByTestId('archive-filters-search');
    const actions: Array<[string, () => Promise<void>]> = [
      ['status = published', async () => void (await page.getByTestId('filter-status').selectOption('PUBLISHED'))],
      ['status = all', async () => void (await page.getByTestId('filter-status').selectOption(''))],
      [
        'search "student12"',
        async () => {
          await search.fill('student12');
          await search.press('Enter');
        },
      ],
      ['clear filters', () => page.getByTestId('archive-filters-clear').click()],
      ['load more (30 rows)', () => page.getByTestId('archive-more').click()],
      ['sort by name (server)', () => page.getByTestId('archive-table-sort-name').click()],
      ['sort by name, Z→A', () => page.getByTestId('archive-table-sort-name').click()],
      ['sort off (newest)', () => page.getByTestId('archive-table-sort-name').click()],
    ];
    const results = new Map<string, Array<{ paint: number; request: string }>>();
    for (let round = 0; round < 3; round++) {
      for (const [name, act] of actions) {
        const r = await measure(page, act);
        results.set(name, [...(results.get(name) ?? []), r]);
        await page.waitForTimeout(300);
      }
    }
    const load = `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
    console.log(`archive list, ${await total()} archives, 1440 px; ${load}`);
    console.log('| action | click to paint (ms) | GraphQL request (ms) |');
    for (const [name, rs] of results) console.log(`| ${name} | ${rs.map((r) => r.paint).join(', ')} | ${rs.map((r) => r.request).join(', ')} |`);
    await context.close();
  });
});
