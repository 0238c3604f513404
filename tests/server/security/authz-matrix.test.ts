/**
 * The generated authorisation matrix of the GraphQL door (issue 15): every mutation of the schema
 * has a row here or in a module's own matrix (`tests/server/<module>/authz-matrix.test.ts`,
 * `tests/server/courses/course-matrix.ts`), so a new mutation cannot be added without one. Each
 * row names the permission of the one policy that gates it (or says the mutation is for any
 * signed-in caller, for staff with object rules on top, or public), and every demo role plus an
 * anonymous caller calls it: a role the policy does not give the permission (`viewer.can`, the
 * server's own answer) is refused FORBIDDEN, a role it does is never refused FORBIDDEN, an
 * anonymous caller is refused UNAUTHENTICATED. Inputs are the smallest the schema accepts (the id
 * types learnt from the schema's own refusals), so the gate is reached without writing anything.
 * Object rules are not asserted here: authz-own-other.test.ts calls every `staff` row as each
 * staff role on an object of its own and on someone else's (the table is shared:
 * policy-table.ts); events keep their module tests (docs/security.md).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSchema, getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLField, type GraphQLInputType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPermission } from '../../../server/policy.ts';
import { createTestApp, gql, loginRest, type TestApp } from '../../helpers/app.ts';
import { gqlUpload, PNG } from '../uploads.ts';
import { LOOKUP_FIRST, PUBLIC, RULES, SIGNED_IN, STAFF } from './policy-table.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const schema = buildSchema(readFileSync(path.join(root, 'schema.graphql'), 'utf8'));
const MUTATIONS = schema.getMutationType()!.getFields();

/** The module matrices that call their own mutations through both doors with real objects. */
const MODULE_MATRICES = readdirSync(path.join(root, 'tests/server'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(path.join(root, 'tests/server', d.name, 'authz-matrix.test.ts')))
  .map((d) => `tests/server/${d.name}/authz-matrix.test.ts`);
const moduleText = MODULE_MATRICES.map((f) => readFileSync(path.join(root, f), 'utf8')).join('\n');
const inModuleMatrix = (name: string) => new RegExp(`['\`(\\s]${name}['\`(\\s]`).test(moduleText);

const ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'parent.demo', 'student.demo'] as const;
type Role = (typeof ROLES)[number];
const STAFF_ROLES: Role[] = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner'];

describe('every mutation has a row of the matrix', () => {
  it('in this table or in a module matrix, and every row names a mutation and a permission of the policy', () => {
    const missing = Object.keys(MUTATIONS).filter((name) => !RULES[name] && !inModuleMatrix(name));
    expect(missing).toEqual([]);
    expect(Object.keys(RULES).filter((name) => !MUTATIONS[name])).toEqual([]);
    const kinds = new Set([SIGNED_IN, STAFF, PUBLIC]);
    expect(Object.values(RULES).filter((rule) => !kinds.has(rule) && !isPermission(rule))).toEqual([]);
  });
});

// ── calling each mutation ──

const gid = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
type IdSlots = Map<number, string>;

/** The smallest variables the schema accepts: required fields only, each ID a numbered placeholder (its type learnt later). */
function smallest(type: GraphQLInputType, ids: IdSlots, counter: { n: number }, real: Record<string, number>, depth = 0): unknown {
  if (isNonNullType(type)) return smallest(type.ofType, ids, counter, real, depth);
  if (isListType(type)) return [smallest(type.ofType, ids, counter, real, depth + 1)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isScalarType(type)) {
    if (type.name === 'ID') {
      const n = 900_000 + (counter.n += 1);
      const typename = ids.get(n);
      // An object the caller sees, where the service looks the object up before the permission (archives).
      return typename && real[typename] ? gid(typename, real[typename]) : gid(typename ?? 'Unknown', n);
    }
    return { Int: 1, Float: 1, Boolean: false, Date: '2026-09-01', DateTime: '2026-09-01T10:00:00Z', File: null }[type.name] ?? 'x';
  }
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) if (isNonNullType(f.type) && depth < 5) out[f.name] = smallest(f.type, ids, counter, real, depth + 1);
    return out;
  }
  return null;
}

function documentOf(field: GraphQLField<unknown, unknown>): string {
  const decl = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || isEnumType(named) ? '' : '{ __typename ... on Error { code message } }';
  return `mutation Matrix${decl ? `(${decl})` : ''} { r: ${field.name}${args ? `(${args})` : ''} ${selection} }`;
}

const hasFile = (type: GraphQLInputType): boolean => {
  const named = getNamedType(type);
  return isInputObjectType(named) && Object.values(named.getFields()).some((f) => getNamedType(f.type).name === 'File');
};

let t: TestApp;
const tokens = {} as Record<Role, string>;
const holds = {} as Record<Role, Record<string, boolean>>;
/** An archive each role sees (by type name), for the mutations that look the archive up before the permission. */
const visible = {} as Record<Role, Record<string, number>>;
/** Learnt id types per mutation (placeholder number → type). */
const idTypes = new Map<string, IdSlots>();

async function signIn(role: Role): Promise<string> {
  return loginRest(t, { account: role, password: role === 'admin' ? 'Admin#2026' : 'Staff#2026' });
}

