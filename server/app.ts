import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createGraphQLHandler } from './graphql/yoga.ts';
import { limitGraphqlUpload } from './lib/upload.ts';
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

/** The caller's address: the socket's, or X-Forwarded-For's first hop behind a trusted proxy. */
function clientAddress(c: Parameters<typeof getConnInfo>[0], trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The configured server; tests call `app.fetch` with no port, `main.ts` only listens. */
export function createApp(deps: { db: Db; config: Config }) {
  const app = new Hono();
  const yoga = createGraphQLHandler(deps, { graphiql: !deps.config.production });
  const rest = createRestHandler(
    deps,
    modules.map((m) => m.routes),
  );

  app.get('/healthz', async (c) => {
    try {
      await deps.db.$queryRaw`SELECT 1`;
      return c.json({ status: 'ok' });
    } catch {
      return c.json({ status: 'unavailable' }, 503);
    }
  });

  app.on(['GET', 'POST', 'OPTIONS'], '/graphql', (c) => {
    const request = limitGraphqlUpload(c.req.raw);
    return request instanceof Response ? request : yoga.fetch(request, { address: clientAddress(c, deps.config.trustProxy) });
  });

  app.all('/api/*', (c) => rest(c.req.raw, clientAddress(c, deps.config.trustProxy)));

  // Public calendar feeds (no login; the unguessable token is the credential).
  app.on(['GET', 'HEAD'], '/ics/:file', (c) => icsFeedHandler(deps)(c.req.raw));

  // The client: the built app when there is one, otherwise the placeholder page.
  app.get('*', async (c) => {
    const url = new URL(c.req.url);
    const rel = path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
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
      if (existsSync(index)) return c.html(await readFile(index, 'utf8'), 200, { 'cache-control': 'no-cache' });
    }
    if (url.pathname === '/' || url.pathname === '/index.html') {
      return c.html(await readFile(PLACEHOLDER, 'utf8'), 200, { 'cache-control': 'no-cache' });
    }
    return c.text('Not found', 404);
  });

  return app;
}
