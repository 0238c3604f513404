/**
 * Starts the real server (`server/main.ts`) on a fresh embedded PostgreSQL in a temporary
 * directory, in production mode (browsers may send persisted operations only), serving a copy
 * of client/dist that the update-notice test may change.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PINNED_SEED_TODAY } from '../../prisma/seed/dates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    distDir: string;
  }
}

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

export default async function setup(project: TestProject) {
  const builtIndex = path.join(root, 'client/dist/index.html');
  if (!existsSync(builtIndex)) throw new Error('client/dist is missing: run `npm run e2e` (it builds the client first)');
  if (!existsSync('/usr/bin/chromium')) throw new Error('Chromium is missing: apt-get install -y chromium');

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
  await waitUntilHealthy(baseUrl, server, () => output.slice(-4000));

  project.provide('baseUrl', baseUrl);
  project.provide('distDir', distDir);

  return async () => {
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
}
