import type { Actor, ServiceContext } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { requireActor } from '../../policy.ts';
import { archiveModulePermissions, type ModulePermission } from '../archive-modules/archive-modules.service.ts';
import { holdsPersonalDataRight } from '../users/users.policy.ts';
import { staffHolding } from '../../auth/rights.ts';
import { isStaff } from '../../lib/codes.ts';
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

/** Department tree depth the manager rule follows (the org tree is far shallower). */
const DEPARTMENT_DEPTH = 6;

/** A department the manager belongs to or heads, or one below it, as a relation filter. */
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
  if (actor.type !== 1) return { id: -1 };
  const or: Prisma.ArchiveWhereInput[] = [];
  if (actor.roleCodes.includes('manager')) {
    const department = { department: managedDepartment(actor.id) };
    or.push({ consultant: department }, { actingConsultant: department }, { sales: department });
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
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof archivesPermissions, true> {}
}
