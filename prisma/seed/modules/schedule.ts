import type { ModuleSeeder } from './types.ts';

/** Demo data of the schedule area. Returns rows written per table. */
export const seedSchedule: ModuleSeeder = {
  name: 'schedule',
  seed: async () => ({}),
};
