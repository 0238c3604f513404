import type { Actor } from '../context.ts';
import { staffHolding } from './rights.ts';

/**
 * Permissions of the content area (projects, letters, notices, dictionary); merged into the
 * one policy by server/policy.ts (administrators hold every permission). Writes that change
 * shared data are operation rights (hidden right-tree nodes with the permission's key,
 * seeded by prisma/seed/modules/content.ts, granted to managers), so role administration
 * decides who holds them; reads and one's own letter box follow the user type. Row rules that
 * depend on a project (its manager, its members) are in server/modules/projects/projects.policy.ts
 * and build on these. Who may do what: docs/content.md.
 */
const STAFF = 1;
const isStaff = (a: Actor) => a.type === STAFF;
const anyone = (_a: Actor) => true;

export const contentPermissions = {
  /** See projects, their members, timelines and files; follow projects. */
  'project.read': isStaff,
  /** Create projects; edit or delete any project and its members and files (a project's own manager may edit that project). */
  'project.manage': staffHolding('project.manage'),
  /** Write internal letters to people the sender can see. */
  'letter.send': isStaff,
  /** Have a letter box (everyone who can log in; parents and students receive letters). */
  'letter.receive': anyone,
  /** Read notices. */
  'notice.read': isStaff,
  /** Publish notices. */
  'notice.publish': staffHolding('notice.publish'),
  /** Read dictionaries and their items (choices in forms). */
  'dictionary.read': isStaff,
  /** Create, edit, delete and import dictionaries and items. */
  'dictionary.manage': staffHolding('dictionary.manage'),
} as const satisfies Record<string, (a: Actor) => boolean>;
