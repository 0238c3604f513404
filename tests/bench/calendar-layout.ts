/**
 * The busy month's layout in the browser, without the browser: what react-big-calendar's month
 * view computes for 1,020 events (34 overlapping daily series of 30, as tests/e2e/schedule.e2e.ts
 * makes them) through a localizer: each week's events found, sorted and laid out in levels
 * (Month.js, eventLevels.js, DateSlotMetrics.js), plus the time labels of every event.
 * Run with the plain luxon localizer and with the calendar's own (cached) one, each built anew
 * per run so its cache starts empty as on the first paint.
 */
import { createRequire } from 'node:module';
import { DateTime, Settings } from 'luxon';
import { luxonLocalizer, type DateLocalizer } from 'react-big-calendar';
import { fastLocalizer, formatsFor, setCalendarZone } from '../../client/src/components/calendar/localizer.ts';

type Ev = { title: string; start: Date; end: Date; allDay: boolean };
const accessors = { start: (e: Ev) => e.start, end: (e: Ev) => e.end, allDay: (e: Ev) => e.allDay, title: (e: Ev) => e.title };
type Accessors = typeof accessors;
type Metrics = { levels: Array<Array<{ event: Ev }>>; continuesPrior: (e: Ev) => boolean; continuesAfter: (e: Ev) => boolean; getEventsForSlot: (slot: number) => Ev[] };
// react-big-calendar's layout internals (no type declarations ship for them).
const require = createRequire(import.meta.url);
const { getSlotMetrics } = require('react-big-calendar/lib/utils/DateSlotMetrics.js') as {
  getSlotMetrics: () => (o: { range: Date[]; events: Ev[]; maxRows: number; minRows: number; accessors: Accessors; localizer: DateLocalizer }) => Metrics;
};
const { inRange, sortWeekEvents } = require('react-big-calendar/lib/utils/eventLevels.js') as {
  inRange: (e: Ev, start: Date, end: Date, accessors: Accessors, localizer: DateLocalizer) => boolean;
  sortWeekEvents: (events: Ev[], accessors: Accessors, localizer: DateLocalizer) => Ev[];
};

function busyMonth(): Ev[] {
  const events: Ev[] = [];
  for (let s = 0; s < 34; s++) {
    for (let d = 0; d < 30; d++) {
      const start = DateTime.fromObject({ year: 2026, month: 11, day: 1 + d, hour: 8 + (s % 10), minute: (s * 15) % 60 });
      events.push({ title: `series ${s}`, start: start.toJSDate(), end: start.plus({ minutes: 45 + (s % 4) * 30 }).toJSDate(), allDay: false });
    }
  }
  return events;
}

/** One month view's layout: answers the number of segments placed (so nothing is optimised away). */
function layout(localizer: DateLocalizer, events: Ev[], date: Date): number {
  const days = localizer.visibleDays(date, localizer) as Date[];
  const time = formatsFor('zh').eventTimeRangeFormat as (r: { start: Date; end: Date }) => string;
  let placed = 0;
  for (let w = 0; w < days.length; w += 7) {
    const week = days.slice(w, w + 7);
    const inWeek = events.filter((e) => inRange(e, week[0]!, week[6]!, accessors, localizer));
    const sorted = sortWeekEvents(inWeek, accessors, localizer);
    const metrics = getSlotMetrics()({ range: week, events: sorted, maxRows: 5, minRows: 0, accessors, localizer });
    for (const level of metrics.levels) {
      for (const seg of level) {
        placed += 1;
        time({ start: seg.event.start, end: seg.event.end });
        metrics.continuesPrior(seg.event);
        metrics.continuesAfter(seg.event);
      }
    }
    for (const day of week) placed += metrics.getEventsForSlot(week.indexOf(day) + 1).length > 0 ? 1 : 0;
  }
  return placed;
}

export function calendarLayoutCases() {
  setCalendarZone('Asia/Shanghai');
  const events = busyMonth();
  const date = new Date(Date.UTC(2026, 10, 15));
  const plainName = 'browser month layout, 1,020 events: luxon localizer (before)';
  const plain = () => Promise.resolve(layout(luxonLocalizer(DateTime, { firstDayOfWeek: 1 }), events, date));
  const fast = () => Promise.resolve(layout(fastLocalizer(luxonLocalizer(DateTime, { firstDayOfWeek: 1 })), events, date));
  if (Settings.defaultZone.name !== 'Asia/Shanghai') throw new Error('calendar layout bench: zone not set');
  return [
    { name: plainName, iterations: 20, run: plain },
    { name: 'browser month layout, 1,020 events: the calendar localizer (cached)', iterations: 20, vs: plainName, run: fast },
  ];
}
