import { defineConfig } from 'prisma/config';

// The CLI is used only for `prisma generate`; migrations are applied by scripts/db.ts.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
