import { defineConfig } from 'vitest/config';

/** How many files run at once; each worker has a server and a database of its own (global-setup.ts). */
const workers = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

/** Browser tests: `npm run e2e` builds the client, then these drive Debian's Chromium. */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/e2e/global-setup.ts'],
    reporters: ['default', './tests/setup/slowest-reporter.ts'],
    pool: 'forks',
    maxWorkers: workers,
    fileParallelism: workers > 1,
    testTimeout: 120_000,
    // One retry: on 2 shared cores a browser flow sometimes misses a wait it makes on a quiet
    // machine. A test that passes only when retried is named at the end of the run (flaky, to
    // fix: docs/tooling.md); one that fails twice fails the run.
    retry: 1,
    hookTimeout: 180_000,
    // expect.poll waits like the browser's own waits do (1 s by default is short on 2 shared cores).
    expect: { poll: { timeout: 10_000 } },
  },
});
