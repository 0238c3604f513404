/**
 * The workdaily module: daily work: schedule-entry lists, work statistics, reminders.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './workdaily.node.ts';
import './workdaily.mutations.ts';
import { workdailyPermissions } from './workdaily.policy.ts';
import { workdailyMessages } from './workdaily.messages.ts';
import { workdailyRoutes } from './workdaily.rest.ts';
import { workdailySeed } from './workdaily.seed.ts';
import { workdailyErrors } from './workdaily.errors.ts';

export const workdailyModule = defineModule({
  name: 'workdaily',
  errors: workdailyErrors.list,
  permissions: workdailyPermissions,
  messages: workdailyMessages,
  routes: workdailyRoutes,
  seed: workdailySeed,
});

// The read API of schedule entries (this module owns their reads and who sees them; the tasks
// module writes them, as hours booked on tasks): docs/workdaily.md.
export { entriesOverlapping } from './workdaily.service.ts';
