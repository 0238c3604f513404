import type { Config } from './config.ts';
import { EMBED_HOSTS } from './lib/html.ts';

/**
 * Browser security headers of every answer (docs/security.md): the client page gets a strict
 * Content Security Policy the built client passes, the API doors a policy that lets nothing
 * render; every answer refuses framing and sniffing. A header an answer set itself (the
 * sandboxed policy of downloads) is kept.
 */

/**
 * The client's policy. No inline script and no eval: the built client is modules from
 * /assets only. Styles allow 'unsafe-inline' because Chakra UI (emotion) writes its styles
 * into <style> elements at run time and rich text (TipTap, and every screen that shows
 * stored rich text) carries style attributes (alignment, colour, indent: the only ones the
 * sanitiser keeps); inline styles cannot run script. Images: the page itself, data: (the
 * editor's inline images), blob: (previews of files being uploaded) and the hosts of
 * RICH_TEXT_IMAGE_HOSTS. Frames: the video players the sanitiser keeps (EMBED_HOSTS).
 * Video: any https address (a `<video>` runs no script and the sanitiser makes it load
 * nothing until played).
 */
export function clientPolicy(config: Pick<Config, 'richTextImageHosts'> & Partial<Pick<Config, 'mapTileUrl'>>): string {
  const images = ["'self'", 'data:', 'blob:', ...config.richTextImageHosts, ...(config.mapTileUrl ? [tileSource(config.mapTileUrl)] : [])].join(' ');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${images}`,
    "media-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${EMBED_HOSTS.map((h) => `https://${h}`).join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The image source of the map tiles: the template's origin, a `{s}` subdomain as a wildcard. */
export function tileSource(template: string): string {
  const origin = /^https:\/\/[^/]+/i.exec(template)?.[0] ?? '';
  return origin.replace(/^https:\/\/\{s\}\./i, 'https://*.');
}

/** JSON and files of the doors: nothing in them is ever rendered as a page. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';

/** One year; no includeSubDomains: other sites of the same domain are not ours to decide for. */
const HSTS = 'max-age=31536000';

/** The last value of a comma list (what the proxy nearest to us wrote). */
function lastOf(list: string | null | undefined): string | undefined {
  return list?.split(',').pop()?.trim().toLowerCase() || undefined;
}

/** Whether the browser reached us over TLS: directly, or through a trusted proxy that says so. */
export function overTls(request: Request, config: Pick<Config, 'trustProxy'>): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return config.trustProxy && lastOf(request.headers.get('x-forwarded-proto')) === 'https';
}

/** Adds the headers to an answer (in place when its headers may change, else on a copy). */
export function withSecurityHeaders(response: Response, request: Request, config: Pick<Config, 'trustProxy' | 'richTextImageHosts'> & Partial<Pick<Config, 'mapTileUrl'>>, kind: 'client' | 'api' | 'graphiql'): Response {
  let res = response;
  try {
    res.headers.set('x-content-type-options', 'nosniff');
  } catch {
    // Immutable headers (a fetched answer): copy it.
    res = new Response(response.body, response);
  }
  const h = res.headers;
  h.set('x-content-type-options', 'nosniff');
  h.set('x-frame-options', 'DENY');
  h.set('referrer-policy', 'same-origin');
  h.set('permissions-policy', PERMISSIONS_POLICY);
  h.set('cross-origin-opener-policy', 'same-origin');
  if (!h.has('content-security-policy')) {
    // GraphiQL (development only) loads its editor from a CDN with inline script: framing is
    // still refused, nothing else is restricted there.
    h.set('content-security-policy', kind === 'client' ? clientPolicy(config) : kind === 'api' ? API_POLICY : "frame-ancestors 'none'");
  }
  if (overTls(request, config)) h.set('strict-transport-security', HSTS);
  return res;
}

const CORS_HEADERS = ['content-type', 'x-token', 'authorization', 'x-origin', 'graphql-preflight', 'accept'];

/**
 * CORS of /graphql: only the configured origins (CORS_ORIGINS) are answered, never by
 * reflecting whatever Origin a request carries, and never with credentials (the token travels
 * in a header, not a cookie). The server's own page needs no CORS.
 */
export function corsFor(config: Pick<Config, 'corsOrigins'>) {
  const allowed = new Set(config.corsOrigins);
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (!origin || !allowed.has(origin)) return false as const;
    return { origin: [origin], credentials: false, methods: ['GET', 'POST', 'OPTIONS'], allowedHeaders: CORS_HEADERS, maxAge: 600 };
  };
}
