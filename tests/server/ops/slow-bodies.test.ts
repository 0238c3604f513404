/**
 * The slow-body guard (issue 15, abuse corpus): a body that trickles in is refused with 408 in
 * the door's envelope once the grace has passed, and the connection is closed; a normal body, or
 * one the handler has simply not read yet, is never refused. Short rules here (300 ms of grace),
 * the product's in server/lib/slow-bodies.ts; the wiring into `npm start` is checked in
 * workers.test.ts.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardSlowBodies } from '../../../server/lib/slow-bodies.ts';

let server: http.Server;
let port = 0;
const refused: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    // /late: the handler reads the body only after a second (a busy server, not a slow client).
    const read = () => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end(`got ${Buffer.concat(chunks).length}`));
    };
    if (req.url === '/late') setTimeout(read, 1_000);
    else read();
  });
  guardSlowBodies(server, { graceMs: 300, minBytesPerSecond: 1_024, sweepMs: 50 }, (req) => refused.push(req.url ?? ''));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Sends the head, then the body one byte every `everyMs` (or all at once with 0); answers what came back and whether the socket was closed. */
function send(path: string, size: number, everyMs: number, headers: Record<string, string> = {}): Promise<{ answer: string; closed: boolean; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closed: true, ms: Date.now() - started });
    });
    const head = [`POST ${path} HTTP/1.1`, 'Host: x', 'Content-Type: application/json', `Content-Length: ${size}`, 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
    socket.write(head);
    if (everyMs === 0) socket.write('x'.repeat(size));
    else {
      let sent = 0;
      timer = setInterval(() => {
        if (sent >= size) return clearInterval(timer);
        socket.write('x');
        sent += 1;
      }, everyMs);
    }
    setTimeout(() => reject(new Error(`no answer after 10 s: ${answer}`)), 10_000).unref();
  });
}

describe('a slow request body', () => {
  it('is refused with 408 and the legacy envelope on /api after the grace, and the connection is closed', async () => {
    const { answer, closed, ms } = await send('/api/admin/user/del.htm', 1_000, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('{"status":"error","message":"请求内容发送过慢，连接已关闭","data":null}');
    expect(closed).toBe(true);
    expect(ms).toBeLessThan(5_000);
    expect(refused).toContain('/api/admin/user/del.htm');
  });

  it('is refused with a GraphQL error elsewhere, in English for an English caller', async () => {
    const { answer } = await send('/graphql', 1_000, 100, { Cookie: 'lang=en' });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
    expect(answer).toContain('The request body arrived too slowly');
  });
});

describe('a body that is not slow', () => {
  it('sent at once is answered by the handler', async () => {
    const { answer } = await send('/graphql', 200_000, 0);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('got 200000');
  });

  it('sent at once but read late by a busy handler is not blamed on the client', async () => {
    const { answer } = await send('/late', 500_000, 0);
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('got 500000');
  });

  it('is not refused while received bytes wait for the handler to read them', async () => {
    // 200 of 1 000 bytes at once, the rest 700 ms later: at 300 ms the average is under 1 KB/s,
    // but the 200 bytes sit unread (the handler reads at 1 s), so the wait is the server's.
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.write(['POST /late HTTP/1.1', 'Host: x', 'Content-Length: 1000', 'Connection: close', '', ''].join('\r\n') + 'y'.repeat(200));
      setTimeout(() => socket.write('y'.repeat(800)), 700);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('got 1000');
  });
});
