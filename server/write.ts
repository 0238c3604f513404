import type { Actor, ServiceContext } from './context.ts';
import type { Tx } from './db/client.ts';
import { DomainError, AuthenticationError } from './errors.ts';
import { logger } from './logger.ts';
import { databaseHealth } from './db/health.ts';
import { countError, currentRequest } from './observe.ts';
import { afterLocalWrite, sessionsChangedBy } from './session/session-cache.ts';
import { authorize, type Permission } from './policy.ts';

export type WriteSpec = {
  /** Operation name recorded in the operation log, e.g. "auth.changePassword". */
  operation: string;
  targetType?: string;
  /** Who to record when the write happens before authentication (login). */
  account?: string | null;
  userId?: number | null;
};

export type WriteOutcome<T> = { result: T; targetIds?: Array<number | string>; userId?: number | null; account?: string | null };

/**
 * Runs a write in one transaction and records it in the operation log in the same
 * transaction. A refused or failed write is rolled back whole, then recorded as a failure.
 */
export async function runWrite<T>(ctx: ServiceContext, spec: WriteSpec, fn: (tx: Tx) => Promise<WriteOutcome<T>>): Promise<T> {
  try {
    const result = await ctx.db.$transaction(
      async (tx) => {
        const outcome = await fn(tx);
        await tx.operationLog.create({
          data: {
            userId: outcome.userId !== undefined ? outcome.userId : (ctx.actor?.id ?? spec.userId ?? null),
            account: outcome.account !== undefined ? outcome.account : (ctx.actor?.account ?? spec.account ?? null),
            operation: spec.operation,
            targetType: spec.targetType ?? null,
            targetIds: (outcome.targetIds ?? []).map(String),
            outcome: 'SUCCESS',
            door: ctx.door,
            address: ctx.address,
            requestId: currentRequest()?.id ?? null,
          },
        });
        return { value: outcome.result, sessions: await sessionsChangedBy(tx) };
      },
      { maxWait: 10_000, timeout: 30_000 },
    );
    // This process sees its own write at once (others when its notification arrives).
    afterLocalWrite(ctx.db, result.sessions);
    return result.value;
  } catch (err) {
    await recordFailedWrite(ctx, spec, err);
    throw err;
  }
}

/**
 * Records a refused or failed write in the operation log (outside any transaction). For a
 * write refused before its transaction starts (a throttled login) as for one rolled back.
 */
export async function recordFailedWrite(ctx: ServiceContext, spec: WriteSpec, err: unknown): Promise<void> {
  const code = err instanceof DomainError ? err.code : err instanceof AuthenticationError ? err.reason : 'INTERNAL';
  countError(code);
  await ctx.db.operationLog
    .create({
      data: {
        userId: ctx.actor?.id ?? spec.userId ?? null,
        account: ctx.actor?.account ?? spec.account ?? null,
        operation: spec.operation,
        targetType: spec.targetType ?? null,
        outcome: 'FAILURE',
        errorCode: code,
        door: ctx.door,
        address: ctx.address,
        requestId: currentRequest()?.id ?? null,
      },
    })
    .catch((logErr: unknown) => {
      // While the database is down the outage is logged once (db/health.ts), not every write.
      if (!databaseHealth.report(logErr)) logger.error('operation log write failed', { error: String(logErr) });
    });
}

/**
 * The rights check of a write taken before a legacy handler reads its input (the legacy door
 * translates its parameters before calling the service, and a caller without the right must be
 * refused FORBIDDEN, not told what their input lacks). A refusal is recorded as the write's
 * failure, as `runWrite` would record it; the service checks the same permission again.
 */
export async function authorizeWrite(ctx: ServiceContext, spec: WriteSpec, permission: Permission): Promise<Actor> {
  try {
    return authorize(ctx, permission);
  } catch (err) {
    await recordFailedWrite(ctx, spec, err);
    throw err;
  }
}
