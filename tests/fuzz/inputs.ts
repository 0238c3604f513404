/**
 * What the fuzzer sends (not a test file): fast-check arbitraries for the GraphQL mutations,
 * generated from the built schema's input types, and for the legacy write paths, generated
 * from the route table with the parameter names each module's REST file reads. See
 * docs/fuzzing.md.
 *
 * Each value is mostly well-typed (so that writes get past the GraphQL layer and reach the
 * services' validation and the database) with, at every level, a chance of something hostile:
 * a wrong type, null, a huge or odd string, NUL, an extreme number, an impossible date, a
 * prototype key, a huge list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { modules } from '../../server/modules/index.ts';

/** One request of the fuzzer; `input` is what was generated (echoes of it are not leaks). */
export type FuzzCase = { method: 'GET' | 'POST'; path: string; contentType?: string; body?: string | Uint8Array; input: unknown };

export type Operation = { door: 'GraphQL' | 'legacy'; name: string; arbitrary: fc.Arbitrary<FuzzCase> };

/** Paths and ids the fuzzer must not hit: the accounts it runs as (a deleted admin ends the run). */
export type Protect = { userIds: number[] };

// ---------------------------------------------------------------------------------------------
// Hostile values, shared by both doors.

const HUGE = 'x'.repeat(100_000);
/** Odd strings. None holds a word the leak check looks for (they may be echoed back). */
const ODD_STRINGS = [
  '',
  ' ',
  '   \t\n ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\u202eevil\u202c',
  '\u200b\u200d\ufeff',
  '\ud800',
  '\udfff\ud800',
  '😀👨‍👩‍👧‍👦',
  '中文名字',
  'ﷺ',
  'e\u0301\u0301\u0301',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "' OR '1'='1",
  '"; --',
  '${7*7}{{7*7}}',
  '%s%s%s%n',
  '../../../../etc/passwd',
  'C:\\Windows\\win.ini',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '9'.repeat(400),
  '0x7fffffff',
  '1,2,3',
  ','.repeat(2000),
  '2026-02-30',
  '2026-13-01',
  '2026-00-00',
  '0000-00-00',
  '2026-02-30T99:99:00',
  '2026-09-01T24:00:00',
  '2026-09-01 25:61:61',
  '10000-01-01',
  '-000001-01-01',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  'T99:99',
  '99:99',
  '__proto__',
  'constructor',
  'a'.repeat(256),
  'a'.repeat(5000),
  HUGE,
];

const EXTREME_NUMBERS = [0, -1, 1, -0.5, 0.5, 2147483647, 2147483648, -2147483648, -2147483649, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER, 1e308, -1e308, 5e-324, 1e21];

const oddString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
const extremeNumber = fc.oneof(fc.constantFrom(...EXTREME_NUMBERS), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer());

/** An object with prototype keys as its own keys (they survive JSON.stringify). */
const protoObject = fc.constantFrom<Record<string, unknown>>(
  withOwn({}, '__proto__', { isAdmin: true, polluted: 1 }),
  withOwn({ id: 1 }, 'constructor', { prototype: { isAdmin: true } }),
  withOwn({}, 'prototype', { toString: 'x' }),
  { toString: 'x', valueOf: 1, hasOwnProperty: null },
);

/** `arbitrary` once in `n` values, else null. */
function rarely<T>(arbitrary: fc.Arbitrary<T>, n: number): fc.Arbitrary<T | null> {
  return fc.oneof({ weight: n - 1, arbitrary: fc.constant(null) }, { weight: 1, arbitrary });
}

