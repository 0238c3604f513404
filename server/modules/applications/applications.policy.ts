import type { ServiceContext } from '../../context.ts';
import { staffHolding, anyone } from '../../session/rights.ts';
import type { PermissionRules } from '../../policy.ts';
import { archiveReadableCached, primeReadable } from '../archives/index.ts';

/**
 * Who sees and changes which applications: the rows of the archives module's rule for records
 * kept under an archive (readableArchivesWhere, archiveForWrite), plus the operation
 * permissions below. The caches answer node-level checks once per request.
 */

const applicationCache = new WeakMap<ServiceContext, Map<number, Promise<boolean>>>();

/** Whether the caller may read the application (cached per request). */
export function applicationReadableCached(ctx: ServiceContext, applicationId: number): Promise<boolean> {
  let cache = applicationCache.get(ctx);
  if (!cache) {
    cache = new Map();
    applicationCache.set(ctx, cache);
  }
  let hit = cache.get(applicationId);
  if (!hit) {
    hit = ctx.db.application.findUnique({ where: { id: applicationId }, select: { archiveId: true } }).then((a) => (a ? archiveReadableCached(ctx, a.archiveId) : false));
    cache.set(applicationId, hit);
  }
  return hit;
}

export function primeApplications(ctx: ServiceContext, rows: Array<{ id: number; archiveId: number }>): void {
  primeReadable(
    ctx,
    rows.map((r) => r.archiveId),
  );
  let cache = applicationCache.get(ctx);
  if (!cache) {
    cache = new Map();
    applicationCache.set(ctx, cache);
  }
  for (const r of rows) if (!cache.has(r.id)) cache.set(r.id, Promise.resolve(true));
}

/**
 * Permissions of the applications module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const applicationsPermissions = {
  /** Read applications and their progress (staff: students they see; families: their own). */
  'application.read': anyone,
  /** Create applications and change their progress, documents and tracks. */
  'application.write': staffHolding('application.write'),
  /** Lock and unlock applications (a locked application refuses every change). */
  'application.lock': staffHolding('application.lock'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof applicationsPermissions, true> {}
}
