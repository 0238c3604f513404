// Prints the JavaScript the login route loads (the entry and what index.html preloads) and
// every other chunk, gzipped, against the goal: at most 250 KB gzipped for login.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => {
    const bytes = readFileSync(path.join(dist, 'assets', f));
    return { file: `assets/${f}`, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
// The entry loads the shell's texts of the page's language before the first render
// (client/src/i18n): count the larger of the two languages' base chunks.
const baseTexts = rows.filter((r) => /\/texts-(zh|en)-base-[^/]+\.js$/.test(r.file)).sort((a, b) => b.gzip - a.gzip)[0];
if (baseTexts) initial.add(baseTexts.file);
const login = rows.filter((r) => initial.has(r.file));
const total = login.reduce((s, r) => s + r.gzip, 0);
console.log('\nlogin route JavaScript (entry + preloaded chunks):');
for (const r of login) console.log(`  ${r.file.padEnd(44)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
console.log(`  total gzip ${kb(total)} (goal: at most 250 KB) ${total <= 250 * 1024 ? 'OK' : 'OVER THE GOAL'}`);
console.log('loaded on demand:');
for (const r of rows.filter((r) => !initial.has(r.file))) console.log(`  ${r.file.padEnd(44)} ${kb(r.raw).padStart(10)}  gzip ${kb(r.gzip).padStart(9)}`);
if (total > 250 * 1024 && process.env.CLIENT_SIZE_STRICT) process.exit(1);
