/**
 * Seeds the database at DATABASE_URL, which must be empty and migrated.
 * Usage: DATABASE_URL=postgres://... SEED_SCALE=1 npx tsx prisma/seed/cli.ts
 */
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../server/generated/prisma/client.ts';
import { seed } from './index.ts';

const connectionString = process.env.DATABASE_URL;
if (!connectionString) {
  console.error('DATABASE_URL is required');
  process.exit(1);
}
const scale = process.env.SEED_SCALE ? Number(process.env.SEED_SCALE) : 1;
const db = new PrismaClient({ adapter: new PrismaPg({ connectionString }) });
try {
  const summary = await seed(db, { scale, log: (line) => console.log(line) });
  console.table(summary);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
