/**
 * Prints the ten slowest test files of the run at its end (every vitest run: `npm test`,
 * `test:server`, the browser suite), with the time spent importing the file and the time its
 * tests and hooks took. The numbers say where a run's time goes; docs/tooling.md reads them.
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const COUNT = 10;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`.padStart(8);
}

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows = testModules
      .map((m) => {
        const d = m.diagnostic();
        return { file: path.relative(process.cwd(), m.moduleId), load: d.collectDuration + d.setupDuration + d.prepareDuration, tests: d.duration };
      })
      .sort((a, b) => b.load + b.tests - (a.load + a.tests))
      .slice(0, COUNT);
    if (rows.length === 0) return;
    const width = Math.max(...rows.map((r) => r.file.length));
    const lines = [`The ${rows.length} slowest test files (load = import and set-up; tests = tests and hooks):`, `  ${'file'.padEnd(width)}     total     load    tests`];
    for (const r of rows) lines.push(`  ${r.file.padEnd(width)}  ${seconds(r.load + r.tests)} ${seconds(r.load)} ${seconds(r.tests)}`);
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
