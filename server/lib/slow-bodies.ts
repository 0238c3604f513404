/**
 * Slow request bodies (issue 15, abuse corpus): a client that declares a body within the limits
 * and then sends it a few bytes at a time would hold a connection, a request slot and its
 * buffers until Node's `requestTimeout` (120 s). This guard watches every request that is still
 * receiving its body: once `graceMs` have passed, a body arriving slower than
 * `minBytesPerSecond` on average is refused with HTTP 408 (the door's own envelope, in the
 * caller's language) and the connection is closed. One timer sweeps all requests; nothing is
 * read from the body here (the bytes the HTTP parser hands to the request are counted as it
 * pushes them), so the handler's streaming is untouched, and a request whose received bytes the
 * handler has not read yet is never blamed on its client.
 */
import type http from 'node:http';
import { resolveLang, translate } from '../i18n/catalogue.ts';

export type SlowBodyRules = { graceMs: number; minBytesPerSecond: number; sweepMs?: number };

/** The product's rules: 5 s of grace, then at least 1 KB/s on average (a 25 MB upload at 1 KB/s would take seven hours). */
export const SLOW_BODY_RULES: SlowBodyRules = { graceMs: 5_000, minBytesPerSecond: 1_024 };

type Watched = { req: http.IncomingMessage; res: http.ServerResponse; start: number; received: number };

const hasBody = (req: http.IncomingMessage) => (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;

function refusal(req: http.IncomingMessage): { body: string; type: string } {
  const message = translate(resolveLang(null, req.headers.cookie), 'error.tooSlow');
  if ((req.url ?? '').startsWith('/api/')) return { body: JSON.stringify({ status: 'error', message, data: null }), type: 'application/json; charset=utf-8' };
  return { body: JSON.stringify({ errors: [{ message, extensions: { code: 'REQUEST_TIMEOUT' } }] }), type: 'application/json; charset=utf-8' };
}

/** Watches `server`'s requests; answers a function that stops the sweep (the server's close does too). */
export function guardSlowBodies(server: http.Server, rules: SlowBodyRules = SLOW_BODY_RULES, onRefused?: (req: http.IncomingMessage) => void): () => void {
  const watched = new Set<Watched>();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!hasBody(req)) return;
    const entry: Watched = { req, res, start: Date.now(), received: 0 };
    // The body's bytes as the parser delivers them to the request. (The socket's byte count
    // would miss the body bytes read with the head, before this event: a handler that drained
    // them could then see a fast client blamed until the socket's next read.)
    const push = req.push.bind(req);
    req.push = (chunk: unknown, encoding?: BufferEncoding) => {
      if (chunk && typeof (chunk as { length?: unknown }).length === 'number') entry.received += (chunk as { length: number }).length;
      return push(chunk, encoding);
    };
    watched.add(entry);
    const forget = () => watched.delete(entry);
    req.once('end', forget);
    res.once('finish', forget);
    res.once('close', forget);
  });
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const entry of watched) {
      const { req, res } = entry;
      if (req.complete || res.writableEnded) {
        watched.delete(entry);
        continue;
      }
      const elapsed = now - entry.start;
      if (elapsed < rules.graceMs) continue;
      // Bytes received but not yet read by the handler: the server is the slow one (busy, or
      // its backpressure paused the socket), not the client.
      if (req.readableLength > 0) continue;
      if ((entry.received * 1000) / elapsed >= rules.minBytesPerSecond) continue;
      watched.delete(entry);
      onRefused?.(req);
      if (!res.headersSent) {
        const { body, type } = refusal(req);
        res.writeHead(408, { 'content-type': type, connection: 'close', 'content-length': Buffer.byteLength(body) });
        res.end(body, () => req.socket.destroy());
      } else req.socket.destroy();
    }
  }, rules.sweepMs ?? 1_000);
  sweep.unref();
  const stop = () => clearInterval(sweep);
  server.once('close', stop);
  return stop;
}
