import type { Actor } from '../context.ts';
import { staffHolding } from './rights.ts';

/**
 * Permissions of the schools area (school database, selection lists, applications and
 * their progress); merged into the one policy by server/policy.ts. Operation permissions are
 * hidden right-tree nodes with the same key (seeded by prisma/seed/modules/schools.ts), so
 * role administration grants them. Which students' lists and applications a person sees is
 * decided per row by the archives area's visibility (server/modules/applications/
 * applications.policy.ts builds on it); families read their own published lists and their
 * applications. Demo grants: docs/schools.md.
 */
const STAFF = 1;
const isStaff = (a: Actor) => a.type === STAFF;
const anyone = (_a: Actor) => true;

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
  /** Read applications and their progress (staff: students they see; families: their own). */
  'application.read': anyone,
  /** Create applications and change their progress, documents and tracks. */
  'application.write': staffHolding('application.write'),
  /** Lock and unlock applications (a locked application refuses every change). */
  'application.lock': staffHolding('application.lock'),
} as const satisfies Record<string, (a: Actor) => boolean>;
