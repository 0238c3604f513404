import type { Actor } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { can } from '../../policy.ts';

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
