import type { ServiceContext } from '../../context.ts';
import { staffHolding, anyone } from '../../session/rights.ts';
import { isStaff } from '../../lib/codes.ts';
import type { PermissionRules } from '../../policy.ts';
import { archiveReadableCached, isFamily } from '../archives/index.ts';

/**
 * Selection lists follow the archives module's rule for records kept under an archive
 * (readableArchivesWhere, archiveForWrite); families see only published lists.
 */

const listCache = new WeakMap<ServiceContext, Map<number, Promise<boolean>>>();

/** Whether the caller may read the selection list: its archive is readable, and families see only published lists. */
export function selectionListReadableCached(ctx: ServiceContext, listId: number): Promise<boolean> {
  let cache = listCache.get(ctx);
  if (!cache) {
    cache = new Map();
    listCache.set(ctx, cache);
  }
  let hit = cache.get(listId);
  if (!hit) {
    hit = ctx.db.selectionList
      .findUnique({ where: { id: listId }, select: { archiveId: true, publishedAt: true } })
      .then(async (l) => !!l && (!isFamily(ctx) || !!l.publishedAt) && (await archiveReadableCached(ctx, l.archiveId)));
    cache.set(listId, hit);
  }
  return hit;
}

/**
 * Permissions of the schools module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const schoolsPermissions = {
  /** Read the school database (list, detail, export). */
  'school.read': isStaff,
  /** Create, edit and delete schools, upload badges. */
  'school.manage': staffHolding('school.manage'),
  /** Import schools and sports data from .xlsx. */
  'school.import': staffHolding('school.import'),
  /** Read selection lists (staff: students they see; families: their own published lists). */
  'selection.read': anyone,
  /** Build selection lists for students the caller sees. */
  'selection.write': staffHolding('selection.write'),
  /** Publish a selection list to the family (irreversible). */
  'selection.publish': staffHolding('selection.publish'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof schoolsPermissions, true> {}
}
