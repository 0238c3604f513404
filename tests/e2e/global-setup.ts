/**
 * Starts the real server (`server/main.ts`) once per worker of the browser suite (E2E_WORKERS,
 * default 2), each on a fresh embedded PostgreSQL in a temporary directory of its own, in
 * production mode (browsers may send persisted operations only), serving its own copy of
 * client/dist that the update-notice test may change. A test file uses the server of the
 * worker it runs in (`baseUrl()` in browser.ts), so two files running at once never share data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PINNED_SEED_TODAY } from '../../prisma/seed/dates.ts';

/** One server of the suite: where it answers and the client files it serves. */
export type E2eServer = { baseUrl: string; distDir: string };

declare module 'vitest' {
  export interface ProvidedContext {
    e2eServers: E2eServer[];
  }
}

/** How many files run at once, each worker with its own server (the same number as vitest.config.ts). */
const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilHealthy(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not become healthy:\n${log()}`);
}

type Running = E2eServer & { stop: () => Promise<void> };

async function startServer(): Promise<Running> {
  const work = mkdtempSync(path.join(tmpdir(), 'bo-e2e-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter the directory.
  chmodSync(work, 0o755);
  const distDir = path.join(work, 'dist');
  cpSync(path.join(root, 'client/dist'), distDir, { recursive: true });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      CLIENT_DIST: distDir,
      // Short-lived tokens let a test watch the request layer refresh one.
      TOKEN_TTL_SECONDS: '45',
      // The demo as on 2026-09-01, the day the browser tests were written against (prisma/seed/dates.ts).
      SEED_TODAY: process.env.SEED_TODAY || PINNED_SEED_TODAY,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.kill('SIGKILL');
          resolve();
        }, 15_000);
        server.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(baseUrl, server, () => output.slice(-4000));
  } catch (e) {
    await stop();
    throw e;
  }
  return { baseUrl, distDir, stop };
}

export default async function setup(project: TestProject) {
  const builtIndex = path.join(root, 'client/dist/index.html');
  if (!existsSync(builtIndex)) throw new Error('client/dist is missing: run `npm run e2e` (it builds the client first)');
  if (!existsSync('/usr/bin/chromium')) throw new Error('Chromium is missing: apt-get install -y chromium');

  const since = Date.now();
  const started = await Promise.allSettled(Array.from({ length: E2E_WORKERS }, () => startServer()));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    throw failed.reason;
  }
  // The servers' start (a fresh embedded PostgreSQL each, migrations, the seed) is part of the suite's time.
  console.log(`browser suite: ${servers.length} servers ready in ${((Date.now() - since) / 1000).toFixed(1)} s`);
  project.provide(
    'e2eServers',
    servers.map(({ baseUrl, distDir }) => ({ baseUrl, distDir })),
  );

  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
