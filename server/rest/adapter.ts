import type { AppDeps, ServiceContext } from '../context.ts';
import { buildContext } from '../context.ts';
import { countError, currentRequest } from '../observe.ts';
import { AuthenticationError, DomainError } from '../errors.ts';
import { translate } from '../i18n/catalogue.ts';
import { logger } from '../logger.ts';
import { LIMIT_EXCEEDED, WRONG_TYPE } from '../lib/validate.ts';
import { databaseHealth, isPoolBusy, POOL_BUSY_RETRY_SECONDS } from '../db/health.ts';
import { readRequest, UnreadableRequest, type ParsedRequest } from './body.ts';
import { envelope } from './envelope.ts';

export type Method = 'GET' | 'POST';
export type RestAnswer = { data?: unknown; message?: string } | Response;

/** One legacy path mapped to a service call. */
export type RestRoute = {
  /** Full path without `.htm`, e.g. `/api/admin/auth/logout`. */
  path: string;
  /** Methods the path answers; the spec's method where it names one, otherwise both. */
  methods: Method[];
  /**
   * The path answers callers without a login (sign-in, token refresh, the public school page).
   * Every other path refuses such a caller before its body is read (docs/security.md).
   */
  anonymous?: true;
  handler: (ctx: ServiceContext, request: ParsedRequest) => Promise<RestAnswer>;
};

export const BOTH: Method[] = ['GET', 'POST'];

/** Builds the legacy door from the route tables of every module. */
export function createRestHandler(deps: AppDeps, tables: ReadonlyArray<readonly RestRoute[]>) {
  const routes = new Map<string, RestRoute>();
  for (const table of tables) {
    for (const route of table) {
      if (routes.has(route.path)) throw new Error(`duplicate legacy path ${route.path}`);
      routes.set(route.path, route);
    }
  }

  return async function handle(request: Request, address: string): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.replace(/\.htm$/, '').replace(/\/+$/, '');
    const route = routes.get(path);
    const record = currentRequest();
    // The metrics label is a known path, never what a caller made up.
    if (record) record.operation = route ? route.path : 'unknown';
    const cookieLang = /(?:^|;\s*)lang=en/i.test(request.headers.get('cookie') ?? '') ? 'en' : 'zh';
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    let ctx: ServiceContext | null = null;
    try {
      ctx = await buildContext(deps, request, 'REST', address);
      if (!route) return envelope('error', translate(ctx.lang, 'error.unknownPath'), null, 404);
      if (!route.methods.includes(method as Method)) return envelope('error', translate(ctx.lang, 'error.methodNotAllowed'));
      // Authenticated and matched before a byte of the body is read: a stranger's upload is
      // refused at once, whatever its size or framing.
      if (!ctx.actor && !route.anonymous) {
        await request.body?.cancel().catch(() => {});
        throw new AuthenticationError(ctx.authFailure);
      }
      const parsed = await readRequest(request);
      const answer = await route.handler(ctx, parsed);
      if (answer instanceof Response) return answer;
      return envelope('success', answer.message ?? '', answer.data ?? null);
    } catch (err) {
      const lang = ctx?.lang ?? cookieLang;
      if (err instanceof UnreadableRequest) {
        return envelope('error', translate(lang, err.httpStatus === 413 ? 'error.tooLarge' : 'error.badRequest'), null, err.httpStatus);
      }
      if (err instanceof AuthenticationError) {
        return err.reason === 'TOKEN_EXPIRED' ? envelope('tokenExpire', translate(lang, 'status.tokenExpire')) : envelope('needUserLogin', translate(lang, 'status.needLogin'));
      }
      if (err instanceof DomainError) {
        // A value of the wrong type, or a request over a limit, is one the server cannot take: HTTP 400 (legacy-rest.md).
        return envelope(err.status, translate(lang, err.messageKey, err.params), null, err.code === WRONG_TYPE || err.code === LIMIT_EXCEEDED ? 400 : 200);
      }
      // Every connection of the pool stayed busy past DB_POOL_WAIT_MS: 503, come back shortly.
      if (isPoolBusy(err)) {
        countError('BUSY');
        const busy = envelope('error', translate(lang, 'error.busy'), null, 503);
        busy.headers.set('retry-after', String(POOL_BUSY_RETRY_SECONDS));
        return busy;
      }
      // The database is down or restarting: logged once per outage (db/health.ts), answered 503.
      if (databaseHealth.report(err)) {
        countError('UNAVAILABLE');
        return envelope('error', translate(lang, 'error.unavailable'), null, 503);
      }
      countError('INTERNAL');
      logger.error('unexpected legacy REST error', { path, error: (err as Error)?.message, stack: (err as Error)?.stack });
      return envelope('error', translate(lang, 'error.internal'), null, 500);
    }
  };
}