function withOwn(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

/** Anything a JSON body can carry, hostile. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(null) },
  { weight: 6, arbitrary: oddString },
  { weight: 4, arbitrary: extremeNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 2, arbitrary: protoObject },
  { weight: 1, arbitrary: fc.constantFrom<unknown>([], [null], [[]], {}, [{}]) },
  { weight: 1, arbitrary: fc.constantFrom(1001, 5000).map((n) => Array.from({ length: n }, (_, i) => i + 1)) },
  { weight: 1, arbitrary: fc.array(oddString, { maxLength: 5 }) },
);

// ---------------------------------------------------------------------------------------------
// GraphQL: inputs from the schema.

/** A Relay global id as Pothos writes it: base64 of `Type:id`. */
export const globalId = (typename: string, id: number | string) => Buffer.from(`${typename}:${id}`).toString('base64');

function nodeTypeNames(schema: GraphQLSchema): string[] {
  const node = schema.getType('Node');
  return node && isInterfaceType(node) ? schema.getImplementations(node).objects.map((o) => o.name) : [];
}

type Ctx = { nodeTypes: string[]; ids: fc.Arbitrary<number>; depth: number; hostile: boolean };

function goodScalar(name: string, ctx: Ctx): fc.Arbitrary<unknown> {
  switch (name) {
    case 'Int':
      if (!ctx.hostile) return fc.integer({ min: 1, max: 60 });
      return fc.oneof({ weight: 5, arbitrary: fc.integer({ min: -2, max: 60 }) }, { weight: 1, arbitrary: fc.constantFrom(2147483647, -2147483648) });
    case 'Float':
      return fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, 1.5, 1e300));
    case 'Boolean':
      return fc.boolean();
    case 'ID':
      if (!ctx.hostile) return fc.tuple(fc.constantFrom(...ctx.nodeTypes), ctx.ids).map(([t, id]) => globalId(t, id));
      return fc.oneof(
        { weight: 6, arbitrary: fc.tuple(fc.constantFrom(...ctx.nodeTypes), ctx.ids).map(([t, id]) => globalId(t, id)) },
        { weight: 1, arbitrary: fc.constantFrom(globalId('User', 'x'), globalId('Nope', 1), globalId('User', -1), globalId('User', '99999999999'), 'not-base64!', '1') },
      );
    case 'Date':
      if (!ctx.hostile) return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      return fc.oneof(
        { weight: 4, arbitrary: fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
        { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '2026-02-29', '2024-02-29', '0000-01-01', '2026-9-1') },
      );
    case 'DateTime':
      if (!ctx.hostile) return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
      return fc.oneof(
        { weight: 4, arbitrary: fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString()) },
        { weight: 1, arbitrary: fc.constantFrom('2026-02-30T10:00:00Z', '2026-09-01T99:99:00Z', '2026-09-01T10:00:00+25:00', '2026-09-01', '2026-09-01T10:00') },
      );
    case 'String':
      if (!ctx.hostile) return fc.constantFrom('测试', 'Test 1', 'a@b.cn');
      return fc.oneof({ weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 24 }) }, { weight: 1, arbitrary: fc.constantFrom('测试', 'Test 1', 'a@b.cn', '13800000000', 'https://example.com/x') });
    default:
      // File (uploads come as multipart; a JSON value is refused) and any scalar added later.
      return fc.oneof(fc.constant(null), fc.string({ maxLength: 10 }));
  }
}

function inputValue(type: GraphQLInputType, ctx: Ctx, nonNull = false): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return inputValue(type.ofType, ctx, true);
  let good: fc.Arbitrary<unknown>;
  if (isListType(type)) {
    const item = inputValue(type.ofType, { ...ctx, depth: ctx.depth + 1 });
    good = ctx.hostile ? fc.oneof({ weight: 8, arbitrary: fc.array(item, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.constant(1001).chain((n) => fc.array(item, { minLength: n, maxLength: n })) }) : fc.array(item, { minLength: 1, maxLength: 2 });
  } else if (isEnumType(type)) {
    good = fc.constantFrom(...type.getValues().map((v) => v.name));
  } else if (isScalarType(type)) {
    good = goodScalar(type.name, ctx);
  } else if (isInputObjectType(type)) {
    if (ctx.depth > 4) return fc.constant(nonNull ? {} : null);
    if (!ctx.hostile) {
      const fields = Object.values(type.getFields());
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const f of fields) model[f.name] = inputValue(f.type, { ...ctx, depth: ctx.depth + 1 });
      return fc.record(model, { requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name) });
    }
    const fields = Object.values(type.getFields());
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const f of fields) model[f.name] = inputValue(f.type, { ...ctx, depth: ctx.depth + 1 });
    const required = fields.filter((f) => isNonNullType(f.type)).map((f) => f.name);
    good = fc
      .tuple(fc.record(model, { requiredKeys: required }), rarely(protoObject, 12), rarely(fc.dictionary(fc.constantFrom('unknownField', 'id', 'extra'), hostile, { minKeys: 1, maxKeys: 2 }), 12))
      .map(([record, proto, extra]) => {
        const out: Record<string, unknown> = { ...record, ...extra };
        if (proto) for (const [k, v] of Object.entries(proto)) withOwn(out, k, v);
        return out;
      });
  } else {
    good = fc.constant(null);
  }
  if (!ctx.hostile) return good;
  // Mostly well-typed, sometimes hostile; a required value sometimes missing (null).
  return fc.oneof({ weight: ctx.depth === 0 ? 12 : 10, arbitrary: good }, { weight: 1, arbitrary: hostile }, { weight: nonNull ? 1 : 2, arbitrary: fc.constant(null) });
}

