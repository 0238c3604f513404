import type { Actor } from '../context.ts';
import { staffHolding } from './rights.ts';

const STAFF = 1;

/**
 * Permissions of the archives area; merged into the one policy by server/policy.ts. Each
 * operation permission is a hidden node of the right tree with the same key (seeded by
 * prisma/seed/modules/archives.ts), so role administration grants it. Which archives a
 * person sees is decided per row (server/modules/archives/archives.policy.ts); which
 * sections they read or edit by the per-role, per-state archive module permissions.
 * Parents and students hold none of these. Demo grants: docs/archives.md.
 */
export const archivesPermissions = {
  /** Use the archive area at all (rows narrowed by visibleArchivesWhere). */
  'archive.read': (a: Actor) => a.type === STAFF,
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
} as const satisfies Record<string, (a: Actor) => boolean>;
