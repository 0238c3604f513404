import SchemaBuilder, { BasePlugin, completeValue, RootFieldBuilder, type PothosOutputFieldConfig, type SchemaTypes } from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin, { encodeGlobalID } from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ValidationPlugin from '@pothos/plugin-validation';
import { GraphQLError, type GraphQLNamedType } from 'graphql';
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
/**
 * The global ids already encoded, per type name and id: a 200-row list encodes about 1,200 ids
 * (a Buffer and a base64 string each), mostly the same ones request after request. The same
 * `encodeGlobalID` text; the cache is dropped whole when it holds `GLOBAL_ID_CACHE_SIZE` ids.
 */
const GLOBAL_ID_CACHE_SIZE = 100_000;
const encodedIds = new Map<string, Map<string, string>>();
let encodedIdCount = 0;
export function cachedGlobalID(typename: string, id: string): string {
  let ids = encodedIds.get(typename);
  if (!ids) encodedIds.set(typename, (ids = new Map()));
  let encoded = ids.get(id);
  if (encoded === undefined) {
    if (encodedIdCount >= GLOBAL_ID_CACHE_SIZE) {
      for (const m of encodedIds.values()) m.clear();
      encodedIdCount = 0;
    }
    encoded = encodeGlobalID(typename, id);
    ids.set(id, encoded);
    encodedIdCount += 1;
  }
  return encoded;
}

(RootFieldBuilder.prototype as unknown as { globalID: (options: GlobalIdFieldOptions) => unknown }).globalID = function globalID(this: FieldBuilderWithBuilder, { resolve, ...options }: GlobalIdFieldOptions) {
  // The type's name for each ref a resolver answers with (refs are the builder's own, fixed once built).
  const typenames = new Map<unknown, string>();
  return this.field({
    ...options,
    type: 'ID',
    resolve: (parent: unknown, args: unknown, context: unknown, info: unknown) =>
      completeValue(resolve(parent, args, context, info), (result) => {
        if (!result || typeof result !== 'object') return result;
        const item = result as { type: unknown; id: unknown };
        let typename = typenames.get(item.type);
        if (typename === undefined) {
          typename = this.builder.configStore.getTypeConfig(item.type).name;
          if (typenames.size < 1_000) typenames.set(item.type, typename);
        }
        const encode = this.builder.options.relay?.encodeGlobalID;
        return encode ? encode(typename, String(item.id), context as never) : cachedGlobalID(typename, String(item.id));
      }),
  });
};

/**
 * Describes the fields plugins generate without a way to describe them: the `totalCount` that
 * @pothos/plugin-prisma adds to a `prismaConnection` / `relatedConnection` with a `totalCount`.
 */
class GeneratedDescriptions<Types extends SchemaTypes> extends BasePlugin<Types> {
  override onOutputFieldConfig(fieldConfig: PothosOutputFieldConfig<Types>): PothosOutputFieldConfig<Types> {
    if (fieldConfig.description || !fieldConfig.extensions?.pothosPrismaTotalCount) return fieldConfig;
    return { ...fieldConfig, description: 'How many items the whole list holds (with the same filter), across all pages.' };
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Pothos plugins register their types in this global namespace
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      generatedDescriptions: GeneratedDescriptions<Types>;
    }
  }
}

const GeneratedDescriptionsPlugin = 'generatedDescriptions' as const;
SchemaBuilder.registerPlugin(GeneratedDescriptionsPlugin, GeneratedDescriptions);

/**
 * The builder holds plugins and scalars only; every domain type lives in its module.
 * The Prisma client comes from the request context so that tests can give each file its
 * own database.
 */
/**
 * Whether the caller may see a node found by `node(id:)` / `nodes(ids:)`: its type's own
 * `authScopes` (a map of this builder's scopes, or a function of the object), run before the
 * node is answered. Without it the node came back with its `__typename` (only its fields were
 * refused), telling a hidden object from a missing one (issue 33, finding 5).
 */
