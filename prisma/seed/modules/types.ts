import type { PrismaClient } from '../../../server/generated/prisma/client.ts';

/**
 * What an area's seeder gets. It runs after the core seed (users, roles, rights, projects,
 * time zones) has committed, in the order of `MODULE_SEEDERS`, and reads the rows it needs
 * (demo accounts, projects) from the database. It must be deterministic: use
 * `createRandom(<fixed number>)` from ../random.ts and dates as offsets in days from
 * `referenceDate`, the seed's today (../dates.ts), never the clock.
 */
export type ModuleSeedContext = {
  scale: number;
  log: (line: string) => void;
  /** The seed's today at 00:00 UTC (`SEED_TODAY`, else the current day in Asia/Shanghai; tests pin 2026-09-01). */
  referenceDate: Date;
};
export type ModuleSeeder = { name: string; seed: (db: PrismaClient, ctx: ModuleSeedContext) => Promise<Record<string, number>> };
