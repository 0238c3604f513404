/** Chromium (Debian's) driven by playwright-core; one browser per file, one context per test. */
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * `E2E_PROFILE=<file>`: each timed step below (screenshot, axe, settle, language switch, log-in)
 * appends `step<TAB>ms` to the file, so a run can say where the browser suite's time goes.
 */
async function timed<T>(step: string, run: () => Promise<T>): Promise<T> {
  const file = process.env.E2E_PROFILE;
  if (!file) return run();
  const started = performance.now();
  try {
    return await run();
  } finally {
    appendFileSync(file, `${step}\t${Math.round(performance.now() - started)}\n`);
  }
}

export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

/**
 * Chromium's switches: headless without a GPU, and nothing the tests do not need: no process per
 * site (`site-per-process` and `IsolateOrigins` off; the suite opens one origin), no paint
 * holding, translation, hints or media router: page starts 6 to 8 % faster on two shared
 * cores (measured interleaved, 2026-12-08).
 */
export const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=site-per-process,IsolateOrigins,Translate,OptimizationHints,MediaRouter,PaintHolding',
  '--disable-extensions',
  '--mute-audio',
  '--disable-ipc-flooding-protection',
];

/** playwright gives every launch a fresh temporary profile (its own --user-data-dir). */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
}

/** The server of the worker this file runs in (tests/e2e/global-setup.ts starts one per worker). */
function server() {
  const servers = inject('e2eServers');
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID) || 1);
  return servers[(worker - 1) % servers.length]!;
}

export function baseUrl(): string {
  return server().baseUrl;
}

/** The copy of client/dist that this worker's server serves (the update-notice test changes it). */
export function distDir(): string {
  return server().distDir;
}

export async function newPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1440, height: options.height ?? 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * Pictures are for people: a session looks at them after `npm run e2e`. CI (`CI=true`) takes none
 * unless `E2E_SHOTS=1`, since nobody looks at its pictures; everything checked beside a picture
 * (axe, the sideways-overflow check, the flow that brings the screen up) runs all the same.
 */
const TAKE_PICTURES = process.env.CI !== 'true' || process.env.E2E_SHOTS === '1';

export async function shot(page: Page, name: string): Promise<void> {
  if (!TAKE_PICTURES) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await timed('screenshot', () => page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) }));
}

export async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl()}/#${route}`);
}

/** Logs in through the login page; resolves once the layout shows. */
export async function login(page: Page, account: string, password: string, route = '/login'): Promise<void> {
  await timed('login', async () => {
    await open(page, route);
    await page.locator('input[name=account]').fill(account);
    await page.locator('input[name=password]').fill(password);
    await page.locator('button[type=submit]').click();
    await page.getByTestId('top-bar').waitFor();
  });
}

export function hashPath(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

/** The token the client keeps (local storage `Admin-Token`; never a cookie). */
export async function storedToken(page: Page): Promise<string | undefined> {
  return (await page.evaluate(() => localStorage.getItem('Admin-Token'))) ?? undefined;
}

export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

// ── accessibility: axe-core in the page ──

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> };

/** Runs axe-core (WCAG 2.0/2.1 A and AA rules plus best practices) on the page; answers every violation. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the debugging protocol, not as an inline <script>: the page's Content
  // Security Policy (script-src 'self') rightly refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(`${AXE_SOURCE};undefined`);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}

/** The serious and critical violations as readable lines (rule, impact, help, the first elements). */
export function describeViolations(violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes
          .slice(0, 3)
          .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\s+/g, ' ').slice(0, 200) ?? ''}`)
          .join(' | ')}`,
    );
}

/**
 * Waits until the page is still: no finite animation or transition running (a dialog fading and
 * scaling in; spinners run forever and are ignored) and two frames drawn since, so a layout
 * change (a new viewport width, a language switch) has been painted. Used instead of fixed sleeps.
 */
export async function settle(page: Page): Promise<void> {
  await timed('settle', () => settleNow(page));
}

async function settleNow(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 3000, polling: 'raf' }).catch(() => undefined);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Fails when axe finds a serious or critical violation; prints each (rule, elements) so the failure explains itself. */
export async function expectNoSeriousAxe(page: Page, label: string, options: { settled?: boolean } = {}): Promise<void> {
  // Finite animations (a dialog fading in) would be read half-opaque: wait for them.
  if (!options.settled) await settle(page);
  const lines = describeViolations(await timed('axe', () => axeViolations(page)));
  if (lines.length) console.error(`axe ${label}:\n  ${lines.join('\n  ')}`);
  if (lines.length) throw new Error(`axe found ${lines.length} serious/critical violation(s) on ${label}:\n${lines.join('\n')}`);
}

// ── widths and languages ──

