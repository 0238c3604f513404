import { seedContent } from './content.ts';
import { seedOrg } from './org.ts';
import { seedSchedule } from './schedule.ts';
import { seedTasks } from './tasks.ts';
import { seedWorkdaily } from './workdaily.ts';
import { seedArchives } from './archives.ts';
import { seedSchools } from './schools.ts';
import type { ModuleSeeder } from './types.ts';

/** Area seeders, run in this order after the core seed. */
export const MODULE_SEEDERS: ModuleSeeder[] = [seedOrg, seedContent, seedTasks, seedSchedule, seedWorkdaily, seedArchives, seedSchools];
