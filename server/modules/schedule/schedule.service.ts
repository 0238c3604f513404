/**
 * Work events and recurring series: create, edit and delete with a scope (this occurrence,
 * this and following, the whole series), conflict checks, publish, copy, join, confirm.
 * Both doors call these functions; they validate, authorise and write inside runWrite.
 * One file per concern under service/ (rows.ts holds the row writers the .ics import uses
 * too); this file is what the module's doors import. The invariants the rows keep are
 * written in docs/schedule.md.
 */
export { type Scope } from './service/input.ts';
export { ConflictError } from './schedule.errors.ts';
export { createEvent, createEventIn, type SaveResult } from './service/create.ts';
export { updateEvent, updateEventIn } from './service/update.ts';
export { deleteEvent, deleteEventIn, deleteEventInput, deleteEvents, deleteEventsInput, type DeleteResult } from './service/delete.ts';
export { type EditOptions } from './service/checks.ts';
export { setPublished } from './service/publish.ts';
export { copyEvents } from './service/copy.ts';
export { confirmEvent, confirmEventInput, joinEvent, joinEventInput } from './service/attendance.ts';
export { checkConflicts, checkConflictsInput } from './service/conflict-check.ts';
