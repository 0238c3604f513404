/**
 * The project's database commands, with no engine downloaded from the internet:
 *   npm run db:migrate                 apply pending migrations
 *   npm run db:seed [-- --scale N]     seed demo data (refuses a non-empty database)
 *   npm run db:reset [-- --scale N]    drop everything, migrate, seed
 *   npm run db:migrate:create -- name  see scripts/migration-create.ts
 * They use DATABASE_URL when set, otherwise the embedded PostgreSQL under DATA_DIR.
 */
import { loadConfig } from '../server/config.ts';
import { createDb } from '../server/db/client.ts';
import { openDatabase } from '../server/db/database.ts';
import { applyMigrations, dropAll } from '../server/db/migrate.ts';
import { seed } from '../prisma/seed/index.ts';

function scaleArg(argv: string[]): number {
  const i = argv.indexOf('--scale');
  const raw = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--scale='))?.split('=')[1];
  if (raw === undefined) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 1000) {
    console.error('--scale takes a whole number from 1 to 1000');
    process.exit(2);
  }
  return n;
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || !['migrate', 'seed', 'reset'].includes(command)) {
    console.error('usage: tsx scripts/db.ts migrate|seed|reset [--scale N]');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    if (command === 'reset') {
      await dropAll(database.url);
      console.log('dropped all objects');
    }
    const migrated = await applyMigrations(database.url, { log: (l) => console.log(l) });
    console.log(`migrations: ${migrated.applied.length} applied, ${migrated.alreadyApplied} already applied`);
    if (command === 'seed' || command === 'reset') {
      const db = createDb(database.url);
      try {
        if ((await db.user.count()) > 0) {
          console.error('The database already holds data; use `npm run db:reset` to start over.');
          process.exitCode = 1;
        } else {
          const t = Date.now();
          const summary = await seed(db, { scale: scaleArg(rest), log: (l) => console.log(l), files: config });
          console.log(`seeded in ${Date.now() - t} ms`, summary);
        }
      } finally {
        await db.$disconnect();
      }
    }
  } finally {
    await database.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
