// Runs `prisma generate` (Prisma Client + Pothos types) without Prisma's native schema engine.
// The CLI only checks that the engine file exists, so a harmless stub is pointed at for this
// one command (see docs/decisions.md, "Database"). Nothing is downloaded.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stubDir = path.join(root, 'node_modules', '.cache', 'back-office');
const stub = path.join(stubDir, 'schema-engine-stub');
if (!existsSync(stub)) {
  mkdirSync(stubDir, { recursive: true });
  writeFileSync(stub, '#!/bin/sh\necho "schema engine stub: migrations run through scripts/db.ts" >&2\nexit 1\n');
  chmodSync(stub, 0o755);
}
const prismaBin = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');
const result = spawnSync(process.execPath, [prismaBin, 'generate', '--no-hints'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PATH: [path.join(root, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter),
    PRISMA_SCHEMA_ENGINE_BINARY: stub,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
process.exit(result.status ?? 1);
