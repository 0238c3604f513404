import { exportRoutes } from './jobs/exports.rest.ts';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createGraphQLHandler } from './graphql/yoga.ts';
import { withSecurityHeaders } from './headers.ts';
import { configureRichText } from './lib/html.ts';
import { graphqlTooLarge, limitGraphqlUpload } from './lib/upload.ts';
import { authenticate } from './session/session.ts';
import { tokenFromHeaders } from './session/tokens.ts';
import { resolveLang, translate } from './i18n/catalogue.ts';
import { logger } from './logger.ts';
import { databaseHealth, isPoolBusy, POOL_BUSY_RETRY_SECONDS } from './db/health.ts';
import { pendingMigrations } from './db/migrate.ts';
import { countError, metricsAllowed, observeRequest, registry, requestIdFrom, runInRequest, type Door, type RequestRecord } from './observe.ts';
import { createRestHandler } from './rest/adapter.ts';
import { icsFeedHandler, modules } from './modules/index.ts';

// CLIENT_DIST points at another build (the browser tests serve a copy they can change).
const CLIENT_DIST = path.resolve(process.env.CLIENT_DIST || path.resolve(import.meta.dirname, '../client/dist'));
const PLACEHOLDER = path.resolve(import.meta.dirname, '../client/placeholder.html');

const STATIC_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/**
 * The caller's address. Behind proxies you run (TRUST_PROXY), each proxy appends the address
 * it received the request from to X-Forwarded-For, so the client is the entry
 * TRUSTED_PROXY_HOPS from the right: entries further left were written by the client itself
 * and prove nothing. Without TRUST_PROXY, the socket's address.
 */
export function forwardedAddress(header: string | null | undefined, hops: number): string | null {
  const entries = (header ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!entries.length) return null;
  return (entries[Math.max(0, entries.length - hops)] as string).slice(0, 64);
}

