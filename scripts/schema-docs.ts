/**
 * Which elements of a GraphQL schema have no description: types, fields, arguments, enum
 * values, input fields and custom directives (built-in scalars, directives and introspection
 * types excepted). The schema-descriptions test fails on any; run it by hand to count a
 * printed schema, for example an older one:
 *
 *   npx tsx scripts/schema-docs.ts                 # schema.graphql
 *   git show <commit>:schema.graphql > /tmp/old.graphql && npx tsx scripts/schema-docs.ts /tmp/old.graphql
 *
 * It prints the count of each kind, then (with --list) every undocumented element.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, isSpecifiedDirective, isSpecifiedScalarType, type GraphQLArgument, type GraphQLSchema } from 'graphql';

export type UndocumentedElement = { kind: 'type' | 'field' | 'argument' | 'enumValue' | 'inputField' | 'directive'; coordinate: string };

const blank = (text: string | null | undefined) => !text || !text.trim();

/** Every element of the schema without a description, by its schema coordinate (Type.field(arg:)). */
export function undocumentedElements(schema: GraphQLSchema): UndocumentedElement[] {
  const out: UndocumentedElement[] = [];
  const args = (owner: string, list: readonly GraphQLArgument[]) => {
    for (const a of list) if (blank(a.description)) out.push({ kind: 'argument', coordinate: `${owner}(${a.name}:)` });
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    if (blank(type.description)) out.push({ kind: 'type', coordinate: type.name });
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (blank(field.description)) out.push({ kind: 'field', coordinate: `${type.name}.${field.name}` });
        args(`${type.name}.${field.name}`, field.args);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) if (blank(field.description)) out.push({ kind: 'inputField', coordinate: `${type.name}.${field.name}` });
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) if (blank(value.description)) out.push({ kind: 'enumValue', coordinate: `${type.name}.${value.name}` });
    }
  }
  for (const directive of schema.getDirectives()) {
    if (isSpecifiedDirective(directive)) continue;
    if (blank(directive.description)) out.push({ kind: 'directive', coordinate: `@${directive.name}` });
    args(`@${directive.name}`, directive.args);
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const file = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? path.resolve(import.meta.dirname, '../schema.graphql');
  const missing = undocumentedElements(buildSchema(readFileSync(file, 'utf8')));
  const counts: Record<string, number> = { type: 0, field: 0, argument: 0, enumValue: 0, inputField: 0, directive: 0 };
  for (const m of missing) counts[m.kind] = (counts[m.kind] ?? 0) + 1;
  console.log(
    `${file}: ${missing.length} undocumented (${Object.entries(counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')})`,
  );
  if (process.argv.includes('--list')) for (const m of missing) console.log(`  ${m.kind.padEnd(10)} ${m.coordinate}`);
}
