import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { GraphQLError, Kind, type DefinitionNode, type DocumentNode, type ExecutionResult, type FieldNode, type OperationDefinitionNode, type SelectionNode } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { AppDeps, ServiceContext } from '../context.ts';
import { buildContext } from '../context.ts';
import { AuthenticationError, DomainError } from '../errors.ts';
import { resolveLang, translate, type Lang } from '../i18n/catalogue.ts';
import { logger } from '../logger.ts';
import { schema } from './schema.ts';
import { corsFor } from '../headers.ts';
import { databaseHealth, isPoolBusy, POOL_BUSY_RETRY_SECONDS } from '../db/health.ts';
import { armorLimit, requestLimits } from './limits.ts';
import { countError, currentRequest } from '../observe.ts';
import { collectUntilDone, runCollected } from '../lib/request-end.ts';

/**
 * Errors in layers: typed DomainErrors on mutation fields come back as data (errors plugin).
 * Anything that still reaches `errors` is translated when it is expected (authentication,
 * rules outside mutations) and masked otherwise; no stack, SQL or internal name leaves.
 */
/** Names the request's operation for the log and metrics: its type and first root field (a bounded set). */
function nameOperation(): Plugin<ServiceContext> {
  return {
    onExecute: ({ args }) => {
      const record = currentRequest();
      if (!record) return;
      const document = args.document as DocumentNode;
      const op = document.definitions.find((d: DefinitionNode): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION && (!args.operationName || d.name?.value === args.operationName));
      const first = op?.selectionSet.selections.find((s: SelectionNode): s is FieldNode => s.kind === Kind.FIELD);
      if (op && first) record.operation = `${op.operation}:${first.name.value}`;
    },
  };
}

/**
 * Writes collected while the operation runs (lib/request-end.ts: the access log of revealed
 * fields) are made once its execution is done, before the answer leaves; if they fail, the
 * answer carries no data.
 */
function writeWhenDone(): Plugin<ServiceContext> {
  return {
    onExecute: ({ args }) => {
      const ctx = args.contextValue as ServiceContext;
      collectUntilDone(ctx);
      return {
        onExecuteDone: async ({ setResult }) => {
          try {
            await runCollected(ctx);
          } catch (err) {
            countError('INTERNAL');
            logger.error('writes at the end of a GraphQL request failed', { error: (err as Error).message });
            const code = databaseHealth.report(err) ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_SERVER_ERROR';
            const message = translate(ctx.lang, code === 'SERVICE_UNAVAILABLE' ? 'error.unavailable' : 'error.internal');
            setResult({ data: null, errors: [new GraphQLError(message, { extensions: { code } })] });
          }
        },
      };
    },
  };
}

/** A request that waited too long for a database connection: 503 with Retry-After (docs/operations.md, "The pool"). */
function busyError(lang: Lang, base: { path?: ReadonlyArray<string | number>; nodes?: GraphQLError['nodes'] }): GraphQLError {
  return new GraphQLError(translate(lang, 'error.busy'), {
    ...base,
    extensions: { code: 'SERVICE_BUSY', http: { status: 503, headers: { 'retry-after': String(POOL_BUSY_RETRY_SECONDS) } } },
  });
}

function translateErrors(): Plugin<ServiceContext> {
  return {
    onExecute: ({ args }) => ({
      onExecuteDone: ({ result, setResult }) => {
        if (!('errors' in result) || !result.errors?.length) return;
        const ctx = args.contextValue as ServiceContext;
        const errors = result.errors.map((err) => {
          const original = err.originalError;
          // A scalar refusing a variable (an impossible date): the rule's own translated text.
          const inner = original instanceof GraphQLError ? original.originalError : undefined;
          if (inner instanceof DomainError && !err.path) {
            return new GraphQLError(translate(ctx.lang, inner.messageKey, inner.params), { nodes: err.nodes, extensions: { code: inner.code } });
          }
          if (!original || original instanceof GraphQLError) return err;
          const base = { path: err.path, nodes: err.nodes };
          if (original instanceof AuthenticationError) {
            const expired = original.reason === 'TOKEN_EXPIRED';
            return new GraphQLError(translate(ctx.lang, expired ? 'status.tokenExpire' : 'status.needLogin'), {
              ...base,
              extensions: { code: expired ? 'TOKEN_EXPIRED' : 'UNAUTHENTICATED' },
            });
          }
          if (original instanceof DomainError) {
            return new GraphQLError(translate(ctx.lang, original.messageKey, original.params), { ...base, extensions: { code: original.code } });
          }
          // Every pooled connection stayed busy past DB_POOL_WAIT_MS: 503, come back shortly.
          if (isPoolBusy(original)) {
            countError('BUSY');
            return busyError(ctx.lang, base);
          }
          // The database is down or restarting: said once in the log (db/health.ts), not per request.
          if (databaseHealth.report(original)) {
            countError('UNAVAILABLE');
            return new GraphQLError(translate(ctx.lang, 'error.unavailable'), { ...base, extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } } });
          }
          countError('INTERNAL');
          logger.error('unexpected GraphQL error', { path: err.path?.join('.'), error: original.message, stack: original.stack });
          return new GraphQLError(translate(ctx.lang, 'error.internal'), { ...base, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
        });
        setResult({ ...result, errors });
      },
    }),
  };
}

