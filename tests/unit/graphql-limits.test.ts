/**
 * server/graphql/limits.ts: the cost of an operation counts page sizes given as variables, and
 * every operation the client sends stays within the limits at the largest page it asks for.
 */
import { readFileSync } from 'node:fs';
import { buildSchema, Kind, parse, print, validate, type TypeNode } from 'graphql';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS, operationCost } from '../../server/graphql/limits.ts';
import { PERSISTED_QUERIES_FILE } from '../../server/graphql/yoga.ts';

const named = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : named(type.type));

const SCHEMA = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));

describe('the cost of an operation', () => {
  const doc = parse('query($n: Int) { users(first: $n) { edges { node { id name } } } }');

  it('multiplies by a page size given as a variable exactly as by the same literal', () => {
    const literal = operationCost(parse('{ users(first: 300) { edges { node { id name } } } }'), {});
    expect(operationCost(doc, { n: 300 })).toBe(literal);
    expect(operationCost(doc, { n: 20 })).toBeLessThan(literal);
  });

  it('counts the ids of nodes(ids:) like a page size', () => {
    const nodes = parse('query($ids: [ID!]!) { nodes(ids: $ids) { id name: __typename } }');
    expect(operationCost(nodes, { ids: Array(50).fill('a') })).toBe(5 * operationCost(nodes, { ids: Array(10).fill('a') }));
  });

  it('counts a connection asked without first or last as its default page (issue 33: courses × lessons × attendances)', () => {
    const inner = (page: string) => parse(`{ courses(first: 500) { edges { node { id lessons${page} { edges { node { id attendances${page} { edges { node { id state } } } } } } } } } }`);
    const asked = operationCost(inner('(first: 50)'), {}, null, SCHEMA);
    expect(asked).toBeGreaterThan(GRAPHQL_LIMITS.maxCost);
    expect(operationCost(inner(''), {}, null, SCHEMA)).toBe(asked);
    // Through a fragment and an inline fragment too.
    const spread = parse(`{ courses(first: 500) { edges { node { ...C } } } } fragment C on Course { id lessons { edges { node { ... on Lesson { id attendances { edges { node { id state } } } } } } } }`);
    expect(operationCost(spread, {}, null, SCHEMA)).toBeGreaterThan(GRAPHQL_LIMITS.maxCost);
    // A field that is not a connection keeps its cost.
    expect(operationCost(parse('{ viewer { id name } }'), {}, null, SCHEMA)).toBe(operationCost(parse('{ viewer { id name } }'), {}));
  });

  it('keeps every operation of the client within the limits at the pages it asks for', () => {
    // The page sizes the client sends: a pagination query's default (it loads more 20 at a
    // time), else the largest page it asks for anywhere (the staff picker's 500).
    const documents = Object.values(JSON.parse(readFileSync(PERSISTED_QUERIES_FILE, 'utf8')) as Record<string, string>);
    expect(documents.length).toBeGreaterThan(20);
    const over: string[] = [];
    for (const text of documents) {
      const document = parse(text);
      const variables: Record<string, unknown> = {};
      for (const def of document.definitions) {
        if (def.kind !== Kind.OPERATION_DEFINITION) continue;
        for (const v of def.variableDefinitions ?? []) if (named(v.type) === 'Int' && !v.defaultValue) variables[v.variable.name.value] = 500;
      }
      const cost = operationCost(document, variables, null, SCHEMA);
      if (cost > GRAPHQL_LIMITS.maxCost) over.push(`${cost}: ${JSON.stringify(variables)} ${print(document).slice(0, 80)}`);
    }
    expect(over).toEqual([]);
  });

  it('keeps every operation of the client within the depth limit as the server counts it (fragment spreads add levels)', () => {
    // The project detail once spread the member timelines one level too deep: QUERY_TOO_DEEP, an empty page.
    const schema = SCHEMA;
    const documents = Object.values(JSON.parse(readFileSync(PERSISTED_QUERIES_FILE, 'utf8')) as Record<string, string>);
    const over: string[] = [];
    for (const text of documents) {
      const found: string[] = [];
      validate(schema, parse(text), [maxDepthRule({ n: GRAPHQL_LIMITS.maxDepth, exposeLimits: true, propagateOnRejection: false, onReject: [(_ctx, error) => found.push(error.message)] })]);
      if (found.length) over.push(`${found[0]} ${text.slice(0, 60)}`);
    }
    expect(over).toEqual([]);
  });
});
