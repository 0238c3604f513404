/**
 * The breaking-change check of the GraphQL schema (docs/schema-changelog.md).
 *
 * Compares schema.graphql with the schema integrators were given, the baseline
 * docs/schema-baseline.graphql (or, with `--ref <git ref>`, schema.graphql at that commit), using
 * graphql-js's findBreakingChanges / findDangerousChanges. A breaking change fails the check
 * unless docs/schema-changelog.md lists it as intended: a row of the "Breaking changes" table
 * with a date, the change exactly as this script prints it (in backticks) and a reason.
 * Dangerous changes (a new enum value, an optional argument added, ...) are printed, never fatal.
 *
 *   npm run schema:diff                      # against the baseline (npm test and CI run this)
 *   npm run schema:diff -- --ref origin/main # against another commit's schema.graphql
 *   npm run schema:baseline                  # at a release: the current schema becomes the baseline
 *
 * Needs no git history for the default check, so it works on any fresh clone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSchema, findBreakingChanges, findDangerousChanges } from 'graphql';

const root = path.resolve(import.meta.dirname, '..');
const SCHEMA_FILE = path.join(root, 'schema.graphql');
const BASELINE_FILE = path.join(root, 'docs/schema-baseline.graphql');
const CHANGELOG_FILE = path.join(root, 'docs/schema-changelog.md');

export type SchemaChange = { type: string; description: string };

/** Breaking and dangerous changes from one schema text to another. */
export function compareSchemas(oldText: string, newText: string): { breaking: SchemaChange[]; dangerous: SchemaChange[] } {
  const before = buildSchema(oldText);
  const after = buildSchema(newText);
  return { breaking: findBreakingChanges(before, after), dangerous: findDangerousChanges(before, after) };
}

/**
 * The changes the changelog marks as intended: each row of the table under the "Breaking
 * changes" heading whose first cell is a date (yyyy-MM-dd) and whose last cell gives a reason;
 * every backticked text of its middle cell is one change. Rows without a date or a reason
 * allow nothing.
 */
export function intendedChanges(changelog: string): Set<string> {
  const allowed = new Set<string>();
  const section = changelog.split(/^## /m).find((s) => /^Breaking changes\b/.test(s)) ?? '';
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | date | change | reason |  ->  ['', date, change, reason, '']
    if (cells.length < 5 || !/^\d{4}-\d{2}-\d{2}$/.test(cells[1] ?? '')) continue;
    if (!cells[3]) continue;
    for (const m of (cells[2] ?? '').matchAll(/`([^`]+)`/g)) allowed.add((m[1] ?? '').trim());
  }
  return allowed;
}

/** The breaking changes the changelog does not allow. */
export function unexpectedBreakingChanges(breaking: SchemaChange[], changelog: string): SchemaChange[] {
  const allowed = intendedChanges(changelog);
  return breaking.filter((c) => !allowed.has(c.description));
}

function main(argv: string[]): number {
  const current = readFileSync(SCHEMA_FILE, 'utf8');
  if (argv.includes('--write-baseline')) {
    writeFileSync(BASELINE_FILE, current);
    console.log(`Wrote ${path.relative(root, BASELINE_FILE)} from schema.graphql.`);
    return 0;
  }
  const refAt = argv.indexOf('--ref');
  const ref = refAt >= 0 ? argv[refAt + 1] : undefined;
  if (refAt >= 0 && !ref) {
    console.error('--ref needs a git ref, e.g. --ref origin/main');
    return 2;
  }
  const against = ref ? `schema.graphql at ${ref}` : path.relative(root, BASELINE_FILE);
  const old = ref ? execFileSync('git', ['show', `${ref}:schema.graphql`], { cwd: root, encoding: 'utf8' }) : readFileSync(BASELINE_FILE, 'utf8');
  const { breaking, dangerous } = compareSchemas(old, current);
  const changelog = readFileSync(CHANGELOG_FILE, 'utf8');
  const unexpected = unexpectedBreakingChanges(breaking, changelog);
  for (const c of dangerous) console.log(`dangerous (allowed): ${c.type} \`${c.description}\``);
  for (const c of breaking) if (!unexpected.includes(c)) console.log(`breaking, intended in docs/schema-changelog.md: ${c.type} \`${c.description}\``);
  if (unexpected.length) {
    console.error(`\nschema.graphql breaks ${against} (${unexpected.length} change${unexpected.length > 1 ? 's' : ''}):`);
    for (const c of unexpected) console.error(`  ${c.type} \`${c.description}\``);
    console.error(
      '\nIntegrators rely on the schema: keep the old field or argument (deprecate it with `deprecationReason` naming the replacement),' +
        '\nor, if the break is intended, add a row to the "Breaking changes" table of docs/schema-changelog.md:' +
        '\n  | yyyy-MM-dd | `<the change exactly as printed above>` | <why, and what integrators do instead> |',
    );
    return 1;
  }
  console.log(`No unintended breaking change against ${against} (${breaking.length} intended, ${dangerous.length} dangerous).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