/** Request errors answered 400 whatever the accepted type (docs/integrators.md, Errors): a body that is not JSON, graphql-armor's limits. */
const BAD_REQUEST_CODES = new Set(['BAD_REQUEST', 'QUERY_TOO_DEEP', 'TOO_MANY_ALIASES', 'TOO_MANY_DIRECTIVES']);
const SUGGESTION = /\s*Did you mean [^]*$/;

/**
 * The last word on what an answer says over HTTP (issue 33): in production no "Did you mean"
 * (it maps the schema for a stranger; graphql-armor strips it from field names only, not from
 * enum values or input fields), a code on a variable's error (BAD_USER_INPUT), HTTP 400 for the
 * request errors docs/integrators.md lists, and 401 for a request refused for want of a login
 * when the caller accepts application/graphql-response+json (the GraphQL-over-HTTP spec wants
 * 4xx for an answer without data; with application/json it wants 200).
 */
function httpAnswers(development: boolean): Plugin<ServiceContext> {
  const fix = (result: ExecutionResult, responseJson: boolean): ExecutionResult => {
    if (!result.errors?.length) return result;
    const errors = result.errors.map((error) => {
      let code = error.extensions?.code as string | undefined;
      const message = development ? error.message : error.message.replace(SUGGESTION, '');
      if (!code && error.message.startsWith('Variable "$')) code = 'BAD_USER_INPUT';
      let http = error.extensions?.http as { status?: number } | undefined;
      // A status already above 400 says more (405 for a mutation sent with GET): it is kept.
      if (code && BAD_REQUEST_CODES.has(code) && !((http?.status ?? 0) > 400)) http = { status: 400 };
      if (code === 'UNAUTHENTICATED' && responseJson && !('data' in result && result.data)) http = { status: 401 };
      if (message === error.message && code === error.extensions?.code && http === error.extensions?.http) return error;
      return new GraphQLError(message, {
        nodes: error.nodes,
        source: error.source,
        positions: error.positions,
        path: error.path,
        originalError: error.originalError,
        extensions: { ...error.extensions, ...(code ? { code } : {}), ...(http ? { http } : {}) },
      });
    });
    return { ...result, errors };
  };
  return {
    onResultProcess({ request, result, setResult }) {
      // The caller prefers the spec's own type: it is named before application/json (or alone).
      const accept = (request.headers.get('accept') ?? '').toLowerCase();
      const at = accept.indexOf('application/graphql-response+json');
      const json = accept.indexOf('application/json');
      const responseJson = at >= 0 && (json < 0 || at < json);
      if (Array.isArray(result)) setResult(result.map((r) => fix(r, responseJson)));
      else if (result && typeof result === 'object' && !(Symbol.asyncIterator in result)) setResult(fix(result, responseJson));
    },
  };
}

/** relay-compiler's map of operation ids to documents (relay.config.js, `persistConfig`). */
export const PERSISTED_QUERIES_FILE = path.resolve(import.meta.dirname, '../../client/persisted-queries.json');

export type PersistedDocuments = { get(id: string): string | undefined };

/**
 * The persisted documents, read at start and read again when an unknown id arrives and the
 * file has changed since (a rebuilt client brings new ids without a restart). A missing or
 * half-written file keeps the last good map.
 */
