import { defineConfig } from 'vitest/config';
import base from '../vitest.config.ts';

/**
 * The smoke set (`npm run test:smoke`): what CI runs against the machine's PostgreSQL (another
 * major version than the embedded server, which runs the full suites in `npm test`). The global
 * setup migrates and seeds the template there; then the migration and seed suites, every raw-SQL
 * suite (statements written by hand, the part most likely to differ between versions), and at
 * least one suite of every module of server/modules (its legacy paths, or its main suite). A new
 * module adds its line here; docs/tooling.md#ci.
 */
export const SMOKE = [
  // migrations and the seed
  'tests/server/db/migrate.test.ts',
  'tests/server/seed/seed-today.test.ts',
  // every raw-SQL suite
  'tests/server/**/*-sql.test.ts',
  // one or more per module (those above cover applications, archives, courses, roles, schedule, tasks, users)
  'tests/legacy/auth/paths.test.ts',
  'tests/legacy/users/paths.test.ts',
  'tests/legacy/departments/paths.test.ts',
  'tests/legacy/companies/paths.test.ts',
  'tests/legacy/roles/paths.test.ts',
  'tests/legacy/archive-modules/paths.test.ts',
  'tests/legacy/system/paths.test.ts',
  'tests/legacy/projects/paths.test.ts',
  'tests/legacy/letters/paths.test.ts',
  'tests/legacy/notices/paths.test.ts',
  'tests/legacy/dictionary/paths.test.ts',
  'tests/legacy/workdaily/workdaily-paths.test.ts',
  'tests/server/ics/ics-feed.test.ts',
  'tests/legacy/schools/schools-rest.test.ts',
  'tests/legacy/courses/courses-paths.test.ts',
  'tests/legacy/archives/archives-paths.test.ts',
];

// The include list replaces the base's (mergeConfig would add to it).
export default defineConfig({ ...base, test: { ...base.test, include: SMOKE } });
