import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/setup/global-setup.ts'],
    pool: 'forks',
    // Two cores: three workers keep both busy while others wait on PostgreSQL.
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { LOG_LEVEL: 'error' },
  },
});
