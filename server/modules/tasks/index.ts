/**
 * The tasks module: work tasks, additions, logs, daily reports and schedule entries.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './tasks.node.ts';
import './tasks.mutations.ts';
import './skill-stacks.node.ts';
import { tasksPermissions } from './tasks.policy.ts';
import { tasksMessages } from './tasks.messages.ts';
import { taskRoutes } from './tasks.rest.ts';
import { tasksSeed } from './tasks.seed.ts';
import { tasksErrors } from './tasks.errors.ts';

export const tasksModule = defineModule({
  name: 'tasks',
  errors: tasksErrors.list,
  permissions: tasksPermissions,
  messages: tasksMessages,
  routes: taskRoutes,
  seed: tasksSeed,
});
export { ScheduleEntryTypeEnum } from './tasks.mutations.ts';
