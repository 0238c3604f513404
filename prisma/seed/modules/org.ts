import type { ModuleSeeder } from './types.ts';

/** Demo data of the org area. Returns rows written per table. */
export const seedOrg: ModuleSeeder = {
  name: 'org',
  seed: async () => ({}),
};
