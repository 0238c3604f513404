import type { Config } from '../config.ts';
import { startEmbeddedPostgres } from './embedded.ts';
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