async function nodeVisible(type: GraphQLNamedType | null | undefined, node: unknown, ctx: ServiceContext): Promise<boolean> {
  const scopes = (type?.extensions as { pothosOptions?: { authScopes?: unknown } } | undefined)?.pothosOptions?.authScopes;
  if (scopes === undefined) return true;
  const value: unknown = typeof scopes === 'function' ? await (scopes as (o: unknown, c: ServiceContext) => unknown)(node, ctx) : scopes;
  if (typeof value === 'boolean') return value;
  if (!value || typeof value !== 'object') return false;
  // Any scope of the map passes (Pothos's rule for a map without $all).
  return Object.entries(value as Record<string, unknown>).some(([scope, arg]) =>
    scope === 'authenticated' ? arg === true && !!ctx.actor : scope === 'staff' ? arg === true && ctx.actor?.type === 1 : scope === 'permission' ? can(ctx.actor, arg as Permission) : false,
  );
}

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
  plugins: [ScopeAuthPlugin, ErrorsPlugin, ValidationPlugin, PrismaPlugin, RelayPlugin, GeneratedDescriptionsPlugin],
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
  errors: {
    defaultTypes: [],
    directResult: true,
    defaultUnionOptions: {
      description:
        'The answer of a field that reports expected failures as data (every mutation, a few queries): its result when it succeeded, else an `InputError` (the input failed validation) or a `RuleError` (a rule or a missing right refused it); a refused mutation writes nothing. Select `... on Error { code message }` to read either.',
    },
  },
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
    // The descriptions of what the relay plugin generates (the Node interface, node(s) lookups,
    // connections, edges, PageInfo and the paging arguments): schema-descriptions.test.ts wants
    // every element of the schema described.
    nodeTypeOptions: {
      description: 'An object with a global id. Any node can be read again by its id with `node(id:)` (or several with `nodes(ids:)`), through the same visibility rule as the lists that show it.',
    },
    idFieldOptions: {
      description:
        'The global id: an opaque string naming the type and the row (Relay global object identification). Read the object again with `node(id:)`; pass it in mutation inputs. Stable across releases; do not parse it (`databaseId`, where offered, is the legacy numeric id).',
    },
    nodeQueryOptions: {
      description:
        'The object with this global id, through the visibility rule of its type: null when no such object exists or the caller may not see it (the same rule as the lists; the two answers are alike). An id that is not a global id of this API, or names an unknown type, is an error of the field. Needs a signed-in caller.',
      args: { id: { description: 'A global id (the `id` field of any node).' } },
      authScopes: { authenticated: true },
      resolve: async (_root, args, ctx, info, resolveNode) => {
        const node = await resolveNode(args.id);
        return node && (await nodeVisible(info.schema.getType(args.id.typename), node, ctx)) ? node : null;
      },
    },
    nodesQueryOptions: {
      description: 'The objects with these global ids, in the order asked, each through the visibility rule of its type (null in place of one that does not exist or is not visible). Needs a signed-in caller.',
      args: { ids: { description: 'Global ids (the `id` field of any node).' } },
      authScopes: { authenticated: true },
      resolve: async (_root, args, ctx, info, resolveNodes) => {
        const nodes = await resolveNodes(args.ids);
        return Promise.all(nodes.map(async (node, i) => (node && (await nodeVisible(info.schema.getType(args.ids[i]!.typename), node, ctx)) ? node : null)));
      },
    },
    pageInfoTypeOptions: { description: 'Where a page sits in its list (Relay connection specification): whether more items follow or precede it, and the cursors to ask for them.' },
    hasNextPageFieldOptions: {
      description:
        'More items follow this page: ask again with `first` and `after: endCursor`. Exact when paging forward; when paging backward (`last`) it may only tell whether `before` was given, as the Relay connection specification allows.',
    },
    hasPreviousPageFieldOptions: {
      description:
        'More items precede this page: ask again with `last` and `before: startCursor`. Exact when paging backward; when paging forward (`first`) it may only tell whether `after` was given, as the Relay connection specification allows.',
    },
    startCursorFieldOptions: { description: "The first edge's cursor; null on an empty page." },
    endCursorFieldOptions: { description: "The last edge's cursor; null on an empty page." },
    firstArgOptions: {
      description:
        'Page forward: at most this many items from the start of the list (or after `after`). Without `first` or `last` a list answers its default page size; every list has a maximum page size (docs/integrators.md, Paging). Not with `before` or `last`.',
    },
    afterArgOptions: { description: "Page forward from this cursor (an edge's `cursor` or `pageInfo.endCursor`): the items after it." },
    lastArgOptions: {
      description:
        "Page backward: at most this many items from the end of the list (or before `before`), in list order, up to the list's maximum page size. Works without `before`: the last items of the whole list. Not with `after` or `first`.",
    },
    beforeArgOptions: { description: "Page backward from this cursor (an edge's `cursor` or `pageInfo.startCursor`): the items before it." },
    defaultConnectionTypeOptions: {
      description:
        "One page of a list (Relay connection specification): `edges` (each a `node` with its `cursor`) and `pageInfo` to ask for the next or the previous page. Page with `first`/`after` or `last`/`before`; the order is the list field's.",
    },
    defaultEdgeTypeOptions: { description: 'One item of a page and its cursor.' },
    edgesFieldOptions: { description: 'The items of this page, in list order.' },
    pageInfoFieldOptions: { description: 'Whether more items follow or precede this page, and the cursors to ask for them.' },
    cursorFieldOptions: { description: 'An opaque position in the list: pass it as `after` (or `before`) to page from this item. Valid only for the same list field and arguments.' },
    nodeFieldOptions: { description: 'The item.' },
  },
});

builder.queryType({
  description:
    'Reads. Every field needs a signed-in caller (a token in `X-Token` or `Authorization: Bearer`) unless its description says it is open; each says which right it needs, and lists answer only the rows the caller may see.',
  authScopes: { authenticated: true },
});
builder.mutationType({
  description:
    'Writes, one per state transition. Each runs in one transaction and is recorded in the operation log; an expected refusal comes back as data (`InputError`, `RuleError` or a more precise error type: select `... on Error { code message }`) and writes nothing. Only `login` and `refreshToken` work without a token.',
});

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
