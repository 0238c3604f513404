import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // graphql ships CJS (index.js) and ESM (index.mjs) builds; Vite would load the ESM one for
  // our files while yoga and Pothos require the CJS one, giving two `graphql` realms. Node
  // itself always loads index.js, so the tests do the same.
  resolve: { alias: [{ find: /^graphql$/, replacement: fileURLToPath(new URL('./node_modules/graphql/index.js', import.meta.url)) }] },
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/setup/global-setup.ts'],
    reporters: ['default', './tests/setup/slowest-reporter.ts'],
    pool: 'forks',
    // A worker imports the server once and runs its files one after the other (not a fresh
    // module graph per file: that import was 490 of 760 s of the suite's summed time). Safe
    // because no file shares state with another through a module: each builds its own app on
    // its own database (tests/helpers/app.ts), nothing is mocked with vi.mock, spies are
    // restored, and module-level caches of the server are keyed by the database or the request.
    isolate: false,
    // Two cores: three workers keep both busy while others wait on PostgreSQL.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'error' },
  },
});
