/**
 * The product's one job queue: graphile-worker on the application's own PostgreSQL (the
 * embedded one or DATABASE_URL), in its own schema `graphile_worker` (docs/jobs.md,
 * docs/decisions.md). A job is added by SQL inside the transaction of the write that asks for
 * it (`addJob`), so it exists exactly when that write commits. Every server process runs a
 * runner (`startJobQueue`); with WORKERS=N they share the queue and each job runs once
 * (graphile-worker takes a job with `FOR UPDATE SKIP LOCKED`).
 */
import pg from 'pg';
import type { Logger as GraphileLogger, Runner, Task } from 'graphile-worker';
import type { AppDeps } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { logger } from '../logger.ts';

/** Jobs one process runs at once: exports are CPU-bound, and a process has one event loop. */
export const JOB_CONCURRENCY = 1;
/** Connections of a process's runner: its LISTEN connection, the job it runs, the lock and completion queries. */
export const JOB_POOL_SIZE = 3;
/** How often a runner looks for due jobs besides the notification a new job sends. */
const POLL_MS = 2_000;

type JobTask = (payload: unknown, deps: AppDeps) => Promise<void>;
const tasks = new Map<string, JobTask>();

/** Registers what a job of this name does (modules and the core register at import); it runs with the process's database and configuration. */
export function defineJob(name: string, task: JobTask): void {
  tasks.set(name, task);
}

/** Adds a job in the caller's transaction: it runs once the transaction commits, never if it rolls back. */
export async function addJob(tx: Tx, name: string, payload: Record<string, unknown>, options: { maxAttempts?: number } = {}): Promise<void> {
  if (!tasks.has(name)) throw new Error(`unknown job ${name}`);
  await tx.$executeRaw`SELECT graphile_worker.add_job(${name}, ${JSON.stringify(payload)}::json, max_attempts => ${options.maxAttempts ?? 1}::int)`;
}

async function graphileLogger(): Promise<GraphileLogger> {
  const { Logger } = await import('graphile-worker');
  return new Logger(() => (level, message, meta) => {
    const fields = { jobQueue: true, ...(meta as Record<string, unknown> | undefined) };
    if (level === 'error') logger.error(message, fields);
    else if (level === 'warning') logger.warn(message, fields);
    else logger.debug(message, fields);
  });
}

/**
 * Creates or updates the queue's schema (graphile-worker's own migrations, in `graphile_worker`,
 * which Prisma's migrations and its `--check` never read). Called after the Prisma migrations.
 */
export async function migrateJobQueue(url: string): Promise<void> {
  const { runMigrations } = await import('graphile-worker');
  await runMigrations({ connectionString: url, logger: await graphileLogger() });
}

export type JobQueue = {
  /** Stops taking jobs, lets a running job finish (graphile-worker's graceful shutdown), closes its connections. */
  stop: () => Promise<void>;
};

/** Starts this process's runner on its own small pool (never the request pool: a long job must not starve requests). */
export async function startJobQueue(url: string, deps: AppDeps, options: { concurrency?: number; pollInterval?: number } = {}): Promise<JobQueue> {
  const { run } = await import('graphile-worker');
  const pool = new pg.Pool({ connectionString: url, max: JOB_POOL_SIZE });
  pool.on('error', (err) => logger.warn('job queue connection lost', { error: err.message }));
  let runner: Runner;
  try {
    runner = await run({
      pgPool: pool,
      taskList: Object.fromEntries([...tasks].map(([name, task]): [string, Task] => [name, (payload) => task(payload, deps)])),
      concurrency: options.concurrency ?? JOB_CONCURRENCY,
      pollInterval: options.pollInterval ?? POLL_MS,
      noHandleSignals: true,
      logger: await graphileLogger(),
    });
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
  runner.promise.catch((err: unknown) => logger.error('job queue stopped', { error: err instanceof Error ? err.message : String(err) }));
  let stopped: Promise<void> | null = null;
  return {
    stop: () => {
      stopped ??= runner
        .stop()
        .catch(() => {})
        .then(() => pool.end().catch(() => {}));
      return stopped;
    },
  };
}