export type Lang = 'zh' | 'en';
/** The widths every screen must work at (docs/ui-bars.md), with a usual height for each. */
export const WIDTHS = [1440, 1024, 390] as const;
const HEIGHTS: Record<number, number> = { 1440: 900, 1024: 768, 390: 844 };

/**
 * Switches the page's language with the 中/EN toggle (in the layout it is saved to the user, so
 * server texts follow too; on the login page it is the page's only); resolves once the page shows it.
 */
export async function setLanguage(page: Page, lang: Lang): Promise<void> {
  const target = page.getByTestId(`lang-${lang}`).first();
  if ((await target.getAttribute('aria-pressed')) !== 'true') await target.click();
  await page.waitForFunction((l) => document.documentElement.lang === (l === 'en' ? 'en' : 'zh-CN'), lang);
  await page.locator(`[data-testid=lang-${lang}][aria-pressed=true]`).first().waitFor({ state: 'attached' });
  await settle(page);
}

/** Closes open dialogs, drawers and menus (Escape; typed input is discarded), so the top bar can be reached. */
export async function closeOverlays(page: Page): Promise<void> {
  for (let i = 0; i < 4 && (await page.locator('[role=dialog], [role=alertdialog], [role=menu]').count()) > 0; i++) {
    // A dialog holding typed input asks before it closes (docs/ui-kit.md): the pictures discard it.
    if (await page.getByTestId('discard-dialog').count()) await page.getByTestId('discard-confirm').click();
    else await page.keyboard.press('Escape');
    await settle(page);
  }
}

/**
 * Where a picture matrix runs axe: every width once and every language once, not every pair.
 * Axe's findings follow the page's structure, which changes with the width (the top menu at
 * 1440, "more" at 1024, the drawer at 390) and not with the language (the same elements, names
 * and colours; a missing English name shows at any width). Chinese is checked at 1440 and 390,
 * English at 1024: half the runs of the full matrix, each about a second on two shared cores.
 * `axe: 'every'` (or `E2E_AXE=every` for the whole suite) checks every pair.
 */
function axeCell(lang: Lang, width: number, langs: readonly Lang[], widths: readonly number[]): boolean {
  const l = langs.indexOf(lang);
  const w = widths.indexOf(width);
  // Widths dealt to the languages in turn (zh 1440, en 1024, zh 390); a language left without a width gets one too.
  return w % langs.length === l || (l >= widths.length && w === l % widths.length);
}

/**
 * The bars' pictures of one screen: for each language and each width (1440, 1024, 390), `show`
 * brings the screen into view (open a dialog, choose a view...), then a screenshot
 * `<name>-<lang>-<width>.png` is taken, the sideways-overflow check of `show` runs, and, unless
 * `axe: false`, axe must find nothing serious or critical at the cells `axeCell` names (every
 * width and every language). Overlays are closed between pictures; the language is set back to
 * Chinese at the end. Answers the file names, for the test's log (a person looks at them).
 */
export async function shootEverywhere(
  page: Page,
  name: string,
  show: (page: Page, lang: Lang, width: number) => Promise<void>,
  options: { langs?: Lang[]; widths?: readonly number[]; axe?: boolean | 'every' } = {},
): Promise<string[]> {
  const names: string[] = [];
  const langs = options.langs ?? (['zh', 'en'] as Lang[]);
  const widths = options.widths ?? WIDTHS;
  for (const lang of langs) {
    await closeOverlays(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await setLanguage(page, lang);
    for (const width of widths) {
      await closeOverlays(page);
      await page.setViewportSize({ width, height: HEIGHTS[width] ?? 900 });
      await settle(page);
      await show(page, lang, width);
      await settle(page); // dialogs fade and scale in
      const file = `${name}-${lang}-${width}`;
      await shot(page, file);
      names.push(file);
      const axe = options.axe !== false && (options.axe === 'every' || process.env.E2E_AXE === 'every' || axeCell(lang, width, langs, widths));
      if (axe) await expectNoSeriousAxe(page, `${name} (${lang}, ${width} px)`, { settled: true });
    }
  }
  await closeOverlays(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  if ((options.langs ?? ['zh', 'en']).includes('en')) await setLanguage(page, 'zh');
  return names;
}

/**
 * What sticks out of the page on the right (the bars: nothing cut off, no sideways scroll at
 * 390 px): [] when the page does not scroll sideways, else the outermost elements past the edge.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth + 1) return [];
    const edge = root.clientWidth + 1;
    const out: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.right > edge && r.width > 0 && !(el.parentElement && el.parentElement.getBoundingClientRect().right > edge)) {
        out.push(`${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''}.${String(el.className).slice(0, 60)} right=${Math.round(r.right)}`);
      }
    }
    return out.length ? out.slice(0, 5) : [`scrollWidth ${root.scrollWidth} > ${root.clientWidth}`];
  });
}

/** The newest toast whose text matches (an older one with the same text may still be fading). */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByTestId('toast').filter({ hasText: text }).first();
}
