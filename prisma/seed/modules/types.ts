import type { PrismaClient } from '../../../server/generated/prisma/client.ts';

/**
 * What an area's seeder gets. It runs after the core seed (users, roles, rights, projects,
 * time zones) has committed, in the order of `MODULE_SEEDERS`, and reads the rows it needs
 * (demo accounts, projects) from the database. It must be deterministic: use
 * `createRandom(<fixed number>)` from ../random.ts and dates relative to `referenceDate`, never the clock.
 */
export type ModuleSeedContext = { scale: number; log: (line: string) => void; referenceDate: Date };
export type ModuleSeeder = { name: string; seed: (db: PrismaClient, ctx: ModuleSeedContext) => Promise<Record<string, number>> };