/** The answer's code: the typed error's, GraphQL's own (UNAUTHENTICATED), or OK. */
async function call(name: string, role: Role | 'anonymous'): Promise<string> {
  const field = MUTATIONS[name]!;
  const ids = idTypes.get(name) ?? new Map<number, string>();
  idTypes.set(name, ids);
  for (let attempt = 0; attempt < 6; attempt++) {
    const counter = { n: 0 };
    const variables: Record<string, unknown> = {};
    for (const a of field.args) if (isNonNullType(a.type)) variables[a.name] = smallest(a.type, ids, counter, role === 'anonymous' ? {} : visible[role]);
    const token = role === 'anonymous' ? '' : tokens[role];
    const query = documentOf(field);
    const upload = field.args.some((a) => a.name === 'input' && hasFile(a.type));
    const res = upload
      ? await gqlUpload<{ r: { __typename: string; code?: string } }>(t, token, query, variables.input as Record<string, unknown>, { bytes: PNG, name: 'matrix.png', type: 'image/png' })
      : await gql<{ r: { __typename: string; code?: string } }>(t, query, variables, token ? { token } : {});
    const error = res.body.errors?.[0];
    if (!error) return res.body.data?.r?.code ?? 'OK';
    // "ID: <id> is not of type: <Type>": learn the placeholder's type and ask again.
    const wrongType = /ID: (\S+) is not of type: (\w+)/.exec(error.message);
    if (wrongType) {
      const placeholder = Number(Buffer.from(wrongType[1]!, 'base64').toString().split(':')[1]);
      if (ids.get(placeholder) !== wrongType[2]) {
        ids.set(placeholder, wrongType[2]!);
        continue;
      }
    }
    return error.extensions?.code ?? `GRAPHQL_ERROR: ${error.message}`;
  }
  throw new Error(`${name}: the id types could not be learnt`);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ROLES) tokens[role] = await signIn(role);
  const permissions = [...new Set(Object.values(RULES).filter((r) => r !== SIGNED_IN && r !== STAFF && r !== PUBLIC))];
  for (const role of ROLES) {
    const seen = await gql<{ archives: { edges: Array<{ node: { databaseId: number } }> } }>(t, '{ archives(first: 1) { edges { node { databaseId } } } }', {}, { token: tokens[role] });
    const archive = seen.body.data?.archives.edges[0]?.node.databaseId;
    visible[role] = archive ? { Archive: archive } : {};
    holds[role] = {};
    for (const right of permissions) {
      const res = await gql<{ viewer: { can: boolean } }>(t, 'query($r: String!) { viewer { can(right: $r) } }', { r: right }, { token: tokens[role] });
      holds[role][right] = res.body.data!.viewer.can;
    }
  }
});

afterAll(async () => {
  await t?.close();
});

describe('an anonymous caller', () => {
  it('is refused UNAUTHENTICATED by every mutation but login and refreshToken, before any input is looked at', async () => {
    const answered: Record<string, string> = {};
    for (const name of Object.keys(MUTATIONS)) {
      if (RULES[name] === PUBLIC) continue;
      const code = await call(name, 'anonymous');
      if (code !== 'UNAUTHENTICATED') answered[name] = code;
    }
    expect(answered).toEqual({});
  }, 180_000); // two hundred requests: minutes on a machine busy with the other suites
});

/** Mutations that end or change the caller's session or password run last for each role, and the role signs in again. */
const SESSION_ENDING = new Set(['logout', 'changePassword', 'refreshToken']);

describe.each(Object.keys(RULES).sort((a, b) => Number(SESSION_ENDING.has(a)) - Number(SESSION_ENDING.has(b))))('%s', (name) => {
  const rule = RULES[name]!;
  it('refuses an anonymous caller unless public, and each role exactly as the policy says', async () => {
    const anonymous = await call(name, 'anonymous');
    if (rule === PUBLIC) expect(anonymous, 'anonymous').not.toBe('UNAUTHENTICATED');
    else expect(anonymous, 'anonymous').toBe('UNAUTHENTICATED');
    const seen: Record<string, string> = {};
    for (const role of ROLES) {
      seen[role] = await call(name, role);
      if (SESSION_ENDING.has(name)) tokens[role] = await signIn(role);
    }
    const expected: Record<string, string> = {};
    const actual: Record<string, string> = {};
    const needsArchive = [...(idTypes.get(name)?.values() ?? [])].includes('Archive');
    for (const role of ROLES) {
      const code = seen[role]!;
      if (rule === STAFF && STAFF_ROLES.includes(role)) {
        expected[role] = 'signed in';
        actual[role] = code === 'UNAUTHENTICATED' ? 'UNAUTHENTICATED' : 'signed in';
        continue;
      }
      const allowed = rule === PUBLIC || rule === SIGNED_IN ? true : rule === STAFF ? false : holds[role][rule]!;
      // Refused without saying whether the object exists: the role sees no archive at all, or the service looks up first.
      const refusedUnseen = code === 'NOT_FOUND' && !allowed && (LOOKUP_FIRST.has(name) || (needsArchive && !visible[role].Archive));
      expected[role] = allowed ? 'passes the gate' : 'FORBIDDEN';
      actual[role] = code === 'FORBIDDEN' || refusedUnseen ? 'FORBIDDEN' : code === 'UNAUTHENTICATED' ? 'UNAUTHENTICATED' : 'passes the gate';
    }
    expect(actual, JSON.stringify(seen)).toEqual(expected);
  }, 60_000);
});
