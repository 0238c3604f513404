import { defineConfig } from 'prisma/config';

// The CLI is used only for `prisma generate`; migrations are applied by scripts/db.ts.
// The schema is the folder prisma/schema/: one file per server module (docs/architecture.md).
export default defineConfig({
  schema: 'prisma/schema',
  migrations: { path: 'prisma/migrations' },
});
