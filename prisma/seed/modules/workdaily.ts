import type { ModuleSeeder } from './types.ts';

/** Demo data of the workdaily area. Returns rows written per table. */
export const seedWorkdaily: ModuleSeeder = {
  name: 'workdaily',
  seed: async () => ({}),
};
