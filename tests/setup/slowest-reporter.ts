/**
 * Prints the ten slowest test files of the run at its end (every vitest run: `npm test`,
 * `test:server`, the browser suite), with the time spent importing the file and the time its
 * tests and hooks took. The numbers say where a run's time goes; docs/tooling.md reads them.
 * Then the tests that passed only when retried (the browser suite retries once): each is a
 * flaky test to fix, named with its first attempt's error so that a retry never hides one.
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const COUNT = 10;

/** The first error of a test's failed attempts (a passed test keeps them), on one line: what made it flaky. */
function firstError(errors: ReadonlyArray<{ message?: string; stack?: string }> | undefined): string {
  const e = errors?.[0];
  if (!e) return '(no error kept)';
  const where = e.stack
    ?.split('\n')
    .find((l) => /\.e2e\.ts:\d+/.test(l))
    ?.trim();
  return `${(e.message ?? '').replace(/\s+/g, ' ').slice(0, 300)}${where ? ` (${where})` : ''}`;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`.padStart(8);
}

export default class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    this.printSlowest(testModules);
    const flaky = testModules.flatMap((m) =>
      [...m.children.allTests()].filter((t) => t.diagnostic()?.flaky).map((t) => `  ${path.relative(process.cwd(), m.moduleId)} > ${t.fullName}\n    first attempt: ${firstError(t.result().errors)}`),
    );
    if (flaky.length) process.stdout.write(`\nPassed only when retried (flaky, to fix):\n${flaky.join('\n')}\n`);
  }

  private printSlowest(testModules: ReadonlyArray<TestModule>): void {
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