/** The selection of a mutation's answer: the type name and, on errors, code and message. */
function selection(type: GraphQLOutputType, schema: GraphQLSchema): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return '';
  const error = schema.getType('Error');
  const errorPart = error && isInterfaceType(error) && (isUnionType(named) || isInterfaceType(named) || (isObjectType(named) && named.getInterfaces().includes(error))) ? ' ... on Error { code message }' : '';
  return `{ __typename${errorPart} }`;
}

function mutationDocument(field: GraphQLField<unknown, unknown>, schema: GraphQLSchema): string {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  return `mutation Fuzz${vars ? `(${vars})` : ''} { r: ${field.name}${args ? `(${args})` : ''} ${selection(field.type, schema)} }`;
}

/**
 * Every mutation of the schema, with its document and an arbitrary of its variables;
 * `hostile: false` gives well-typed variables only (what GraphQL accepts; the services decide).
 */
export function graphqlOperations(schema: GraphQLSchema, protect: Protect, options: { hostile?: boolean } = {}): Operation[] {
  const hostile = options.hostile ?? true;
  const nodeTypes = nodeTypeNames(schema);
  const ids = fc.integer({ min: 1, max: 80 }).filter((n) => !protect.userIds.includes(n));
  const mutation = schema.getMutationType();
  if (!mutation) return [];
  return Object.values(mutation.getFields()).map((field) => {
    const query = mutationDocument(field, schema);
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const a of field.args) model[a.name] = inputValue(a.type, { nodeTypes, ids, depth: 0, hostile });
    const variables = !hostile ? fc.record(model) : fc.oneof(
      { weight: 30, arbitrary: fc.record(model) },
      // The variables themselves wrong: absent, not an object, a list, a prototype key.
      { weight: 1, arbitrary: fc.constantFrom<unknown>(null, [], 'input', 42, withOwn({}, '__proto__', { input: {} })) },
    );
    return {
      door: 'GraphQL' as const,
      name: field.name,
      arbitrary: variables.map((v) => ({ method: 'POST' as const, path: '/graphql', contentType: 'application/json', body: JSON.stringify({ query, variables: v }), input: v })),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// The legacy door: writes from the route table, parameters from each module's REST file.

/** Legacy paths that only read (their last segment), never fuzzed as writes. */
const READ = /^(list|get|check|search|detail|download|export|page|members|isShow|interviewLogs|logout$)/i;

const SERVER = path.resolve(import.meta.dirname, '../../server/modules');

/** The parameter names a module's legacy files read (`<m>.rest.ts`, `rest/*.ts`): `params.x`, `p.x`, and quoted names. */
function parameterNames(moduleName: string): string[] {
  const dir = path.join(SERVER, moduleName);
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.rest.ts') || (f.startsWith(`rest${path.sep}`) && f.endsWith('.ts')));
  const text = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).join('\n');
  const names = new Set<string>();
  for (const m of text.matchAll(/\b(?:params|p|c|body|condition)\.([a-zA-Z_]\w{0,40})\b/g)) names.add(m[1]!);
  for (const m of text.matchAll(/'([a-zA-Z][a-zA-Z0-9]{1,40})'/g)) names.add(m[1]!);
  for (const drop of ['GET', 'POST', 'PC', 'success', 'error', 'utf8', 'base64']) names.delete(drop);
  return [...names];
}

/** A value as the old client sends it: numbers, numeric texts, comma lists, arrays, dates. */
function legacyValue(ids: fc.Arbitrary<number>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: ids },
    { weight: 3, arbitrary: ids.map(String) },
    { weight: 2, arbitrary: fc.array(ids, { minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.array(ids, { minLength: 1, maxLength: 4 }).map((a) => a.join(',')) },
    { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 16 }) },
    { weight: 1, arbitrary: fc.constantFrom('2026-09-01', '2026-09-01 10:00:00', '2026-09-01 10:00', '10:00', '1', '0', 'true', 'false') },
    { weight: 4, arbitrary: hostile },
  );
}

