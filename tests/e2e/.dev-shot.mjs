// Scratch helper for development only (not committed): node tests/e2e/.dev-shot.mjs account route out.png [width] [lang]
import { chromium } from 'playwright-core';
const [account, route, out, width = '1440', lang = 'zh', ...steps] = process.argv.slice(2);
const base = 'http://127.0.0.1:4917';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: Number(width), height: 900 }, locale: 'zh-CN' });
const page = await context.newPage();
page.setDefaultTimeout(20000);
const errors = [];
page.on('pageerror', (e) => errors.push(String(e)));
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
await page.goto(`${base}/#/login`);
await page.locator('input[name=account]').fill(account);
await page.locator('input[name=password]').fill(account === 'admin' ? 'Admin#2026' : 'Staff#2026');
await page.locator('button[type=submit]').click();
await page.getByTestId('top-bar').waitFor();
if (lang === 'en') { await page.getByTestId('lang-en').first().click(); await page.waitForTimeout(800); }
await page.goto(`${base}/#${route}`);
await page.waitForTimeout(2500);
for (const s of steps) {
  if (s.startsWith('click:')) await page.locator(s.slice(6)).first().click();
  else if (s.startsWith('wait:')) await page.waitForTimeout(Number(s.slice(5)));
  else if (s.startsWith('fill:')) { const [sel, v] = s.slice(5).split('='); await page.locator(sel).first().fill(v); }
  await page.waitForTimeout(600);
}
await page.screenshot({ path: out, fullPage: true });
if (lang === 'en') { await page.getByTestId('lang-zh').first().click(); await page.waitForTimeout(800); }
console.log(errors.join('\n') || 'no errors');
await browser.close();
