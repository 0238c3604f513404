import { defineConfig, mergeConfig } from 'vitest/config';
import e2e from './vitest.config.ts';

/**
 * Measurements in a real browser that are not tests (they assert no timing and are not part of
 * the e2e suite): `npm run build:client`, then
 * `npx vitest run --config tests/e2e/measure.config.ts tests/e2e/<file>.measure.ts`.
 * The numbers are printed; they go into the area's docs with the load average of the machine.
 */
export default mergeConfig(e2e, defineConfig({ test: { include: ['tests/e2e/**/*.measure.ts'], testTimeout: 900_000 } }));