function clientAddress(c: Parameters<typeof getConnInfo>[0], config: Pick<Config, 'trustProxy' | 'trustedProxyHops'>): string {
  if (config.trustProxy) {
    const forwarded = forwardedAddress(c.req.header('x-forwarded-for'), config.trustedProxyHops);
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** A path that does not decode (`/%`) or leaves the client's directory is a bad request. */
function clientPath(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\u0000')) return null;
  return path.normalize(decoded).replace(/^(\.\.[/\\])+/, '');
}

function doorOf(pathname: string): Door {
  if (pathname === '/graphql') return 'graphql';
  if (pathname.startsWith('/api/')) return 'rest';
  if (pathname.startsWith('/ics/')) return 'ics';
  if (pathname === '/healthz' || pathname === '/livez' || pathname === '/readyz') return 'health';
  if (pathname === '/metrics') return 'metrics';
  return 'client';
}

/** The configured server; tests call `app.fetch` with no port, `main.ts` only listens. */
const escapeAttribute = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const isMultipart = (request: Request) => request.method === 'POST' && (request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/');

/** Whether an upload to /graphql comes with a token that authenticates (an expired one included: the resolver answers TOKEN_EXPIRED). */
async function uploadCallerKnown(deps: { db: Db; config: Config }, request: Request): Promise<boolean> {
  const token = tokenFromHeaders(request.headers);
  if (!token) return false;
  const auth = await authenticate(deps.db, token, { sessionMaxAgeSeconds: deps.config.sessionMaxAgeSeconds, cacheSeconds: deps.config.sessionCacheSeconds });
  return auth.actor !== null || auth.failure === 'TOKEN_EXPIRED';
}

/** The answer to an upload without a login: 401, UNAUTHENTICATED, its body unread. */
function graphqlNeedsLogin(request: Request): Response {
  const lang = resolveLang(null, request.headers.get('cookie'));
  return new Response(JSON.stringify({ errors: [{ message: translate(lang, 'status.needLogin'), extensions: { code: 'UNAUTHENTICATED' } }] }), {
    status: 401,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

export function createApp(deps: { db: Db; config: Config }) {
  const { config } = deps;
  const app = new Hono();
  configureRichText({ imageHosts: config.richTextImageHosts });
  const yoga = createGraphQLHandler(deps, { development: config.development });
  const rest = createRestHandler(deps, [...modules.map((m) => m.routes), exportRoutes]);

  // Every request: an id (the caller's X-Request-Id or a new one) sent back and written to the
  // operation log, one JSON log line, and the request metrics (server/observe.ts).
  app.use('*', async (c, next) => {
    const started = performance.now();
    const pathname = new URL(c.req.url).pathname;
    const door = doorOf(pathname);
    const record: RequestRecord = { id: requestIdFrom(c.req.header('x-request-id')), door, operation: door === 'health' || door === 'metrics' ? pathname : door, userId: null };
    await runInRequest(record, next);
    c.res.headers.set('x-request-id', record.id);
    const seconds = (performance.now() - started) / 1000;
    if (door === 'health' || door === 'metrics') return;
    observeRequest(record, c.res.status, seconds);
    logger.info('request', {
      requestId: record.id,
      door,
      operation: record.operation,
      method: c.req.method,
      userId: record.userId,
      status: c.res.status,
      durationMs: Math.round(seconds * 10_000) / 10,
    });
  });

  // Browser security headers on every answer (server/headers.ts, docs/security.md).
  app.use('*', async (c, next) => {
    await next();
    const pathname = c.req.path;
    const api = pathname === '/graphql' || pathname.startsWith('/api/') || pathname.startsWith('/ics/') || ['/healthz', '/livez', '/readyz', '/metrics'].includes(pathname);
    const graphiql = pathname === '/graphql' && (c.res.headers.get('content-type') ?? '').startsWith('text/html');
    const res = withSecurityHeaders(c.res, c.req.raw, config, graphiql ? 'graphiql' : api ? 'api' : 'client');
    // Assigning c.res copies the answer and its headers (Hono): only when it is a new one.
    if (res !== c.res) c.res = res;
    if (pathname === '/graphql') res.headers.append('vary', 'Origin');
  });

  // Anything unexpected: a plain 500 without a stack (logged here once).
  app.onError((err, c) => {
    if (isPoolBusy(err)) return c.json({ status: 'busy' }, 503, { 'retry-after': String(POOL_BUSY_RETRY_SECONDS) });
    if (databaseHealth.report(err)) return c.json({ status: 'unavailable' }, 503);
    countError('INTERNAL');
    logger.error('unexpected HTTP error', { path: new URL(c.req.url).pathname.slice(0, 200), error: err.message, stack: err.stack });
    return c.json({ status: 'error', message: 'Internal error' }, 500);
  });

  /** Readiness: the database answers (503 while it is down or restarting). */
  app.get('/healthz', async (c) => {
    const ready = await databaseHealth.probe(deps.db);
    const state = databaseHealth.state();
    return ready ? c.json({ status: 'ok' }) : c.json({ status: 'unavailable', since: state.since.toISOString() }, 503);
  });

  /** Liveness: the process answers (whatever the database does; it restarts on its own). */
  app.get('/livez', (c) => c.json({ status: 'alive' }));

  /**
   * Readiness for a balancer: the database answers (the embedded one runs), and every
   * migration this version knows is applied. 503 otherwise, with what is missing.
   */
  app.get('/readyz', async (c) => {
    const up = await databaseHealth.probe(deps.db);
    const pending = up ? await pendingMigrations(deps.db).catch(() => null) : null;
    const ready = up && pending !== null && pending.length === 0;
    const body = { status: ready ? 'ready' : 'unavailable', database: up ? 'up' : 'down', pendingMigrations: pending?.length ?? null };
    return c.json(body, ready ? 200 : 503);
  });

  /** Prometheus metrics of this process, for a caller with METRICS_TOKEN (or on METRICS_PORT, main.ts). */
  app.get('/metrics', async (c) => {
    if (!metricsAllowed(c.req.header('authorization'), config.metricsToken)) return c.text('Not found', 404);
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
  });

  app.on(['GET', 'POST', 'OPTIONS'], '/graphql', async (c) => {
    // An upload is authenticated before its body is read: no mutation takes a file from a stranger.
    if (isMultipart(c.req.raw) && !(await uploadCallerKnown(deps, c.req.raw))) {
      await c.req.raw.body?.cancel().catch(() => {});
      return graphqlNeedsLogin(c.req.raw);
    }
    const limited = await limitGraphqlUpload(c.req.raw);
    if (limited instanceof Response) return limited;
    const answer = await yoga.fetch(limited.request, { address: clientAddress(c, config) });
    // A multipart body cut off at the limit: yoga could not read it, the answer is 413.
    return limited.exceeded() ? graphqlTooLarge(c.req.raw) : answer;
  });

  app.all('/api/*', (c) => rest(c.req.raw, clientAddress(c, config)));

  // Public calendar feeds (no login; the unguessable token is the credential).
  app.on(['GET', 'HEAD'], '/ics/:file', (c) => icsFeedHandler(deps)(c.req.raw));

  // The client: the built app when there is one, otherwise the placeholder page.
  app.get('*', async (c) => {
    const url = new URL(c.req.url);
    const rel = clientPath(url.pathname);
    if (rel === null) return c.text('Bad request', 400);
    if (existsSync(CLIENT_DIST)) {
      const file = path.join(CLIENT_DIST, rel);
      if (file.startsWith(CLIENT_DIST) && existsSync(file) && !file.endsWith(path.sep) && path.extname(file)) {
        const type = STATIC_TYPES[path.extname(file)] ?? 'application/octet-stream';
        const immutable = rel.startsWith('/assets/');
        return new Response(await readFile(file), {
          headers: { 'content-type': type, 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' },
        });
      }
      const index = path.join(CLIENT_DIST, 'index.html');
      // The map tile address is the server's configuration: the page reads it from this tag.
      if (existsSync(index)) return c.html((await readFile(index, 'utf8')).replace('</head>', `<meta name="map-tile-url" content="${escapeAttribute(config.mapTileUrl)}"></head>`), 200, { 'cache-control': 'no-cache' });
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      return c.html(await readFile(PLACEHOLDER, 'utf8'), 200, { 'cache-control': 'no-cache' });
    }
    return c.text('Not found', 404);
  });

  return app;
}
