import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { authorize, requireActor, type Permission } from '../../policy.ts';
import { archiveScope, visibleArchivesWhere } from '../archives/archives.policy.ts';
import { staffHolding, anyone } from '../../auth/rights.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Who sees and changes which student's selection lists and applications. Rows follow the
 * archives area's one visibility function (visibleArchivesWhere: administrators all,
 * managers their departments' students, consultants their own students, sales what they
 * sold, lecturers whom they teach); nothing is decided twice. On top of it:
 * - writing needs an operation permission (selection.write, application.write, ...), which
 *   the demo grants to consultants and managers, not to sales or lecturers;
 * - families (parents, students) read their own archive's applications and published lists.
 * A row the caller may not see answers exactly like one that does not exist.
 */
const STAFF = 1;
const PARENT = 2;
const STUDENT = 3;

/** Archives whose lists and applications the caller may read. */
export async function readableArchivesWhere(ctx: ServiceContext): Promise<Prisma.ArchiveWhereInput> {
  const actor = requireActor(ctx);
  if (actor.type === STAFF) return visibleArchivesWhere(await archiveScope(ctx));
  if (actor.type === PARENT) return { deletedAt: null, OR: [{ parentId: actor.id }, { student: { parentId: actor.id } }] };
  if (actor.type === STUDENT) return { deletedAt: null, studentId: actor.id };
  return { id: -1 };
}

export const isFamily = (ctx: ServiceContext) => !!ctx.actor && ctx.actor.type !== STAFF;

/** Archives the caller may change (staff only; the permission is checked first). */
export async function writableArchivesWhere(ctx: ServiceContext, permission: Permission): Promise<Prisma.ArchiveWhereInput> {
  authorize(ctx, permission);
  return visibleArchivesWhere(await archiveScope(ctx));
}

export type ArchiveForWrite = { id: number; studentId: number; name: string; applyingStatus: number; status: number };

/** Locks the archive row (serialises writes for one student) and answers it, or NOT_FOUND when not writable. */
export async function archiveForWrite(ctx: ServiceContext, tx: Tx, archiveId: number, permission: Permission): Promise<ArchiveForWrite> {
  const where = await writableArchivesWhere(ctx, permission);
  await tx.$queryRaw`SELECT id FROM archives WHERE id = ${archiveId} FOR UPDATE`;
  const archive = await tx.archive.findFirst({ where: { id: archiveId, AND: [where] }, select: { id: true, studentId: true, name: true, applyingStatus: true, status: true } });
  if (!archive) throw new NotFoundError();
  return archive;
}

// ── per-request caches for node-level checks (lists prime them) ──

const archiveCache = new WeakMap<ServiceContext, Map<number, Promise<boolean>>>();

/** Whether the caller may read the archive's lists and applications (cached per request). */
export function archiveReadableCached(ctx: ServiceContext, archiveId: number): Promise<boolean> {
  if (!ctx.actor) return Promise.resolve(false);
  let cache = archiveCache.get(ctx);
  if (!cache) {
    cache = new Map();
    archiveCache.set(ctx, cache);
  }
  let hit = cache.get(archiveId);
  if (!hit) {
    hit = readableArchivesWhere(ctx).then(async (where) => !!(await ctx.db.archive.findFirst({ where: { id: archiveId, AND: [where] }, select: { id: true } })));
    cache.set(archiveId, hit);
  }
  return hit;
}

const knownReadable = new WeakMap<ServiceContext, Set<number>>();

/** Archives a list just read through the visibility filter are known readable. */
export function primeReadable(ctx: ServiceContext, archiveIds: Iterable<number>): void {
  let cache = archiveCache.get(ctx);
  if (!cache) {
    cache = new Map();
    archiveCache.set(ctx, cache);
  }
  let known = knownReadable.get(ctx);
  if (!known) {
    known = new Set();
    knownReadable.set(ctx, known);
  }
  for (const id of archiveIds) {
    known.add(id);
    if (!cache.has(id)) cache.set(id, Promise.resolve(true));
  }
}

/**
 * The node-level check of rows under an archive: answered at once (no promise) when a list
 * already proved the archive readable, so thousands of rows cost no extra awaits.
 */
export function archiveReadable(ctx: ServiceContext, archiveId: number): boolean | Promise<boolean> {
  return knownReadable.get(ctx)?.has(archiveId) ? true : archiveReadableCached(ctx, archiveId);
}

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
    hit = ctx.db.application
      .findUnique({ where: { id: applicationId }, select: { archiveId: true } })
      .then((a) => (a ? archiveReadableCached(ctx, a.archiveId) : false));
    cache.set(applicationId, hit);
  }
  return hit;
}

export function primeApplications(ctx: ServiceContext, rows: Array<{ id: number; archiveId: number }>): void {
  primeReadable(ctx, rows.map((r) => r.archiveId));
  let cache = applicationCache.get(ctx);
  if (!cache) {
    cache = new Map();
    applicationCache.set(ctx, cache);
  }
  for (const r of rows) if (!cache.has(r.id)) cache.set(r.id, Promise.resolve(true));
}

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
