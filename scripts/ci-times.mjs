// Prints .ci/run's step times as one table, each beside its budget (tests/budget.json), and a
// warning line for every step over its budget by more than 25 %. Never fails on time: times
// are noisy on two shared cores. Usage: node scripts/ci-times.mjs <times.tsv> <budget.json>
import { existsSync, readFileSync } from 'node:fs';

const [timesFile, budgetFile] = process.argv.slice(2);
const rows = readFileSync(timesFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => {
    const [name, seconds, exit] = line.split('\t');
    return { name, seconds: Number(seconds), exit };
  });
const budget = existsSync(budgetFile) ? (JSON.parse(readFileSync(budgetFile, 'utf8')).steps ?? {}) : {};
const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
const width = Math.max(4, ...rows.map((r) => r.name.length));
const lines = ['', '== CI step times', `${'step'.padEnd(width)}  ${'wall'.padStart(6)}  ${'budget'.padStart(6)}  ${'use'.padStart(5)}  exit`];
const warnings = [];
for (const r of rows) {
  const b = budget[r.name];
  const use = b ? `${Math.round((100 * r.seconds) / b)} %` : '';
  lines.push(`${r.name.padEnd(width)}  ${clock(r.seconds).padStart(6)}  ${(b ? clock(b) : '').padStart(6)}  ${use.padStart(5)}  ${r.exit}`);
  if (b && r.seconds > b * 1.25) warnings.push(`warning: step "${r.name}" took ${clock(r.seconds)}, over its budget of ${clock(b)} by ${Math.round((100 * r.seconds) / b - 100)} % (tests/budget.json)`);
}
console.log([...lines, ...warnings].join('\n'));
