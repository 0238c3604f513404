import type { Actor, ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { NotFoundError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { authorize, requireActor, type Permission } from '../../policy.ts';
import { archiveModulePermissions, type ModulePermission } from '../archive-modules/index.ts';
import { holdsPersonalDataRight } from '../users/index.ts';
import { staffHolding } from '../../session/rights.ts';
import { DEPARTMENT_DEPTH, managedStaffOf } from '../../session/session.ts';
import { isStaff, USER_TYPES } from '../../lib/codes.ts';
import type { PermissionRules } from '../../policy.ts';

/**
 * Who sees which archive, and what they may do with its sections. One place, used by lists,
 * `node(id:)`, every service function and so by both doors.
 *
 * Rows (visibleArchivesWhere):
 * - administrators: every archive;
 * - managers: archives whose consultant, acting consultant or salesperson belongs to a
 *   department they belong to or head, or one below it, and archives nobody consults yet;
 * - consultants: archives they consult or act for;
 * - sales: archives they sold;
 * - lecturers: archives of the students they teach;
 * - anyone else (partners, parents, students): none. Parents and students never hold
 *   `archive.read`, so they are refused before any row is read.
 * Deleted archives are invisible to everyone.
 *
 * Sections: the per-role, per-state module permissions of the org area
 * (`archiveModulePermissions`; an archive in status 4 "archived" is filed).
 * Sensitive fields: unmasked only with the right `archive.sensitive`.
 */
export const ARCHIVE_STATUS = { UNPUBLISHED: 1, PUBLISHED: 2, SUSPENDED: 3, ARCHIVED: 4 } as const;
export const APPLYING_STATUS = { IN_PROGRESS: 1, SUSPENDED: 2, STOPPED: 3 } as const;

export type ArchiveScope = { actor: Actor };

/** The caller's scope (kept as a function so callers need not change when it grows). */
export async function archiveScope(ctx: ServiceContext): Promise<ArchiveScope> {
  return { actor: requireActor(ctx) };
}

/** More staff than this under one manager: the relation filter below (bind parameters stay few). */
const MAX_STAFF_IDS = 5000;

/**
 * A department the manager belongs to or heads, or one below it, as a relation filter: the
 * same rule as the ids of `managedStaffOf`, for an actor made without a session (none of the
 * doors' requests) or a manager of more than MAX_STAFF_IDS people.
 */
function managedDepartment(actorId: number, depth = DEPARTMENT_DEPTH): Prisma.DepartmentWhereInput {
  const own: Prisma.DepartmentWhereInput[] = [{ managerId: actorId }, { members: { some: { id: actorId } } }];
  return { OR: depth > 0 ? [...own, { parent: managedDepartment(actorId, depth - 1) }] : own };
}

/**
 * Rows of `archives` the caller may see, as one filter (no prior query), so lists and
 * node(id:) use exactly the same rule.
 */
export function visibleArchivesWhere(scope: ArchiveScope): Prisma.ArchiveWhereInput {
  const { actor } = scope;
  const live: Prisma.ArchiveWhereInput = { deletedAt: null };
  if (actor.isAdmin) return live;
  if (!isStaff(actor)) return { id: -1 };
  const or: Prisma.ArchiveWhereInput[] = [];
  if (actor.roleCodes.includes('manager')) {
    const staff = managedStaffOf(actor);
    if (staff && staff.length <= MAX_STAFF_IDS) {
      // Ids read with the session: three conditions on indexed columns (Prisma writes
      // `IN ($1, …)`, which PostgreSQL plans as `= ANY(ARRAY[…])`) instead of the department
      // tree unrolled into joins (docs/performance.md, "Visibility").
      if (staff.length) or.push({ consultantId: { in: [...staff] } }, { actingConsultantId: { in: [...staff] } }, { salesId: { in: [...staff] } });
    } else {
      const department = { department: managedDepartment(actor.id) };
      or.push({ consultant: department }, { actingConsultant: department }, { sales: department });
    }
    // Managers also see archives nobody consults yet, so that they can assign them.
    or.push({ consultantId: null, actingConsultantId: null });
  }
  if (actor.roleCodes.includes('manager') || actor.roleCodes.includes('consultant')) {
    or.push({ consultantId: actor.id }, { actingConsultantId: actor.id });
  }
  if (actor.roleCodes.includes('sales')) or.push({ salesId: actor.id });
  if (actor.roleCodes.includes('lecturer')) or.push({ student: { lecturerId: actor.id } });
  if (!or.length) return { id: -1 };
  return { ...live, OR: or };
}

/** Whether the caller may see sensitive fields in clear: the one personal-data rule of users.policy.ts, which the User node follows too. */
export const canSeeSensitive = (ctx: ServiceContext): boolean => holdsPersonalDataRight(ctx.actor);

const modulePerms = new WeakMap<ServiceContext, Map<boolean, Promise<Map<string, ModulePermission>>>>();

/** The caller's module permissions for filed or unfiled archives, computed once per request. */
export function modulePermissions(ctx: ServiceContext, filed: boolean): Promise<Map<string, ModulePermission>> {
  let byState = modulePerms.get(ctx);
  if (!byState) {
    byState = new Map();
    modulePerms.set(ctx, byState);
  }
  let perms = byState.get(filed);
  if (!perms) {
    perms = archiveModulePermissions(ctx, filed);
    byState.set(filed, perms);
  }
  return perms;
}

export const isFiled = (status: number) => status === ARCHIVE_STATUS.ARCHIVED;

/** A module permission (no row means no permission, as the org area defines it). */
export function permissionOf(perms: Map<string, ModulePermission>, module: string): ModulePermission {
  return perms.get(module) ?? { read: false, edit: false };
}

// ── records kept under an archive (selection lists, applications) ──

/**
 * Who sees and changes which student's records kept under the archive (the schools module's
 * selection lists, the applications module's applications). Rows follow the one visibility
 * function above (visibleArchivesWhere: administrators all,
 * managers their departments' students, consultants their own students, sales what they
 * sold, lecturers whom they teach); nothing is decided twice. On top of it:
 * - writing needs an operation permission (selection.write, application.write, ...), which
 *   the demo grants to consultants and managers, not to sales or lecturers;
 * - families (parents, students) read their own archive's applications and published lists.
 * A row the caller may not see answers exactly like one that does not exist.
 */
/** Archives whose lists and applications the caller may read. */
export async function readableArchivesWhere(ctx: ServiceContext): Promise<Prisma.ArchiveWhereInput> {
  const actor = requireActor(ctx);
  if (actor.type === USER_TYPES.STAFF) return visibleArchivesWhere(await archiveScope(ctx));
  if (actor.type === USER_TYPES.PARENT) return { deletedAt: null, OR: [{ parentId: actor.id }, { student: { parentId: actor.id } }] };
  if (actor.type === USER_TYPES.STUDENT) return { deletedAt: null, studentId: actor.id };
  return { id: -1 };
}

export const isFamily = (ctx: ServiceContext) => !!ctx.actor && !isStaff(ctx.actor);

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

/**
 * Permissions of the archives module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const archivesPermissions = {
  /** Use the archive area at all (rows narrowed by visibleArchivesWhere). */
  'archive.read': isStaff,
  /** Create archives (full or light). */
  'archive.create': staffHolding('archive.create'),
  /** Delete archives. */
  'archive.delete': staffHolding('archive.delete'),
  /** Publish, suspend, resume, archive and reopen archives; change the applying status; submit for verification. */
  'archive.changeStatus': staffHolding('archive.changeStatus'),
  /** Lock and unlock archives. */
  'archive.lock': staffHolding('archive.lock'),
  /** Set an archive's consultant, acting consultant, salesperson and parent (addConsultant). */
  'archive.assign': staffHolding('archive.assign'),
  /** Import archives from the .xlsx template. */
  'archive.import': staffHolding('archive.import'),
  /** Export the archive list to .xlsx. */
  'archive.export': staffHolding('archive.export'),
  /** Take a complete JSON backup of an archive. */
  'archive.backup': staffHolding('archive.backup'),
  /** See sensitive fields (passports, birthdays, phones, e-mails, addresses) in clear; every such read is logged. */
  'archive.sensitive': staffHolding('archive.sensitive'),
  /** Verify archive modules (archive examine). */
  'archive.verify': staffHolding('archive.verify'),
  /** Privacy requests: export everything held about a person, set a legal hold, erase a person (administrators by default). */
  'archive.privacy': staffHolding('archive.privacy'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof archivesPermissions, true> {}
}
