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

/**
 * One field a write changed, recorded beside its operation-log row (the audit trail). Values are
 * text (dates as yyyy-MM-dd); an archive's field names its archive and module so that a reader
 * sees the values only with the right to read that field there (docs/security.md).
 */
export type FieldChange = {
  entity: string;
  entityId?: number | string | null;
  archiveId?: number | null;
  module?: string | null;
  field: string;
  labelKey?: string | null;
  mask?: string | null;
  before: string | null;
  after: string | null;
};

const pendingChanges = new WeakMap<object, FieldChange[]>();

/** Records changed fields of the write running on `tx` (written with its operation-log row). */
export function recordChanges(tx: Tx, changes: FieldChange[]): void {
  const list = pendingChanges.get(tx as object);
  if (list) list.push(...changes);
}

/** A stored value as the audit trail keeps it: text, dates as yyyy-MM-dd (instants in ISO), null for empty. */
export function auditText(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (v instanceof Date) return v.getUTCHours() === 0 && v.getUTCMinutes() === 0 && v.getUTCSeconds() === 0 && v.getUTCMilliseconds() === 0 ? v.toISOString().slice(0, 10) : v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * The fields whose value differs between `before` (null: the row is new) and `after` (null: the
 * row is gone), each as a FieldChange built by `describe` (label, mask, archive).
 */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields: readonly string[],
  describe: (field: string) => Omit<FieldChange, 'field' | 'before' | 'after'>,
): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of fields) {
    if (after && !(field in after) && before) continue;
    const b = before ? auditText(before[field]) : null;
    const a = after ? auditText(after[field]) : null;
    if (b !== a) out.push({ ...describe(field), field, before: b, after: a });
  }
  return out;
}

export type WriteOutcome<T> = { result: T; targetIds?: Array<number | string>; userId?: number | null; account?: string | null };

/**
 * Runs a write in one transaction and records it in the operation log in the same
 * transaction. A refused or failed write is rolled back whole, then recorded as a failure.
 */
export async function runWrite<T>(ctx: ServiceContext, spec: WriteSpec, fn: (tx: Tx) => Promise<WriteOutcome<T>>): Promise<T> {
  try {
    const result = await ctx.db.$transaction(
      async (tx) => {
        const changes: FieldChange[] = [];
        pendingChanges.set(tx as object, changes);
        const outcome = await fn(tx);
        pendingChanges.delete(tx as object);
        const log = await tx.operationLog.create({
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
          select: { id: true },
        });
        if (changes.length) {
          await tx.operationChange.createMany({
            data: changes.map((c) => ({
              operationLogId: log.id,
              entity: c.entity,
              entityId: c.entityId == null ? null : String(c.entityId),
              archiveId: c.archiveId ?? null,
              module: c.module ?? null,
              field: c.field,
              labelKey: c.labelKey ?? null,
              mask: c.mask ?? null,
              before: c.before,
              after: c.after,
            })),
          });
        }
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
