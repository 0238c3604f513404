import type { ModuleSeeder } from './types.ts';

/** Demo data of the tasks area. Returns rows written per table. */
export const seedTasks: ModuleSeeder = {
  name: 'tasks',
  seed: async () => ({}),
};
