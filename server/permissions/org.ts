import type { Actor } from '../context.ts';
import { staffHolding } from './rights.ts';

/**
 * Permissions of the org area; merged into the one policy by server/policy.ts. Each is a
 * hidden node of the right tree with the same key (seeded by prisma/seed/modules/org.ts),
 * so role administration grants it. Who holds what in the demo data: docs/org.md.
 */
export const orgPermissions = {
  /** Add and edit staff, reset their passwords, hand over their charges, sort the staff list. */
  'staff.edit': staffHolding('staff.edit'),
  /** Add, edit and delete parents and students, their relations, state and match flag. */
  'user.edit': staffHolding('user.edit'),
  /** Add, edit and delete departments. */
  'department.edit': staffHolding('department.edit'),
  /** Add, edit and delete partner-company contacts. */
  'companyUser.edit': staffHolding('companyUser.edit'),
  /** Add, edit and delete roles, their rights and archive-module permissions; authorise roles to users. */
  'role.edit': staffHolding('role.edit'),
  /** Edit the archive module tree. */
  'archiveModule.edit': staffHolding('archiveModule.edit'),
  /** Send a test e-mail through the configured SMTP server. */
  'mail.test': staffHolding('mail.test'),
} as const satisfies Record<string, (a: Actor) => boolean>;
