/**
 * A small round-robin HTTP balancer for tests and the load script: what an operator puts in
 * front of several server processes (docs/operations.md#several-processes). A backend that
 * refuses the connection is skipped for this request and the next one is tried (a balancer's
 * passive health check); a backend that dies with a request in flight answers 502 for it.
 * It appends the caller's address to X-Forwarded-For, as a real proxy does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Balancer = {
  url: string;
  /** Requests each backend port answered. */
  served: Map<number, number>;
  /** Requests in flight on each backend port now. */
  inFlight: Map<number, number>;
  /** Requests answered 502 because their backend failed mid-way, by backend port. */
  failed: Map<number, number>;
  close: () => Promise<void>;
};

export async function startBalancer(ports: number[]): Promise<Balancer> {
  const served = new Map(ports.map((p) => [p, 0]));
  const inFlight = new Map(ports.map((p) => [p, 0]));
  let next = 0;
  const failed = new Map<number, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
      const attempt = (tries: number) => {
        const port = ports[next++ % ports.length] as number;
        inFlight.set(port, (inFlight.get(port) ?? 0) + 1);
        let settled = false;
        const done = () => {
          if (settled) return;
          settled = true;
          inFlight.set(port, (inFlight.get(port) ?? 1) - 1);
        };
        const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, agent, headers: { ...req.headers, 'x-forwarded-for': forwarded, 'content-length': String(body.length) } }, (answer) => {
          served.set(port, (served.get(port) ?? 0) + 1);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', done);
          answer.on('error', () => {
            done();
            res.destroy();
          });
        });
        upstream.on('error', (err: NodeJS.ErrnoException) => {
          done();
          // Nothing was sent to a backend that refused the connection: try the next one.
          if (err.code === 'ECONNREFUSED' && tries < ports.length) return attempt(tries + 1);
          if (!res.headersSent) {
            failed.set(port, (failed.get(port) ?? 0) + 1);
            res.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
          } else res.destroy();
        });
        upstream.end(body);
      };
      attempt(1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    inFlight,
    failed,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