const PROTO_JSON = ['{"__proto__":{"isAdmin":true},"id":1}', '{"constructor":{"prototype":{"isAdmin":true}}}', '{"condition.__proto__.isAdmin":true}', '{"a..b":1,".":2}'];

function legacyCase(pathName: string, keys: string[], ids: fc.Arbitrary<number>): fc.Arbitrary<FuzzCase> {
  const key = keys.length > 0 ? fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.constantFrom('condition', 'ids', 'id', 'list', 'data') }) : fc.constantFrom('id', 'ids', 'condition');
  const value = legacyValue(ids);
  const params = fc.dictionary(key, value, { maxKeys: 8 });
  const withCondition = fc.tuple(params, rarely(params, 4)).map(([p, c]) => (c ? { ...p, condition: c } : p));
  const json = withCondition.map((p) => ({ method: 'POST' as const, path: pathName, contentType: 'application/json', body: JSON.stringify(p), input: p }));
  const form = withCondition.map((p) => {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(p)) {
      if (Array.isArray(v)) for (const item of v) form.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
      else form.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
    }
    return { method: 'POST' as const, path: pathName, contentType: 'application/x-www-form-urlencoded', body: form.toString(), input: p };
  });
  const query = withCondition.map((p) => {
    const q = new URLSearchParams(Object.entries(p).map(([k, v]) => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)]));
    return { method: 'GET' as const, path: `${pathName}?${q.toString()}`, input: p };
  });
  const malformed = fc.constantFrom<Omit<FuzzCase, 'path' | 'method'>>(
    { contentType: 'application/json', body: '{"id": 1', input: null },
    { contentType: 'application/json', body: '[1,2,3]', input: null },
    { contentType: 'application/json', body: '"text"', input: null },
    { contentType: 'application/json', body: 'null', input: null },
    { contentType: 'application/json', body: '', input: null },
    { contentType: 'application/json', body: '{"a":'.repeat(5000), input: null },
    { contentType: 'application/json', body: `${'['.repeat(10_000)}${']'.repeat(10_000)}`, input: null },
    { contentType: 'application/json', body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), input: null },
    { contentType: 'application/x-www-form-urlencoded', body: '%%%&&&==&a=%E0%A4%A', input: null },
    { contentType: 'multipart/form-data', body: '--x\r\n', input: null },
    { contentType: 'multipart/form-data; boundary=zz', body: '--zz\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--zz', input: null },
    { contentType: 'text/plain', body: 'id=1', input: null },
    { contentType: 'application/xml', body: '<a>1</a>', input: null },
    { contentType: 'application/json', body: JSON.stringify({ id: HUGE, ids: HUGE }), input: null },
    ...PROTO_JSON.map((body) => ({ contentType: 'application/json', body, input: null })),
  );
  return fc.oneof(
    { weight: 10, arbitrary: json },
    { weight: 3, arbitrary: form },
    { weight: 1, arbitrary: query },
    { weight: 2, arbitrary: malformed.map((m) => ({ ...m, method: 'POST' as const, path: pathName })) },
  );
}

/** Whether a legacy path writes (anything that is not a read by its name). */
export const isLegacyWrite = (pathName: string) => !READ.test(pathName.split('/').pop()!.replace(/\.htm$/, ''));

/** Every legacy write of the route table, POSTed (or sent as a query) with malformed parameters. */
export function legacyOperations(protect: Protect): Operation[] {
  const ids = fc.integer({ min: 1, max: 80 }).filter((n) => !protect.userIds.includes(n));
  const out: Operation[] = [];
  for (const m of modules) {
    const keys = parameterNames(m.name);
    for (const route of m.routes) {
      if (!isLegacyWrite(route.path)) continue;
      const p = `${route.path}.htm`;
      out.push({
        door: 'legacy',
        name: p,
        arbitrary: legacyCase(p, keys, ids).map((c) => (route.methods.includes(c.method) ? c : { ...c, method: route.methods[0]! })),
      });
    }
  }
  return out;
}
