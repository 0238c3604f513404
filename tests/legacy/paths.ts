/**
 * Every legacy path of a module answers with the envelope (not a test file).
 *
 * The spec's list (`legacy-paths.tsv`) files paths by area; each module's `paths.test.ts`
 * takes the rows of an area that the module answers (its `routes`), so every path of the
 * list is checked once, by the module that serves it, with the checks of its area:
 *
 *   org      status below 500 and not 404, the envelope, no internals, reads answer success,
 *            a caller without a token is told to log in;
 *   content  a caller without a token gets HTTP 200 and the login message; the envelope (a
 *            download for the template), no internals, reads with parameters answer success.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../server/modules/index.ts';
import { createTestApp, DEMO, loginRest, rest, type TestApp } from '../helpers/app.ts';
import { expectEnvelope, expectNoInternals } from './support.ts';

const TSV = path.resolve(import.meta.dirname, '../../docs/legacy-paths.tsv');
type Row = { method: 'GET' | 'POST'; path: string };
type Area = 'org' | 'content';

/** Paths the list files under org that belong to the content area. */
const NOT_ORG = new Set(['/api/admin/user/listUsers4Project.htm']);
const CONTENT = /\/(project|auth\/user\/project|upload\/project|sns|sys\/dict|template)\/|listUsers4Project/;

const inArea: Record<Area, (c: string[]) => boolean> = {
  org: (c) => c[0] === 'org' && !NOT_ORG.has(c[2]!),
  content: (c) => CONTENT.test(c[2]!) && !c[2]!.includes('/work/daily/'),
};

const withoutSuffix = (p: string) => p.replace(/\.htm$/, '');

/** The rows of an area's list that `moduleName` answers, each method and path once. */
export function legacyPathsOf(area: Area, moduleName: string): Row[] {
  const mod = modules.find((m) => m.name === moduleName);
  if (!mod) throw new Error(`no module ${moduleName}`);
  const ours = new Set(mod.routes.map((r) => withoutSuffix(r.path)));
  const rows = readFileSync(TSV, 'utf8')
    .split('\n')
    .map((l) => l.split('\t'))
    .filter((c) => c.length === 3 && inArea[area](c) && ours.has(withoutSuffix(c[2]!)))
    .map((c) => ({ method: c[1] as Row['method'], path: c[2]! }));
  return [...new Map(rows.map((r) => [`${r.method} ${r.path}`, r])).values()];
}

const query = (params: Record<string, unknown> = {}) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));

/** The org area's checks for one module's paths; `readParams` for reads that need an id. */
export function describeOrgPaths(moduleName: string, count: number, readParams: Record<string, Record<string, unknown>> = {}): void {
  const rows = legacyPathsOf('org', moduleName);
  const isRead = (p: string) => /\/(list|get|search|check)[^/]*\.htm$/.test(p) || p.endsWith('/listAll.htm') || p.endsWith('/listDepart.htm');
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginRest(t, DEMO.admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe(`${moduleName} legacy paths`, () => {
    it('covers the list', () => {
      expect(rows.length).toBe(count);
    });

    it.each(rows)('$method $path answers the envelope', async ({ method, path: p }) => {
      const params = readParams[p] ?? {};
      const res = method === 'GET' ? await rest(t, `${p}?${query(params)}`, { token: admin }) : await rest(t, p, { json: params, token: admin });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(res.status).not.toBe(404);
      expectEnvelope(res.body);
      expectNoInternals(JSON.stringify(res.body));
      if (isRead(p)) expect(res.body, p).toMatchObject({ status: 'success' });
    });

    // The RSA key is read before login, by design.
    const guarded = rows.filter((r) => !r.path.endsWith('/getPwdRsaPublicKey.htm'));
    if (guarded.length > 0) {
      it.each(guarded)('$method $path refuses a caller without a token', async ({ method, path: p }) => {
        const res = method === 'GET' ? await rest(t, p) : await rest(t, p, { json: {} });
        expect(res.body.status).toBe('needUserLogin');
      });
    }
  });
}

/**
 * The content area's checks for one module's paths. `reads` answers, once the app is up,
 * the parameters of the reads (which then answer success); `more` adds the module's own tests.
 */
export function describeContentPaths(moduleName: string, count: number, reads: (t: TestApp) => Promise<Record<string, Record<string, unknown>>>, more?: (app: () => { t: TestApp; admin: string }) => void): void {
  const rows = legacyPathsOf('content', moduleName);
  let t: TestApp;
  let admin: string;
  let params: Record<string, Record<string, unknown>>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginRest(t, DEMO.admin);
    params = await reads(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe(`${moduleName} legacy paths`, () => {
    it('covers the list', () => {
      expect(rows.length).toBe(count);
    });

    it.each(rows)('$method $path refuses a caller without a token', async ({ method, path: p }) => {
      const res = method === 'GET' ? await rest(t, p) : await rest(t, p, { json: {} });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'needUserLogin', message: '尚未登陆,请登录' });
    });

    it.each(rows)('$method $path answers the envelope (reads: success)', async ({ method, path: p }) => {
      const given = params[p];
      const res = method === 'GET' ? await rest(t, `${p}?${query(given)}`, { token: admin }) : await rest(t, p, { json: given ?? {}, token: admin });
      if (p.endsWith('/template/downloadTemplate.htm')) {
        expect(res.response.headers.get('content-disposition')).toMatch(/^attachment;/);
        return;
      }
      expectEnvelope(res.body);
      // Project codes (P2027-US) look like database error codes to the generic check.
      expectNoInternals(JSON.stringify(res.body).replace(/"(code|projectCode)":"P\d{4}-[^"]*"/g, ''), p);
      if (given) expect(res.body, p).toMatchObject({ status: 'success' });
      else expect(['success', 'error'], p).toContain(res.body.status);
    });

    more?.(() => ({ t, admin }));
  });
}
