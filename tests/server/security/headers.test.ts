/**
 * Browser security headers, CORS and production defaults (issue 15): every answer of the
 * client, /graphql and /api carries them; CORS answers configured origins only; `npm start`
 * (no NODE_ENV=development) has no GraphiQL, no field suggestions, and schema reading needs a
 * login (docs/security.md).
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config.ts';
import { createTestApp, DEMO, gql, loginRest, type TestApp } from '../../helpers/app.ts';

let t: TestApp;
let dev: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ corsOrigins: ['https://partner.example'] });
  dev = await createTestApp({ development: true });
  admin = await loginRest(t, DEMO.admin);
});
afterAll(async () => {
  await t?.close();
  await dev?.close();
});

const get = (app: TestApp, path: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.app.fetch(new Request(`http://test.local${path}`, { method, headers: { 'x-forwarded-for': '127.0.0.1', ...headers } }));

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectFrameAndSniffGuards(res: Response): void {
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('same-origin');
  expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
}

describe('browser security headers', () => {
  it('the client page: a strict policy its own HTML passes (no inline script, scripts from the site only)', async () => {
    const res = await get(t, '/', { accept: 'text/html' });
    expect(res.status).toBe(200);
    expectFrameAndSniffGuards(res);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // The map tiles of the school pages (MAP_TILE_URL, by default OpenStreetMap's).
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp.get('frame-src')).toContain('https://player.bilibili.com');
    // The page served (the built client, or the placeholder before a build) runs no inline script.
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/[^/]/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
    // A deep link of the single-page app gets the same page and policy.
    expect((await get(t, '/working/tasks')).headers.get('content-security-policy')).toBe(res.headers.get('content-security-policy'));
  });

  it('configured image hosts are allowed by the policy too', async () => {
    const withHosts = await createTestApp({ richTextImageHosts: ['img.school.example'] });
    try {
      const csp = directives((await get(withHosts, '/')).headers.get('content-security-policy'));
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'img.school.example', 'https://tile.openstreetmap.org']);
    } finally {
      await withHosts.close();
    }
  });

  it('the map tile server is configuration: its origin is an image source and the page is told its address', async () => {
    const withTiles = await createTestApp({ mapTileUrl: 'https://{s}.tiles.example/{z}/{x}/{y}.png' });
    try {
      const res = await get(withTiles, '/');
      expect(directives(res.headers.get('content-security-policy')).get('img-src')).toContain('https://*.tiles.example');
      const html = await res.text();
      // The built client's page carries the tag (before a build the placeholder page has no map).
      if (existsSync('client/dist/index.html')) expect(html).toContain('<meta name="map-tile-url" content="https://{s}.tiles.example/{z}/{x}/{y}.png">');
    } finally {
      await withTiles.close();
    }
  });

  it('/graphql and /api: a policy under which nothing renders, and the same guards', async () => {
    const graphql = await t.app.fetch(
      new Request('http://test.local/graphql', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.0.0.1' }, body: JSON.stringify({ query: '{ loginPublicKey }' }) }),
    );
    const api = await get(t, '/api/admin/user/getPwdRsaPublicKey.htm');
    const unknown = await get(t, '/api/nothing/here.htm');
    for (const res of [graphql, api, unknown]) {
      expectFrameAndSniffGuards(res);
      expect(directives(res.headers.get('content-security-policy')).get('default-src')).toEqual(["'none'"]);
    }
  });

  it('HSTS only when the browser came over TLS: directly, or through a trusted proxy saying so', async () => {
    expect((await get(t, '/')).headers.get('strict-transport-security')).toBeNull();
    expect((await t.app.fetch(new Request('https://test.local/'))).headers.get('strict-transport-security')).toBe('max-age=31536000');
    expect((await get(t, '/graphql', { 'x-forwarded-proto': 'https' }, 'OPTIONS')).headers.get('strict-transport-security')).toBe('max-age=31536000');
    // Without TRUST_PROXY the header is the client's own word: no HSTS from it.
    const direct = await createTestApp({ trustProxy: false });
    try {
      expect((await get(direct, '/api/admin/user/getPwdRsaPublicKey.htm', { 'x-forwarded-proto': 'https' })).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await direct.close();
    }
  });
});

describe('CORS of /graphql', () => {
  const preflight = (app: TestApp, origin: string) => get(app, '/graphql', { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-token' }, 'OPTIONS');

  it('answers a configured origin, without credentials', async () => {
    const res = await preflight(t, 'https://partner.example');
    expect(res.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-allow-headers')).toMatch(/x-token/);
    expect(res.headers.get('vary')).toMatch(/Origin/i);
  });

  it('never reflects another origin, on a preflight or on the request itself', async () => {
    for (const origin of ['https://evil.example', 'null', 'https://partner.example.evil.example']) {
      const res = await preflight(t, origin);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const post = await t.app.fetch(
      new Request('http://test.local/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'x-token': admin, 'x-forwarded-for': '127.0.0.1' },
        body: JSON.stringify({ documentId: 'f'.repeat(32) }),
      }),
    );
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
    // No configured origin (the default): nobody but the site itself.
    expect((await preflight(dev, 'https://partner.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('production by default', () => {
  it('is what the configuration says without NODE_ENV=development', () => {
    expect(loadConfig({}).development).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).development).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).development).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).development).toBe(true);
  });

  it('serves GraphiQL only in development', async () => {
    const prod = await get(t, '/graphql', { accept: 'text/html' });
    expect(prod.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    const devPage = await get(dev, '/graphql', { accept: 'text/html' });
    expect(devPage.status).toBe(200);
    expect(devPage.headers.get('content-type')).toMatch(/text\/html/);
    expect(await devPage.text()).toMatch(/GraphiQL|graphiql/);
    // Still never framed.
    expect(devPage.headers.get('x-frame-options')).toBe('DENY');
  });

  it('suggests field names only in development', async () => {
    const prod = await gql(t, '{ viewer { databasId } }', {}, { token: admin });
    expect(JSON.stringify(prod.body)).not.toMatch(/Did you mean/);
    const devToken = await loginRest(dev, DEMO.admin);
    const devAnswer = await gql(dev, '{ viewer { databasId } }', {}, { token: devToken });
    expect(JSON.stringify(devAnswer.body)).toMatch(/Did you mean/);
  });

  it('answers introspection to authenticated callers only', async () => {
    const documents = ['{ __schema { queryType { name } } }', '{ __type(name: "User") { name } viewer { __typename } }', 'query { ...Q } fragment Q on Query { __schema { types { name } } }'];
    for (const query of documents) {
      const anonymous = await gql(t, query, {}, { headers: { cookie: 'lang=en' } });
      expect(anonymous.body.data ?? null).toBeNull();
      expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(anonymous.body.errors?.[0]?.message).toBe('Log in to read the schema');
      const known = await gql(t, query, {}, { token: admin });
      expect(known.body.errors, query).toBeUndefined();
    }
    // An operation of __type alone answers null for every name (graphql-http's conformance audit
    // asks it with variables): hidden and missing alike, nothing of the schema told.
    expect((await gql(t, '{ __type(name: "User") { name fields { name } } }')).body).toEqual({ data: { __type: null } });
    expect((await gql(t, '{ __type(name: "User") { name } }', {}, { token: admin })).body.data).toEqual({ __type: { name: 'User' } });
    // __typename is not introspection.
    expect((await gql(t, '{ __typename }')).body.data).toEqual({ __typename: 'Query' });
  });
});
