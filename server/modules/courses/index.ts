/**
 * The courses module: courses, classrooms, lessons (on the schedule engine), enrolments and
 * course hours, attendance, homework, course reports and the course PDF.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './courses.node.ts';
import './courses.mutations.ts';
import { coursesPermissions } from './courses.policy.ts';
import { coursesMessages } from './courses.messages.ts';
import { courseRoutes } from './courses.rest.ts';
import { coursesSeed } from './courses.seed.ts';
import { coursesErrors } from './courses.errors.ts';

export const coursesModule = defineModule({
  name: 'courses',
  errors: coursesErrors.list,
  permissions: coursesPermissions,
  messages: coursesMessages,
  routes: courseRoutes,
  seed: coursesSeed,
});
