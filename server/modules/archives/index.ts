/**
 * The archives module: student archives, their sections, states, verification, import and export.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './archives.node.ts';
import './archives.mutations.ts';
import { archivesPermissions } from './archives.policy.ts';
import { archivesMessages } from './archives.messages.ts';
import { archiveRoutes } from './archives.rest.ts';
import { archivesSeed } from './archives.seed.ts';
import { archivesErrors } from './archives.errors.ts';

export const archivesModule = defineModule({
  name: 'archives',
  errors: archivesErrors.list,
  permissions: archivesPermissions,
  messages: archivesMessages,
  routes: archiveRoutes,
  seed: archivesSeed,
});

export { APPLYING_STATUS, archiveForWrite, archiveReadable, archiveReadableCached, isFamily, primeReadable, readableArchivesWhere, writableArchivesWhere } from './archives.policy.ts';
export { shownArchiveValues } from './service/access.ts';
