import type { ModuleSeeder } from './types.ts';

/** Demo data of the content area. Returns rows written per table. */
export const seedContent: ModuleSeeder = {
  name: 'content',
  seed: async () => ({}),
};