export function persistedDocumentsFrom(file: string): PersistedDocuments {
  let map = new Map<string, string>();
  let mtime = -1;
  const reload = () => {
    try {
      const stat = statSync(file);
      if (stat.mtimeMs === mtime) return;
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      map = new Map(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
      mtime = stat.mtimeMs;
    } catch {
      // Keep what we had.
    }
  };
  reload();
  return {
    get(id) {
      if (!map.has(id)) reload();
      return map.get(id);
    },
  };
}

/**
 * Browsers send `Sec-Fetch-Site` and `Origin` with every fetch() POST; curl and server code do
 * not (Node's fetch sends `Sec-Fetch-Mode` only, so that one does not count).
 */
function fromBrowser(request: Request): boolean {
  return request.headers.has('sec-fetch-site') || request.headers.has('origin');
}

function requestError(request: Request, code: string, key: 'client.persistedQueryRequired' | 'client.persistedQueryUnknown'): GraphQLError {
  const lang = resolveLang(null, request.headers.get('cookie'));
  return new GraphQLError(translate(lang, key), { extensions: { code, http: { status: 400 } } });
}

/**
 * Persisted operations. A request naming `documentId` runs the stored document (unknown ids are
 * refused with PERSISTED_QUERY_NOT_FOUND). A full document is accepted from integrators (any
 * caller that is not a browser; they authenticate with a token, and every field still checks
 * it) but refused from browsers with PERSISTED_QUERY_REQUIRED, except when GraphiQL is on
 * (development), since GraphiQL is a browser page sending documents.
 */
function persistedOperations(documents: PersistedDocuments, allowBrowserDocuments: boolean): Plugin<ServiceContext> {
  return {
    onParams({ params, request, setParams }) {
      const { documentId, ...rest } = params as typeof params & { documentId?: unknown };
      if (documentId !== undefined && documentId !== null) {
        const text = typeof documentId === 'string' && documentId.length <= 128 ? documents.get(documentId) : undefined;
        if (text === undefined || rest.query !== undefined) throw requestError(request, 'PERSISTED_QUERY_NOT_FOUND', 'client.persistedQueryUnknown');
        setParams({ ...rest, query: text });
        return;
      }
      if (rest.query !== undefined && !allowBrowserDocuments && fromBrowser(request)) {
        throw requestError(request, 'PERSISTED_QUERY_REQUIRED', 'client.persistedQueryRequired');
      }
    },
  };
}

/**
 * The GraphQL door. Production unless `development` (NODE_ENV=development, `npm run dev`):
 * only then GraphiQL, field suggestions in errors, and documents sent by browsers.
 */
export function createGraphQLHandler(deps: AppDeps, options: { development: boolean; persistedDocuments?: PersistedDocuments }) {
  const documents = options.persistedDocuments ?? persistedDocumentsFrom(PERSISTED_QUERIES_FILE);
  return createYoga<{ address: string }, ServiceContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: options.development ? { title: 'Back office GraphQL' } : false,
    cors: corsFor(deps.config),
    landingPage: false,
    // Execution errors are already translated or masked by translateErrors(); request-level
    // errors (unreadable JSON, wrong method) keep their message but lose any original error.
    maskedErrors: {
      isDev: false,
      maskError: (error) => {
        // Before execution (the caller's session read while every connection was busy).
        if (isPoolBusy(error) || (error instanceof GraphQLError && isPoolBusy(error.originalError))) {
          countError('BUSY');
          return busyError('zh', {});
        }
        if (databaseHealth.report(error)) return new GraphQLError('Service unavailable.', { extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } } });
        if (error instanceof GraphQLError) {
          const leaksCause = (error.originalError && !(error.originalError instanceof GraphQLError)) || 'originalError' in error.extensions;
          if (!leaksCause) return error;
          const { originalError: _dropped, ...extensions } = error.extensions;
          return new GraphQLError(error.message, { nodes: error.nodes, path: error.path, extensions });
        }
        return new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      },
    },
    logging: false,
    // The body's size is already bounded before yoga sees it (limitGraphqlUpload in app.ts:
    // 8 MB of JSON, 25 MiB of multipart); yoga's own limit would wrap every body in one more stream.
    maxRequestBodySize: false,
    context: ({ request, address }) => buildContext(deps, request, 'GRAPHQL', address),
    extraParamNames: ['documentId'],
    plugins: [
      persistedOperations(documents, options.development),
      requestLimits(),
      nameOperation(),
      writeWhenDone(),
      translateErrors(),
      httpAnswers(options.development),
      EnvelopArmorPlugin({
        maxDepth: armorLimit('QUERY_TOO_DEEP'),
        // The cost limit is requestLimits()'s: it counts the variables' page sizes too.
        costLimit: { enabled: false },
        maxAliases: armorLimit('TOO_MANY_ALIASES'),
        maxTokens: { enabled: false }, // counted in requestLimits(), before parsing, with a translated refusal
        maxDirectives: armorLimit('TOO_MANY_DIRECTIVES'),
        blockFieldSuggestion: { enabled: !options.development },
      }),
    ],
  });
}
