// `node scripts/lint-size.mjs [--write]`: the functions over the size and shape limits of
// eslint.config.js (SIZE_RULES: max-lines-per-function, max-depth) in the product code, per
// rule and file. The files listed in scripts/lint/size-offenders.json only warn; anywhere else
// the rules are errors. Prints the count per rule, and the files that are listed but no longer
// offend (take them off) or offend but are not listed (errors in `npm run lint`); with --write,
// rewrites the list from what it finds (after a split of a listed file, say). docs/tooling.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const listFile = path.join(root, 'scripts/lint/size-offenders.json');
const { SIZE_RULES, SIZE_FILES } = await import('../eslint.config.js');

const eslint = new ESLint({ cwd: root, overrideConfig: [{ files: SIZE_FILES, rules: SIZE_RULES }], ruleFilter: ({ ruleId }) => ruleId in SIZE_RULES });
const results = await eslint.lintFiles(SIZE_FILES);
/** @type {Record<string, Record<string, number>>} */
const found = Object.fromEntries(Object.keys(SIZE_RULES).map((r) => [r, {}]));
for (const r of results) {
  const file = path.relative(root, r.filePath);
  for (const m of r.messages) if (m.ruleId && m.ruleId in found) found[m.ruleId][file] = (found[m.ruleId][file] ?? 0) + 1;
}
const sorted = Object.fromEntries(Object.entries(found).map(([rule, files]) => [rule, Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)))]));
const listed = JSON.parse(readFileSync(listFile, 'utf8'));
for (const [rule, files] of Object.entries(sorted)) {
  const total = Object.values(files).reduce((a, b) => a + b, 0);
  const gone = Object.keys(listed[rule] ?? {}).filter((f) => !(f in files));
  const added = Object.keys(files).filter((f) => !(f in (listed[rule] ?? {})));
  console.log(`${rule}: ${total} functions in ${Object.keys(files).length} files${gone.length ? `; listed, no longer over: ${gone.join(', ')}` : ''}${added.length ? `; over, not listed: ${added.join(', ')}` : ''}`);
}
if (process.argv.includes('--write')) {
  writeFileSync(listFile, `${JSON.stringify(sorted, null, 2)}\n`);
  console.log(`wrote ${path.relative(root, listFile)}`);
}
