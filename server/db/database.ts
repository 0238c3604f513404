import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { alive, startEmbeddedPostgres } from './embedded.ts';
import { databaseHealth } from './health.ts';
import { ensureDatabase } from './migrate.ts';

export type DatabaseHandle = {
  url: string;
  embedded: boolean;
  stop: () => Promise<void>;
};

export const EMBEDDED_DATABASE_NAME = 'backoffice';

/**
 * Uses DATABASE_URL when given, otherwise starts the embedded PostgreSQL under DATA_DIR,
 * supervised: when its process dies the server reports not-ready until it runs again.
 */
export async function openDatabase(config: Config, log: (line: string) => void = () => {}): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    await ensureDatabase(config.databaseUrl);
    return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    log,
    onDown: (reason) => databaseHealth.down(reason),
    onUp: () => databaseHealth.up(),
  });
  const url = server.url(EMBEDDED_DATABASE_NAME);
  try {
    await ensureDatabase(url);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { url, embedded: true, stop: server.stop };
}

/**
 * For commands run beside a server (backup, restore, file migration): DATABASE_URL when set;
 * else the embedded PostgreSQL a running server of DATA_DIR started (its port from
 * postmaster.pid, its password from postgres.secret); else the embedded one started here.
 */
export async function attachDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase(config);
  const pidFile = path.join(config.dataDir, 'postgres', 'postmaster.pid');
  const secretFile = path.join(config.dataDir, 'postgres.secret');
  if (existsSync(pidFile) && existsSync(secretFile)) {
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (Number.isInteger(pid) && pid > 0 && alive(pid) && Number.isInteger(port) && port > 0) {
      const password = readFileSync(secretFile, 'utf8').trim();
      const url = `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DATABASE_NAME}`;
      return { url, embedded: true, stop: async () => {} };
    }
  }
  return openDatabase(config);
}
