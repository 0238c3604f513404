import type { Actor } from '../context.ts';

/**
 * Permissions of the content area (projects, letters, notices, dictionary); merged into the
 * one policy by server/policy.ts (administrators hold every permission). Row rules that
 * depend on a project (its manager, its members) are in server/modules/projects/projects.policy.ts
 * and build on these. Who may do what: docs/content.md.
 */
const STAFF = 1;
const isStaff = (a: Actor) => a.type === STAFF;
const staffWithRole = (...codes: string[]) => (a: Actor) => isStaff(a) && codes.some((c) => a.roleCodes.includes(c));
const anyone = (_a: Actor) => true;

export const contentPermissions = {
  /** See projects, their members, timelines and files; follow projects. */
  'project.read': isStaff,
  /** Create projects; edit or delete any project and its members and files (a project's own manager may edit that project). */
  'project.manage': staffWithRole('manager'),
  /** Write internal letters to people the sender can see. */
  'letter.send': isStaff,
  /** Have a letter box (everyone who can log in; parents and students receive letters). */
  'letter.receive': anyone,
  /** Read notices. */
  'notice.read': isStaff,
  /** Publish notices. */
  'notice.publish': staffWithRole('manager'),
  /** Read dictionaries and their items (choices in forms). */
  'dictionary.read': isStaff,
  /** Create, edit, delete and import dictionaries and items. */
  'dictionary.manage': staffWithRole('manager'),
} as const satisfies Record<string, (a: Actor) => boolean>;
