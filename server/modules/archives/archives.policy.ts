import type { Actor, ServiceContext } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { can, requireActor } from '../../policy.ts';
import { archiveModulePermissions, type ModulePermission } from '../archive-modules/archive-modules.service.ts';

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

export type ArchiveScope = { actor: Actor; departmentIds: number[] };

const scopes = new WeakMap<ServiceContext, Promise<ArchiveScope>>();

async function loadScope(ctx: ServiceContext, actor: Actor): Promise<ArchiveScope> {
  if (actor.isAdmin || !actor.roleCodes.includes('manager')) return { actor, departmentIds: [] };
  const me = await ctx.db.user.findUnique({ where: { id: actor.id }, select: { departmentId: true } });
  const all = await ctx.db.department.findMany({ select: { id: true, parentId: true, managerId: true } });
  const roots = new Set(all.filter((d) => d.managerId === actor.id || d.id === me?.departmentId).map((d) => d.id));
  const ids = new Set<number>();
  const walk = (id: number) => {
    if (ids.has(id)) return;
    ids.add(id);
    for (const d of all) if (d.parentId === id) walk(d.id);
  };
  for (const id of roots) walk(id);
  return { actor, departmentIds: [...ids] };
}

/** The caller's scope, computed once per request. */
export function archiveScope(ctx: ServiceContext): Promise<ArchiveScope> {
  const actor = requireActor(ctx);
  let scope = scopes.get(ctx);
  if (!scope) {
    scope = loadScope(ctx, actor);
    scopes.set(ctx, scope);
  }
  return scope;
}

export function visibleArchivesWhere(scope: ArchiveScope): Prisma.ArchiveWhereInput {
  const { actor } = scope;
  const live: Prisma.ArchiveWhereInput = { deletedAt: null };
  if (actor.isAdmin) return live;
  if (actor.type !== 1) return { id: -1 };
  const or: Prisma.ArchiveWhereInput[] = [];
  if (actor.roleCodes.includes('manager') && scope.departmentIds.length) {
    const inDepartments = { departmentId: { in: scope.departmentIds } };
    or.push({ consultant: inDepartments }, { actingConsultant: inDepartments }, { sales: inDepartments });
  }
  // Managers also see archives nobody consults yet, so that they can assign them.
  if (actor.roleCodes.includes('manager')) or.push({ consultantId: null, actingConsultantId: null });
  if (actor.roleCodes.includes('manager') || actor.roleCodes.includes('consultant')) {
    or.push({ consultantId: actor.id }, { actingConsultantId: actor.id });
  }
  if (actor.roleCodes.includes('sales')) or.push({ salesId: actor.id });
  if (actor.roleCodes.includes('lecturer')) or.push({ student: { lecturerId: actor.id } });
  if (!or.length) return { id: -1 };
  return { ...live, OR: or };
}

/** Whether the caller may see sensitive fields in clear. */
export const canSeeSensitive = (ctx: ServiceContext): boolean => can(ctx.actor, 'archive.sensitive');

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
