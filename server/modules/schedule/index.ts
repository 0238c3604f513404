/**
 * The schedule area's read API for other areas (the ICS feed, reports). See docs/schedule.md.
 */
export { eventsForFeed, type FeedEvent, type FeedSeries } from './schedule.queries.ts';
export { expandRule, MAX_OCCURRENCES, isValidZone, wallToInstant } from './recurrence.ts';
export { visibleEventsWhere, isEventVisible } from './schedule.policy.ts';
export { createEvent, type CreateEventInput } from './schedule.service.ts';
