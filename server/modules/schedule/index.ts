/**
 * The schedule module: work events, recurring series, conflicts and the calendar read API.
 * Its one public face: other modules import from this file only (docs/architecture.md).
 */
import { defineModule } from '../../module.ts';
import './schedule.node.ts';
import './schedule.mutations.ts';
import { schedulePermissions } from './schedule.policy.ts';
import { scheduleMessages } from './schedule.messages.ts';
import { scheduleRoutes } from './schedule.rest.ts';
import { scheduleSeed } from './schedule.seed.ts';
import { scheduleErrors } from './schedule.errors.ts';

export const scheduleModule = defineModule({
  name: 'schedule',
  errors: scheduleErrors.list,
  permissions: schedulePermissions,
  messages: scheduleMessages,
  routes: scheduleRoutes,
  seed: scheduleSeed,
});

export { eventInclude, eventsForFeed, type FeedEvent, type FeedSeries } from './schedule.queries.ts';
export { expandRule, normaliseRule, ruleValue } from './recurrence.ts';
export { MAX_EVENT_DAYS } from './conflicts.ts';
export { insertEvents, insertSeries, type EventCore, type EventRowInput } from './service/rows.ts';

// For the courses area: lessons are work events written and edited through these, in the
// course's own transaction, with its rights and its guard (docs/courses.md).
export { checkConflicts, checkConflictsInput, ConflictError, createEventIn, updateEventIn, deleteEventIn, type EditOptions, type SaveResult } from './schedule.service.ts';
export { findConflicts, type Conflict, type Range } from './conflicts.ts';
export { insertParticipants } from './service/rows.ts';
export { ConflictReportRef, EventScopeEnum, RecurrenceInputRef, recurrenceOf } from './schedule.node.ts';
export { legacyConflict, legacyConflictReport, legacyEvent, legacyEventFields } from './schedule.rest.ts';
