/**
 * CI runs the full suites on the embedded PostgreSQL and only the smoke set (tests/smoke.config.ts)
 * on the machine's, another major version: every module must have a suite in it, or a module's
 * SQL could break on that version unseen.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SMOKE } from '../smoke.config.ts';

const root = path.resolve(import.meta.dirname, '../..');
const modules = readdirSync(path.join(root, 'server/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const suites = ['tests/server', 'tests/legacy'].flatMap((dir) =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`),
);
/** `**` spans folders, `*` a part of one name (the two forms the list uses). */
const matcher = (pattern: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\//g, '(?:.*/)?')
      .replace(/\*/g, '[^/]*')}$`,
  );
const inSmoke = suites.filter((file) => SMOKE.some((p) => matcher(p).test(file)));

describe('the smoke set for the machine PostgreSQL', () => {
  it('names only files that exist', () => {
    for (const pattern of SMOKE)
      expect(
        inSmoke.some((file) => matcher(pattern).test(file)),
        pattern,
      ).toBe(true);
  });

  it('has a suite of every server module', () => {
    const missing = modules.filter((m) => !inSmoke.some((file) => file.startsWith(`tests/server/${m}/`) || file.startsWith(`tests/legacy/${m}/`)));
    expect(missing).toEqual([]);
  });

  it('holds the migration and seed suites and every raw-SQL suite', () => {
    const sql = suites.filter((f) => f.endsWith('-sql.test.ts'));
    expect(sql.length).toBeGreaterThan(5);
    for (const file of [...sql, 'tests/server/db/migrate.test.ts', 'tests/server/seed/seed-today.test.ts']) expect(inSmoke, file).toContain(file);
  });
});
