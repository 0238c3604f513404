import SchemaBuilder, { completeValue, RootFieldBuilder } from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin, { encodeGlobalID } from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import { GraphQLError } from 'graphql';
import type { ServiceContext } from '../context.ts';
import { getDatamodel } from '../generated/pothos-types.ts';
import type PrismaTypes from '../generated/pothos-types.ts';
import { translate } from '../i18n/catalogue.ts';
import { ValidationError } from '../errors.ts';
import { isCalendarDay, parseIsoInstant } from '../lib/wall-time.ts';
import { can, type Permission } from '../policy.ts';

/**
 * Output `t.globalID` fields (every Relay node's `id`) without a promise when the id is at
 * hand. @pothos/plugin-relay 4.8 declares that resolver `async`, so each node's `id` answers a
 * promise and graphql-js completes every node object asynchronously (a promise per object and
 * per field result, plus the garbage): on a 200-row list that was most of the GraphQL time. Same
 * values, same errors (a throwing or rejecting id resolver still fails the field); only
 * synchronous results stay synchronous. See docs/performance.md.
 */
type GlobalIdFieldOptions = { resolve: (...args: unknown[]) => unknown; [key: string]: unknown };
type FieldBuilderWithBuilder = {
  builder: {
    configStore: { getTypeConfig(ref: unknown): { name: string } };
    options: { relay?: { encodeGlobalID?: (typename: string, id: string, ctx: never) => string } };
  };
  field(options: object): unknown;
};
(RootFieldBuilder.prototype as unknown as { globalID: (options: GlobalIdFieldOptions) => unknown }).globalID = function globalID(this: FieldBuilderWithBuilder, { resolve, ...options }: GlobalIdFieldOptions) {
  return this.field({
    ...options,
    type: 'ID',
    resolve: (parent: unknown, args: unknown, context: unknown, info: unknown) =>
      completeValue(resolve(parent, args, context, info), (result) => {
        if (!result || typeof result !== 'object') return result;
        const item = result as { type: unknown; id: unknown };
        const typename = this.builder.configStore.getTypeConfig(item.type).name;
        const encode = this.builder.options.relay?.encodeGlobalID;
        return encode ? encode(typename, String(item.id), context as never) : encodeGlobalID(typename, String(item.id));
      }),
  });
};

/**
 * The builder holds plugins and scalars only; every domain type lives in its module.
 * The Prisma client comes from the request context so that tests can give each file its
 * own database.
 */
export const builder = new SchemaBuilder<{
  Context: ServiceContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  AuthScopes: { authenticated: boolean; staff: boolean; permission: Permission };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    Date: { Input: string; Output: Date | string };
    /** An uploaded file (GraphQL multipart request); input only. */
    File: { Input: File; Output: never };
  };
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, ValidationPlugin, PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    // Synchronous (nothing to await), so the scope checks settle without a promise.
    authScopes: (ctx) => ({
      authenticated: !!ctx.actor,
      staff: ctx.actor?.type === 1,
      permission: (p: Permission) => can(ctx.actor, p),
    }),
    unauthorizedError: (_parent, ctx) =>
      ctx.actor
        ? new GraphQLError(translate(ctx.lang, 'error.forbidden'), { extensions: { code: 'FORBIDDEN' } })
        : ctx.authFailure === 'TOKEN_EXPIRED'
          ? new GraphQLError(translate(ctx.lang, 'status.tokenExpire'), { extensions: { code: 'TOKEN_EXPIRED' } })
          : new GraphQLError(translate(ctx.lang, 'status.needLogin'), { extensions: { code: 'UNAUTHENTICATED' } }),
  },
  errors: { defaultTypes: [], directResult: true },
  prisma: {
    client: (ctx) => ctx.db,
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'warn',
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: { authScopes: { authenticated: true } },
    nodesQueryOptions: { authScopes: { authenticated: true } },
  },
});

builder.queryType({ authScopes: { authenticated: true } });
builder.mutationType({});

/** A value a date scalar refuses: the translated message of the rule, naming the value. */
function invalidDate(value: unknown): ValidationError {
  return new ValidationError('validation.dateInvalid', { value: typeof value === 'string' ? value.slice(0, 40) : typeof value }, 'INVALID_DATE');
}

builder.scalarType('DateTime', {
  description: 'An instant, ISO 8601 with offset (UTC). A date or time that does not exist (2026-02-30, T25:00) is refused.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const d = parseIsoInstant(value);
    if (!d) throw invalidDate(value);
    return d;
  },
});

builder.scalarType('Date', {
  description: 'A calendar day, yyyy-MM-dd. A day that does not exist (2026-02-30) is refused.',
  serialize: (value) => (typeof value === 'string' ? value : value.toISOString().slice(0, 10)),
  parseValue: (value) => {
    if (!isCalendarDay(value)) throw invalidDate(value);
    return value as string;
  },
});

builder.scalarType('File', {
  description: 'A file sent with the GraphQL multipart request specification; input only.',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar');
  },
  parseValue: (value) => {
    // graphql-yoga's multipart parser gives its own File implementation: accept any File-like value.
    const fileLike =
      value instanceof File || (!!value && typeof value === 'object' && typeof (value as File).arrayBuffer === 'function' && typeof (value as File).name === 'string' && typeof (value as File).size === 'number');
    if (!fileLike) throw new GraphQLError('File must be sent as a multipart upload');
    return value as File;
  },
});
