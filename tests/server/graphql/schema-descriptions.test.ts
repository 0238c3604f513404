/**
 * The schema documents itself: GraphiQL's documentation pane (and any integrator's tooling)
 * shows a description for every type, field, argument, enum value and input field, including
 * what the plugins generate (connections, edges, PageInfo, Node, mutation result unions). And
 * every object a client refetches by id is a Relay Node.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../server/graphql/schema.ts';
import { undocumentedElements } from '../../../scripts/schema-docs.ts';

const printed = buildSchema(readFileSync(path.resolve(import.meta.dirname, '../../../schema.graphql'), 'utf8'));

describe('schema descriptions', () => {
  it.each([
    ['the schema the server runs', schema],
    ['the printed schema.graphql', printed],
  ] as Array<[string, GraphQLSchema]>)('%s has no undocumented element', (_name, s) => {
    const missing = undocumentedElements(s).map((m) => `${m.kind} ${m.coordinate}`);
    expect(missing, `undocumented: add a description option in the Pothos definition\n${missing.join('\n')}`).toEqual([]);
  });

  it('finds an undocumented element of every kind (the check itself)', () => {
    const bare = buildSchema(`
      directive @tag(name: String) on FIELD_DEFINITION
      type Query { a(x: Int): Thing }
      type Thing { b: Color }
      enum Color { RED }
      input Filter { c: Int }
    `);
    expect(undocumentedElements(bare).map((m) => `${m.kind} ${m.coordinate}`)).toEqual(
      expect.arrayContaining(['type Query', 'field Query.a', 'argument Query.a(x:)', 'type Thing', 'field Thing.b', 'enumValue Color.RED', 'type Filter', 'inputField Filter.c', 'directive @tag', 'argument @tag(name:)']),
    );
  });

  it('every deprecation names its replacement', () => {
    const reasons: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !(isObjectType(type) || isInterfaceType(type))) continue;
      for (const field of Object.values(type.getFields())) {
        if (field.deprecationReason) reasons.push(`${type.name}.${field.name}: ${field.deprecationReason}`);
        for (const arg of field.args) if (arg.deprecationReason) reasons.push(`${type.name}.${field.name}(${arg.name}:): ${arg.deprecationReason}`);
      }
    }
    expect(reasons).toEqual(
      expect.arrayContaining([
        "TaskLog.logNote: Use `note` (the same six values as an enum) or `label` (the text in the caller's language).",
        'Query.projects(excludeStates:): Use `filter: { excludeStates }`, which does the same.',
      ]),
    );
    for (const reason of reasons) expect(reason, 'a deprecation says what to use instead: "Use `x` ..."').toMatch(/: Use `[^`]+`/);
  });
});

describe('Relay object identification', () => {
  it('every object type with an id implements Node, so node(id:) can refetch it', () => {
    const notNodes = Object.values(schema.getTypeMap())
      .filter((t) => isObjectType(t) && !t.name.startsWith('__') && 'id' in t.getFields())
      .filter((t) => isObjectType(t) && !t.getInterfaces().some((i) => i.name === 'Node'))
      .map((t) => t.name);
    expect(notNodes).toEqual([]);
  });
});
