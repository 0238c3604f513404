// `npm run test:module -- <module> [<module>…] [--e2e]`: the fast loop while working on one
// server module: its server, legacy and unit suites (tests/server/<module>, tests/legacy/<module>,
// tests/unit/<module>, and tests/unit/<module>*.test.ts), on one embedded PostgreSQL seeded once
// for the run; with --e2e, its browser file tests/e2e/<module>.e2e.ts too (after the others,
// which needs a built client: `npm run build:client`). Module names are the folders of
// server/modules. docs/tooling.md#the-fast-loop.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const e2e = args.includes('--e2e');
const names = args.filter((a) => !a.startsWith('--'));
const known = readdirSync(path.join(root, 'server/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
if (names.length === 0 || names.some((n) => !known.includes(n))) {
  console.error(`usage: npm run test:module -- <module> [<module>…] [--e2e]\nmodules: ${known.join(', ')}`);
  process.exit(2);
}

const paths = [];
for (const name of names) {
  for (const dir of [`tests/server/${name}`, `tests/legacy/${name}`, `tests/unit/${name}`]) if (existsSync(path.join(root, dir))) paths.push(dir);
  for (const file of readdirSync(path.join(root, 'tests/unit'))) if (file.startsWith(`${name}-`) && file.endsWith('.test.ts')) paths.push(`tests/unit/${file}`);
}
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const run = (argv) => spawnSync(process.execPath, [vitest, 'run', ...argv], { cwd: root, stdio: 'inherit' }).status ?? 1;
let status = paths.length ? run(paths) : 0;
if (paths.length === 0) console.error(`no server, legacy or unit suite for ${names.join(', ')}`);
if (e2e && status === 0) {
  const files = names.map((n) => `tests/e2e/${n}.e2e.ts`).filter((f) => existsSync(path.join(root, f)));
  if (files.length) status = run(['--config', 'tests/e2e/vitest.config.ts', ...files]);
  else console.error(`no browser file tests/e2e/<module>.e2e.ts for ${names.join(', ')}`);
}
process.exit(status);
