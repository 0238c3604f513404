import { AsyncLocalStorage } from 'node:async_hooks';
import cluster from 'node:cluster';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What an operator watches (docs/operations.md#watching): one record per HTTP request (its id,
 * door, operation, user, status, duration) kept in async-local storage so that the operation
 * log and the server log name the same request, and the Prometheus metrics of this process.
 */

export type Door = 'graphql' | 'rest' | 'ics' | 'client' | 'health' | 'metrics';

export type RequestRecord = {
  id: string;
  door: Door;
  /** GraphQL: `query:<first root field>` / `mutation:<...>`; legacy: the path; else the door. */
  operation: string;
  userId: number | null;
};

const requests = new AsyncLocalStorage<RequestRecord>();

/** The request being served (null outside a request: startup, timers, scripts). */
export function currentRequest(): RequestRecord | null {
  return requests.getStore() ?? null;
}

let inFlight = 0;
let drainedWaiters: Array<() => void> = [];

/** Runs a request's handling with its record; counts it in flight until it is answered. */
export async function runInRequest<T>(record: RequestRecord, fn: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await requests.run(record, fn);
  } finally {
    inFlight -= 1;
    if (inFlight === 0) {
      for (const wake of drainedWaiters) wake();
      drainedWaiters = [];
    }
  }
}

/** Resolves when no request is being handled (a client that went away does not end its request's work), or after `ms`. */
export function drained(ms: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    drainedWaiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is a plain token (a balancer's), else a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && REQUEST_ID.test(header) ? header : randomUUID();
}

// ── metrics ──

export const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
// With WORKERS, the primary's metrics listener asks each worker for this registry (a worker
// answers once an AggregatorRegistry exists in it: prom-client adds its listener then).
AggregatorRegistry.setRegistries([registry]);
if (cluster.isWorker) new AggregatorRegistry();

const requestsTotal = new Counter({
  name: 'bo_http_requests_total',
  help: 'HTTP requests answered, by door, operation (GraphQL root field or legacy path) and status code.',
  labelNames: ['door', 'operation', 'status'] as const,
  registers: [registry],
});

const requestSeconds = new Histogram({
  name: 'bo_http_request_duration_seconds',
  help: 'HTTP request latency, by door and operation.',
  labelNames: ['door', 'operation'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const errorsTotal = new Counter({
  name: 'bo_errors_total',
  help: 'Refused or failed writes by error code (both doors), and unexpected errors (INTERNAL) and outages (UNAVAILABLE).',
  labelNames: ['door', 'code'] as const,
  registers: [registry],
});

const statementSeconds = new Histogram({
  name: 'bo_db_statement_duration_seconds',
  help: 'SQL statement time as Prisma measured it.',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [registry],
});

const pools = new Set<{ label: string; pool: pg.Pool }>();
new Gauge({
  name: 'bo_db_pool_connections',
  help: 'Database pool connections of this process: total open, idle, and requests waiting for one.',
  labelNames: ['pool', 'state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const { label, pool } of pools) {
      this.set({ pool: label, state: 'total' }, pool.totalCount);
      this.set({ pool: label, state: 'idle' }, pool.idleCount);
      this.set({ pool: label, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** Reports a pool's connections in /metrics until it ends. */
export function watchPool(pool: pg.Pool, label = 'app'): void {
  const entry = { label, pool };
  pools.add(entry);
  const end = pool.end.bind(pool);
  pool.end = ((...args: Parameters<typeof end>) => {
    pools.delete(entry);
    return end(...args);
  }) as typeof pool.end;
}

export function observeStatement(durationMs: number): void {
  statementSeconds.observe(durationMs / 1000);
}

export function countError(code: string, door: string = currentRequest()?.door ?? 'none'): void {
  errorsTotal.inc({ door, code: code.slice(0, 40) });
}

export function observeRequest(record: RequestRecord, status: number, seconds: number): void {
  requestsTotal.inc({ door: record.door, operation: record.operation, status: String(status) });
  requestSeconds.observe({ door: record.door, operation: record.operation }, seconds);
}

/** Whether a request carries the metrics token (`Authorization: Bearer <METRICS_TOKEN>`), compared in constant time. */
export function metricsAllowed(authorization: string | null | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
