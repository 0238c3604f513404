/**
 * Prints the Pothos schema to schema.graphql. With --check, exits 1 when the checked-in file
 * is stale (CI runs this through `npm test`).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { printSchema } from 'graphql';
import { schema } from '../server/graphql/schema.ts';

const file = path.resolve(import.meta.dirname, '../schema.graphql');
const printed = printSchema(schema) + '\n';
if (process.argv.includes('--check')) {
  const current = await readFile(file, 'utf8').catch(() => '');
  if (current !== printed) {
    console.error('schema.graphql is stale: run `npm run schema:print` and commit it.');
    process.exit(1);
  }
  console.log('schema.graphql is up to date.');
} else {
  await writeFile(file, printed);
  console.log('Wrote schema.graphql');
}
