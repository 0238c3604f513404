/** Chromium (Debian's) driven by playwright-core; one browser per file, one context per test. */
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

export const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** playwright gives every launch a fresh temporary profile (its own --user-data-dir). */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
}

export function baseUrl(): string {
  return inject('baseUrl');
}

export async function newPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1440, height: options.height ?? 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
}

export async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl()}/#${route}`);
}

/** Logs in through the login page; resolves once the layout shows. */
export async function login(page: Page, account: string, password: string, route = '/login'): Promise<void> {
  await open(page, route);
  await page.locator('input[name=account]').fill(account);
  await page.locator('input[name=password]').fill(password);
  await page.locator('button[type=submit]').click();
  await page.getByTestId('top-bar').waitFor();
}

export function hashPath(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies()).find((c) => c.name === name)?.value;
}

// ── accessibility: axe-core in the page ──

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> };

/** Runs axe-core (WCAG 2.0/2.1 A and AA rules plus best practices) on the page; answers every violation. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
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
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes.slice(0, 3).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\s+/g, ' ').slice(0, 200) ?? ''}`).join(' | ')}`);
}

/** Fails when axe finds a serious or critical violation; prints each (rule, elements) so the failure explains itself. */
export async function expectNoSeriousAxe(page: Page, label: string): Promise<void> {
  await page.waitForTimeout(300); // animations (dialogs fade in) would be read half-opaque
  const lines = describeViolations(await axeViolations(page));
  if (lines.length) console.error(`axe ${label}:\n  ${lines.join('\n  ')}`);
  if (lines.length) throw new Error(`axe found ${lines.length} serious/critical violation(s) on ${label}:\n${lines.join('\n')}`);
}
