import type { DateTime } from 'luxon';

/** Working hours of a weekday, for the start a new event is offered. */
export const WORK_START_HOUR = 9;
export const WORK_END_HOUR = 18;

/**
 * The start offered to "New event" (no slot selected): the next whole hour when it falls in
 * working hours (09:00–18:00, Monday to Friday), else 09:00 of the next working day. At 22:00
 * this is 09:00 tomorrow (before: 23:00); at 10:20, 11:00.
 */
export function nextWorkingHour(now: DateTime): DateTime {
  let start = now.plus({ hours: 1 }).startOf('hour');
  if (start.hour < WORK_START_HOUR) start = start.set({ hour: WORK_START_HOUR });
  if (start.hour >= WORK_END_HOUR) start = start.plus({ days: 1 }).set({ hour: WORK_START_HOUR });
  while (start.weekday > 5) start = start.plus({ days: 1 }).set({ hour: WORK_START_HOUR });
  return start;
}

/** An event shorter than this shows its time and title on one line in the week and day views. */
export const SHORT_EVENT_MINUTES = 45;
export function isShort(start: Date, end: Date): boolean {
  return end.getTime() - start.getTime() <= SHORT_EVENT_MINUTES * 60_000;
}
