import type { Actor } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { can } from '../../policy.ts';
import { staffHolding } from '../../session/rights.ts';
import { isStaff } from '../../lib/codes.ts';
import type { PermissionRules } from '../../policy.ts';

/** Projects anyone may see: every staff member sees every project that is not deleted. */
export const LIVE_PROJECT: Prisma.ProjectWhereInput = { deletedAt: null };

type ProjectRow = { managerId: number | null };

/** Edit the project, its members, their timelines and its files: managers, or the project's own manager. */
export function canManageProject(actor: Actor, project: ProjectRow): boolean {
  return can(actor, 'project.manage') || (can(actor, 'project.read') && project.managerId === actor.id);
}

/** Upload files to a project: those who manage it and its members. */
export function canContributeToProject(actor: Actor, project: ProjectRow, isMember: boolean): boolean {
  return canManageProject(actor, project) || (can(actor, 'project.read') && isMember);
}

/** Delete a project file: its uploader (still on the project) or those who manage the project. */
export function canDeleteProjectFile(actor: Actor, project: ProjectRow, file: { uploadedById: number | null }, isMember: boolean): boolean {
  return canManageProject(actor, project) || (can(actor, 'project.read') && isMember && file.uploadedById === actor.id);
}

/**
 * Permissions of the projects module, registered into the one policy (server/policy.ts) by its
 * index.ts; administrators hold every permission. Operation permissions (`staffHolding`) are
 * hidden nodes of the right tree with the same key, so role administration grants them.
 */
export const projectsPermissions = {
  /** See projects, their members, timelines and files; follow projects. */
  'project.read': isStaff,
  /** Create projects; edit or delete any project and its members and files (a project's own manager may edit that project). */
  'project.manage': staffHolding('project.manage'),
} as const satisfies PermissionRules;

declare module '../../policy.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModulePermissions extends Record<keyof typeof projectsPermissions, true> {}
}
