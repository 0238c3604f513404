import {
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isObjectType,
  Kind,
  Lexer,
  Source,
  TokenKind,
  type DocumentNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { ServiceContext } from '../context.ts';
import { DomainError } from '../errors.ts';
import { resolveLang, translate, type MessageKey } from '../i18n/catalogue.ts';
import { MAX_LIST_ITEMS } from '../lib/validate.ts';

/**
 * What one GraphQL request may ask for (docs/security.md). Every limit is checked before any
 * database work: list lengths and NUL characters of the variables when the request is read,
 * the document's own lists, page sizes and cost (with the variables' values, so `first: $n`
 * counts like `first: 5000`) when it is validated. A refusal is a translated error with HTTP
 * 400 and a stable code; nothing runs.
 */
export const GRAPHQL_LIMITS = {
  /** Items of any list, in an argument, an input object or a variable. */
  maxListItems: MAX_LIST_ITEMS,
  /** Ids of `nodes(ids:)`: a Relay refetch of a page, not a dump of the database. */
  maxNodeIds: 100,
  /** `first` / `last` of a connection; each connection may cap it lower still. */
  maxPageSize: 1000,
  /**
   * Cost of an operation (graphql-armor's formula, with page sizes and node ids from the
   * variables). A page of 500 rich rows (the overall-progress view: 500 students with every
   * field of their applications) costs about 150 000; the client's heaviest, the staff
   * picker's 500 people, about 25 000. What it stops is multiplication: a connection inside
   * a connection (200 projects × 200 members already costs more).
   */
  maxCost: 200_000,
  /**
   * What a connection asked without `first` or `last` counts for: the largest default page of
   * any list (50; most answer 20). Leaving the page size out never costs less than asking it.
   */
  defaultPageCost: 50,
  /** graphql-armor's document limits (server/graphql/yoga.ts). */
  maxDepth: 12,
  maxAliases: 30,
  maxTokens: 5000,
  maxDirectives: 50,
} as const;

/** graphql-armor's refusals, each with a stable code and a translated message naming its limit. */
const ARMOR_REFUSALS = {
  QUERY_TOO_DEEP: { key: 'limit.tooDeep', max: GRAPHQL_LIMITS.maxDepth },
  TOO_MANY_ALIASES: { key: 'limit.tooManyAliases', max: GRAPHQL_LIMITS.maxAliases },
  TOO_MANY_DIRECTIVES: { key: 'limit.tooManyDirectives', max: GRAPHQL_LIMITS.maxDirectives },
} as const satisfies Record<string, { key: MessageKey; max: number }>;
type ArmorCode = keyof typeof ARMOR_REFUSALS;

/**
 * An armor plugin's options: its limit, and a refusal reported as a validation error with its
 * code (translated in requestLimits' onValidate) instead of armor's English "Syntax Error".
 */
export function armorLimit(code: ArmorCode) {
  return {
    n: ARMOR_REFUSALS[code].max,
    propagateOnRejection: false,
    onReject: [
      (ctx: { reportError(error: GraphQLError): void } | null) => {
        ctx?.reportError(new GraphQLError(code, { extensions: { code } }));
      },
    ],
  };
}

/** More lexical tokens than the limit (armor's max-tokens rule, counted before parsing, where the request's language is known). */
function tooManyTokens(query: string): boolean {
  const lexer = new Lexer(new Source(query));
  try {
    for (let n = 0; lexer.advance().kind !== TokenKind.EOF;) if (++n > GRAPHQL_LIMITS.maxTokens) return true;
  } catch {
    // Not GraphQL: the parser says so.
  }
  return false;
}

function isArmorCode(code: unknown): code is ArmorCode {
  return typeof code === 'string' && code in ARMOR_REFUSALS;
}

const COST = { object: 2, scalar: 1, depthFactor: 1.5 } as const;

type Limited = { key: MessageKey; code: string; params?: Record<string, string | number> };

function refuse(request: Request, l: Limited): GraphQLError {
  const lang = resolveLang(null, request.headers.get('cookie'));
  return new GraphQLError(translate(lang, l.key, l.params), { extensions: { code: l.code, http: { status: 400 } } });
}

/** Walks the variables: the first list over the limit, or the first NUL character (in a value or a key). */
function checkVariables(value: unknown, path: string, depth = 0): Limited | null {
  if (typeof value === 'string') return value.includes('\u0000') ? { key: 'limit.nul', code: 'BAD_USER_INPUT' } : null;
  if (!value || typeof value !== 'object' || depth > 32) return null;
  if (Array.isArray(value)) {
    if (value.length > GRAPHQL_LIMITS.maxListItems) return { key: 'limit.listTooLong', code: 'LIST_TOO_LONG', params: { field: path || 'variables', max: GRAPHQL_LIMITS.maxListItems } };
    for (const item of value) {
      const found = checkVariables(item, path, depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Uploaded files (multipart) and other non-plain values carry no strings of ours.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return { key: 'limit.nul', code: 'BAD_USER_INPUT' };
    const found = checkVariables(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A literal or variable value, as a number (page sizes) or a count (lists); undefined when absent. */
function valueOf(node: ValueNode, variables: Record<string, unknown>, defaults: Map<string, ValueNode>): unknown {
  switch (node.kind) {
    case Kind.VARIABLE: {
      const name = node.name.value;
      if (Object.hasOwn(variables, name)) return variables[name];
      const fallback = defaults.get(name);
      return fallback ? valueOf(fallback, variables, defaults) : undefined;
    }
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.LIST:
      return node.values.map((v) => valueOf(v, variables, defaults));
    case Kind.NULL:
      return null;
    default:
      return undefined;
  }
}

/** Literal lists over the limit and literal strings holding NUL, anywhere in the document. */
function checkLiterals(node: ValueNode): Limited | null {
  if (node.kind === Kind.STRING) return node.value.includes('\u0000') ? { key: 'limit.nul', code: 'BAD_USER_INPUT' } : null;
  if (node.kind === Kind.LIST) {
    if (node.values.length > GRAPHQL_LIMITS.maxListItems) return { key: 'limit.listTooLong', code: 'LIST_TOO_LONG', params: { field: 'list', max: GRAPHQL_LIMITS.maxListItems } };
    for (const v of node.values) {
      const found = checkLiterals(v);
      if (found) return found;
    }
  }
  if (node.kind === Kind.OBJECT) {
    for (const f of node.fields) {
      const found = checkLiterals(f.value);
      if (found) return found;
    }
  }
  return null;
}

type Walk = {
  /** The schema, to tell a connection (a field with `first`) asked without a page size; absent, such a field counts 1. */
  schema: GraphQLSchema | null;
  variables: Record<string, unknown>;
  defaults: Map<string, ValueNode>;
  fragments: Map<string, FragmentDefinitionNode>;
  /** Cost of each fragment once computed (-1 while it is being computed: a cycle costs nothing more). */
  fragmentCost: Map<string, number>;
};

class LimitExceeded extends Error {
  constructor(readonly limited: Limited) {
    super(limited.key);
  }
}

/**
 * The cost of a selection, graphql-armor's formula: a scalar field costs 1; an object field 2
 * plus 1.5 times the cost of each field below it, the whole multiplied by its `first`/`last`
 * (or the number of `nodes(ids:)`); a fragment counts like an object. Page sizes and `nodes`
 * lists over their limits are refused on the way.
 */
function nodeCost(sel: SelectionSetNode['selections'][number], w: Walk, rootLevel: boolean, parent: GraphQLNamedType | null): number {
  if (sel.kind === Kind.FRAGMENT_SPREAD) {
    const name = sel.name.value;
    let cost = w.fragmentCost.get(name);
    if (cost === undefined) {
      const fragment = w.fragments.get(name);
      w.fragmentCost.set(name, -1);
      cost = fragment ? COST.object + childrenCost(fragment.selectionSet, w, rootLevel, typeNamed(w, fragment.typeCondition.name.value) ?? parent) : 0;
      w.fragmentCost.set(name, cost);
    }
    return COST.scalar + COST.depthFactor * Math.max(cost, 0);
  }
  if (sel.kind === Kind.INLINE_FRAGMENT) return COST.object + childrenCost(sel.selectionSet, w, rootLevel, sel.typeCondition ? (typeNamed(w, sel.typeCondition.name.value) ?? parent) : parent);
  for (const arg of sel.arguments ?? []) {
    const found = checkLiterals(arg.value);
    if (found) throw new LimitExceeded(found);
  }
  if (!sel.selectionSet) return COST.scalar;
  const field = parent && (isObjectType(parent) || isInterfaceType(parent)) ? parent.getFields()[sel.name.value] : undefined;
  let multiplier = 1;
  let paged = false;
  for (const arg of sel.arguments ?? []) {
    const name = arg.name.value;
    if (name === 'first' || name === 'last') {
      const n = valueOf(arg.value, w.variables, w.defaults);
      if (typeof n === 'number' && n > GRAPHQL_LIMITS.maxPageSize) {
        throw new LimitExceeded({ key: 'limit.pageTooLarge', code: 'PAGE_TOO_LARGE', params: { field: name, max: GRAPHQL_LIMITS.maxPageSize } });
      }
      if (typeof n === 'number') paged = true;
      if (typeof n === 'number' && n > multiplier) multiplier = n;
    }
    if (rootLevel && sel.name.value === 'nodes' && name === 'ids') {
      const ids = valueOf(arg.value, w.variables, w.defaults);
      const count = Array.isArray(ids) ? ids.length : 1;
      if (count > GRAPHQL_LIMITS.maxNodeIds) {
        throw new LimitExceeded({ key: 'limit.listTooLong', code: 'LIST_TOO_LONG', params: { field: 'ids', max: GRAPHQL_LIMITS.maxNodeIds } });
      }
      multiplier = Math.max(multiplier, count);
    }
  }
  // A connection asked without a page size answers its default page: it costs as one.
  if (!paged && field?.args.some((a) => a.name === 'first')) multiplier = Math.max(multiplier, GRAPHQL_LIMITS.defaultPageCost);
  return (COST.object + childrenCost(sel.selectionSet, w, false, field ? getNamedType(field.type) : null)) * multiplier;
}

function typeNamed(w: Walk, name: string): GraphQLNamedType | null {
  return w.schema?.getType(name) ?? null;
}

function childrenCost(set: SelectionSetNode, w: Walk, rootLevel: boolean, parent: GraphQLNamedType | null): number {
  let total = 0;
  for (const sel of set.selections) {
    total += COST.depthFactor * nodeCost(sel, w, rootLevel, parent);
    if (total > GRAPHQL_LIMITS.maxCost * 1000) break;
  }
  return total;
}

/** The cost of each operation of the document, or the limit it breaks. */
export function operationCost(document: DocumentNode, variables: Record<string, unknown>, operationName?: string | null, schema: GraphQLSchema | null = null): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const operations: OperationDefinitionNode[] = [];
  for (const def of document.definitions) {
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    if (def.kind === Kind.OPERATION_DEFINITION && (!operationName || def.name?.value === operationName)) operations.push(def);
  }
  let worst = 0;
  for (const op of operations) {
    const defaults = new Map<string, ValueNode>();
    for (const v of op.variableDefinitions ?? []) {
      if (v.defaultValue) defaults.set(v.variable.name.value, v.defaultValue);
      const found = v.defaultValue ? checkLiterals(v.defaultValue) : null;
      if (found) throw new LimitExceeded(found);
    }
    const w: Walk = { schema, variables, defaults, fragments, fragmentCost: new Map() };
    const root = schema ? (op.operation === 'mutation' ? schema.getMutationType() : op.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType()) : null;
    let cost = 0;
    for (const sel of op.selectionSet.selections) cost += nodeCost(sel, w, true, root ?? null);
    worst = Math.max(worst, cost);
  }
  return Math.round(worst);
}

/** Whether the operation reads the schema (`__schema` or `__type`), through fragments too. */
function readsSchema(set: SelectionSetNode, fragments: Map<string, FragmentDefinitionNode>, seen: Set<string>): boolean {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.name.value === '__schema' || sel.name.value === '__type') return true;
      if (sel.selectionSet && readsSchema(sel.selectionSet, fragments, seen)) return true;
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      if (readsSchema(sel.selectionSet, fragments, seen)) return true;
    } else if (!seen.has(sel.name.value)) {
      seen.add(sel.name.value);
      const fragment = fragments.get(sel.name.value);
      if (fragment && readsSchema(fragment.selectionSet, fragments, seen)) return true;
    }
  }
  return false;
}

function introspects(document: DocumentNode): boolean {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  return document.definitions.some((def) => def.kind === Kind.OPERATION_DEFINITION && readsSchema(def.selectionSet, fragments, new Set()));
}

/**
 * The answer to an anonymous operation whose top-level fields are only `__type` and
 * `__typename` (no fragments): every `__type` is null. Null when the operation is anything else.
 */
function anonymousTypeLookup(document: DocumentNode, operationName: string | null | undefined): Record<string, unknown> | null {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const op = operationName ? ops.find((o) => o.name?.value === operationName) : ops.length === 1 ? ops[0] : undefined;
  if (!op || op.operation !== 'query') return null;
  const data: Record<string, unknown> = {};
  for (const sel of op.selectionSet.selections) {
    if (sel.kind !== Kind.FIELD || (sel.directives?.length ?? 0) > 0) return null;
    const key = sel.alias?.value ?? sel.name.value;
    if (sel.name.value === '__type') data[key] = null;
    else if (sel.name.value === '__typename') data[key] = 'Query';
    else return null;
  }
  return data;
}

type YogaInitial = { request: Request; params?: { variables?: unknown; operationName?: string | null } };

/** The request limits and the introspection rule as one yoga plugin. */
export function requestLimits(): Plugin<ServiceContext> {
  return {
    onParams({ params, request }) {
      const found = checkVariables(params.variables ?? null, '');
      if (found) throw refuse(request, found);
      if (typeof params.query === 'string' && params.query.length > GRAPHQL_LIMITS.maxTokens && tooManyTokens(params.query))
        throw refuse(request, { key: 'limit.tooManyTokens', code: 'TOO_MANY_TOKENS', params: { max: GRAPHQL_LIMITS.maxTokens } });
    },
    onValidate({ params, context }) {
      const initial = context as unknown as YogaInitial;
      const raw = initial.params?.variables;
      const variables = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
      let cost: number;
      try {
        cost = operationCost(params.documentAST, variables, initial.params?.operationName, params.schema);
      } catch (err) {
        if (err instanceof LimitExceeded) throw refuse(initial.request, err.limited);
        throw err;
      }
      if (cost > GRAPHQL_LIMITS.maxCost) throw refuse(initial.request, { key: 'limit.tooCostly', code: 'QUERY_TOO_COSTLY', params: { cost, max: GRAPHQL_LIMITS.maxCost } });
      // A literal a scalar refused (an impossible date in the document): the rule's translated text.
      // A document limit of graphql-armor: the same, by its code.
      return ({ result, setResult }) => {
        if (!result.some((e) => e.originalError instanceof DomainError || isArmorCode(e.extensions.code))) return;
        const lang = resolveLang(null, initial.request.headers.get('cookie'));
        setResult(
          result.map((e) => {
            if (e.originalError instanceof DomainError) return new GraphQLError(translate(lang, e.originalError.messageKey, e.originalError.params), { nodes: e.nodes, extensions: { code: e.originalError.code } });
            const code = e.extensions.code;
            if (isArmorCode(code)) return new GraphQLError(translate(lang, ARMOR_REFUSALS[code].key, { max: ARMOR_REFUSALS[code].max }), { extensions: { code, http: { status: 400 } } });
            return e;
          }),
        );
      };
    },
    /**
     * Introspection is answered to authenticated callers only (the schema is the map of every
     * operation). An anonymous operation made only of `__type(name:)` (and `__typename`) is
     * answered, with null for every name: hidden and missing look the same, as `node(id:)` does.
     */
    onExecute({ args, setResultAndStopExecution }) {
      const ctx = args.contextValue as ServiceContext;
      if (ctx.actor || !introspects(args.document)) return;
      const hidden = anonymousTypeLookup(args.document, args.operationName);
      if (hidden) {
        setResultAndStopExecution({ data: hidden });
        return;
      }
      setResultAndStopExecution({
        errors: [new GraphQLError(translate(ctx.lang, 'limit.introspectionNeedsLogin'), { extensions: { code: 'UNAUTHENTICATED' } })],
      });
    },
  };
}
