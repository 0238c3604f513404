/**
 * Dates for My Calendar: react-big-calendar's luxon localizer, weeks from Monday, every
 * wall time in the user's zone. The localizer reads and writes dates through luxon's default
 * zone, so the calendar sets `Settings.defaultZone` to the user's zone (`useCalendarZone`).
 */
import { DateTime, IANAZone, Settings, Zone, type ZoneOffsetFormat, type ZoneOffsetOptions } from 'luxon';
import { luxonLocalizer, type DateLocalizer, type Formats, type View } from 'react-big-calendar';
import type { Lang } from '../../lib/format.ts';

/**
 * react-big-calendar's luxon localizer, with its hot comparisons answered from a cache.
 *
 * Laying out a month compares every event's dates many times (sorting, levels, segments), and
 * the luxon localizer builds luxon DateTimes for each comparison: with a thousand events that
 * was most of the month's render (docs/performance.md, "Calendar"). Here a comparison without a
 * unit compares the instants, and one with a unit compares the starts of that unit, each
 * computed by the luxon localizer once per instant, unit and zone and then remembered; the
 * functions the library composes from them (ranges, sorting, event-in-range) are the same
 * formulas over the cached values. The answers are the luxon localizer's
 * (tests/client/localizer.test.ts compares them in zones with DST and 30/45-minute offsets).
 */
export function fastLocalizer(base: DateLocalizer): DateLocalizer {
  const rawStartOf = base.startOf.bind(base);
  const rawDiff = base.diff.bind(base);
  const rawAdd = base.add.bind(base);
  const rawCeil = base.ceil.bind(base);
  const rawMin = base.min.bind(base);
  const rawMax = base.max.bind(base);
  /** Answers remembered per zone: every function here is pure in its instants, unit and zone. */
  const memo = new Map<string, number>();
  let zone = Settings.defaultZone.name;
  const remembered = (key: string, compute: () => number): number => {
    if (Settings.defaultZone.name !== zone) {
      zone = Settings.defaultZone.name;
      memo.clear();
    }
    let v = memo.get(key);
    if (v === undefined) {
      v = compute();
      if (memo.size > 200_000) memo.clear();
      memo.set(key, v);
    }
    return v;
  };
  /** The instant, or NaN for anything that is not a valid Date (luxon's invalid DateTime compares as NaN). */
  const msOf = (d: unknown): number => (d instanceof Date ? d.getTime() : NaN);
  const startMs = (d: Date, unit: string | undefined): number => {
    const t = msOf(d);
    if (Number.isNaN(t) || !unit || unit === 'milliseconds' || unit === 'millisecond') return t;
    return remembered(`s|${unit}|${t}`, () => rawStartOf(d, unit as never).getTime());
  };
  const cmp = (a: Date, b: Date, unit?: string) => startMs(a, unit) - startMs(b, unit);
  const eq = (a: Date, b: Date, unit?: string) => cmp(a, b, unit) === 0;
  const neq = (a: Date, b: Date, unit?: string) => !eq(a, b, unit);
  const lt = (a: Date, b: Date, unit?: string) => cmp(a, b, unit) < 0;
  const lte = (a: Date, b: Date, unit?: string) => cmp(a, b, unit) <= 0;
  const gt = (a: Date, b: Date, unit?: string) => cmp(a, b, unit) > 0;
  const gte = (a: Date, b: Date, unit?: string) => cmp(a, b, unit) >= 0;
  const daySpan = (start: Date, end: Date) => (msOf(end) - msOf(start)) / 86_400_000;
  const f = base as unknown as Record<string, unknown>;
  Object.assign(f, {
    eq,
    neq,
    lt,
    lte,
    gt,
    gte,
    // As the luxon localizer: no date means now.
    startOf: (d: Date = new Date(), unit?: string) => new Date(startMs(d, unit)),
    diff: (a: Date, b: Date, unit = 'day') => (Number.isNaN(msOf(a) + msOf(b)) ? rawDiff(a, b, unit as never) : remembered(`d|${unit}|${msOf(a)}|${msOf(b)}`, () => rawDiff(a, b, unit as never))),
    add: (d: Date, adder: number, unit: string) => (Number.isNaN(msOf(d)) ? rawAdd(d, adder, unit as never) : new Date(remembered(`a|${unit}|${adder}|${msOf(d)}`, () => rawAdd(d, adder, unit as never).getTime()))),
    ceil: (d: Date, unit: string) => (Number.isNaN(msOf(d)) ? rawCeil(d, unit as never) : new Date(remembered(`c|${unit}|${msOf(d)}`, () => rawCeil(d, unit as never).getTime()))),
    inRange: (day: Date, min: Date, max: Date, unit = 'day') => {
      const d = startMs(day, unit);
      return d >= startMs(min, unit) && d <= startMs(max, unit);
    },
    min: (a: Date, b: Date) => (Number.isNaN(msOf(a) + msOf(b)) ? rawMin(a, b) : new Date(Math.min(msOf(a), msOf(b)))),
    max: (a: Date, b: Date) => (Number.isNaN(msOf(a) + msOf(b)) ? rawMax(a, b) : new Date(Math.max(msOf(a), msOf(b)))),
    daySpan,
    continuesPrior: (start: Date, first: Date) => lt(start, first),
    continuesAfter: (_start: Date, end: Date, last: Date) => gte(end, last),
    isSameDate: (a: Date, b: Date) => eq(a, b, 'day'),
    sortEvents: ({ evtA, evtB }: { evtA: { start: Date; end: Date; allDay?: boolean }; evtB: { start: Date; end: Date; allDay?: boolean } }) =>
      startMs(evtA.start, 'day') - startMs(evtB.start, 'day') ||
      daySpan(evtB.start, evtB.end) - daySpan(evtA.start, evtA.end) ||
      Number(!!evtB.allDay) - Number(!!evtA.allDay) ||
      msOf(evtA.start) - msOf(evtB.start) ||
      msOf(evtA.end) - msOf(evtB.end),
    inEventRange: ({ event: { start, end }, range: { start: rangeStart, end: rangeEnd } }: { event: { start: Date; end: Date }; range: { start: Date; end: Date } }) => {
      const eStart = new Date(startMs(start, 'day'));
      const startsBeforeEnd = lte(eStart, rangeEnd, 'day');
      const endsAfterStart = neq(eStart, end, 'minutes') ? gt(end, rangeStart, 'minutes') : gte(end, rangeStart, 'minutes');
      return startsBeforeEnd && endsAfterStart;
    },
  });
  return base;
}

export const localizer = fastLocalizer(luxonLocalizer(DateTime, { firstDayOfWeek: 1 }));

/**
 * An IANA zone whose offsets are remembered per quarter hour. The localizer converts every date
 * it compares through luxon, and luxon asks Intl for the offset each time (formatToParts): with
 * a thousand events that is most of a month view's render. Offsets only change on quarter-hour
 * boundaries, so one lookup per quarter hour gives the same answers.
 */
class CachedZone extends Zone {
  private readonly inner: IANAZone;
  private readonly offsets = new Map<number, number>();
  constructor(name: string) {
    super();
    this.inner = IANAZone.create(name);
  }
  override get type() {
    return 'iana';
  }
  override get name() {
    return this.inner.name;
  }
  get ianaName() {
    return this.inner.name;
  }
  override get isUniversal() {
    return false;
  }
  override get isValid() {
    return this.inner.isValid;
  }
  override offsetName(ts: number, opts: ZoneOffsetOptions) {
    return this.inner.offsetName(ts, opts);
  }
  override formatOffset(ts: number, format: ZoneOffsetFormat) {
    return this.inner.formatOffset(ts, format);
  }
  override offset(ts: number): number {
    const key = Math.floor(ts / 900_000);
    let v = this.offsets.get(key);
    if (v === undefined) {
      v = this.inner.offset(ts);
      if (this.offsets.size > 50_000) this.offsets.clear();
      this.offsets.set(key, v);
    }
    return v;
  }
  override equals(other: Zone) {
    return other.type === 'iana' && other.name === this.name;
  }
}

/** Makes luxon (and so the calendar) work in this zone; answers the zone in use. */
export function setCalendarZone(zone: string | null | undefined): string {
  const wanted = zone && IANAZone.isValidZone(zone) ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (Settings.defaultZone.name !== wanted || !(Settings.defaultZone instanceof CachedZone)) Settings.defaultZone = new CachedZone(wanted);
  return wanted;
}

export const cultureOf = (lang: Lang) => (lang === 'en' ? 'en-GB' : 'zh-CN');

type Range = { start: Date; end: Date };
const fmt = (d: Date, f: string, lang: Lang) => DateTime.fromJSDate(d).setLocale(cultureOf(lang)).toFormat(f);
const time = (r: Range) => `${DateTime.fromJSDate(r.start).toFormat('HH:mm')} – ${DateTime.fromJSDate(r.end).toFormat('HH:mm')}`;

/** Headers and labels per language (24-hour clock in both). */
export function formatsFor(lang: Lang): Formats {
  const zh = lang === 'zh';
  const dayRange = ({ start, end }: Range) => {
    const sameYear = DateTime.fromJSDate(start).year === DateTime.fromJSDate(end).year;
    return zh ? `${fmt(start, 'yyyy年M月d日', lang)} – ${fmt(end, sameYear ? 'M月d日' : 'yyyy年M月d日', lang)}` : `${fmt(start, sameYear ? 'd MMM' : 'd MMM yyyy', lang)} – ${fmt(end, 'd MMM yyyy', lang)}`;
  };
  return {
    dateFormat: 'd',
    dayFormat: (d: Date) => fmt(d, zh ? 'M月d日 EEE' : 'EEE d MMM', lang),
    weekdayFormat: (d: Date) => fmt(d, 'EEE', lang),
    monthHeaderFormat: (d: Date) => fmt(d, zh ? 'yyyy年M月' : 'MMMM yyyy', lang),
    dayHeaderFormat: (d: Date) => fmt(d, zh ? 'yyyy年M月d日 EEEE' : 'EEEE d MMMM yyyy', lang),
    dayRangeHeaderFormat: dayRange,
    agendaHeaderFormat: dayRange,
    agendaDateFormat: (d: Date) => fmt(d, zh ? 'M月d日 EEE' : 'EEE d MMM', lang),
    agendaTimeFormat: 'HH:mm',
    agendaTimeRangeFormat: time,
    timeGutterFormat: 'HH:mm',
    eventTimeRangeFormat: time,
    eventTimeRangeStartFormat: (r: Range) => `${DateTime.fromJSDate(r.start).toFormat('HH:mm')} – `,
    eventTimeRangeEndFormat: (r: Range) => ` – ${DateTime.fromJSDate(r.end).toFormat('HH:mm')}`,
    selectRangeFormat: time,
  };
}

export const AGENDA_DAYS = 30;

/** The instants a view shows (whole days in the calendar's zone), [from, to). */
export function visibleRange(view: View, date: Date): { from: string; to: string } {
  const d = DateTime.fromJSDate(date).startOf('day');
  let from: DateTime;
  let to: DateTime;
  if (view === 'month') {
    from = d.startOf('month').startOf('week');
    to = d.endOf('month').endOf('week').plus({ milliseconds: 1 });
  } else if (view === 'week' || view === 'work_week') {
    from = d.startOf('week');
    to = from.plus({ weeks: 1 });
  } else if (view === 'day') {
    from = d;
    to = d.plus({ days: 1 });
  } else {
    from = d;
    to = d.plus({ days: AGENDA_DAYS });
  }
  return { from: from.toUTC().toISO()!, to: to.toUTC().toISO()! };
}

/** A wall time `yyyy-MM-ddTHH:mm:ss` of the calendar's zone as a Date. */
export function fromLocal(text: string): Date {
  return DateTime.fromISO(text).toJSDate();
}

/** Today, yyyy-MM-dd, in the calendar's zone. */
export function todayIso(): string {
  return DateTime.now().toISODate()!;
}

/** A date's day, yyyy-MM-dd, in the calendar's zone. */
export function isoDay(d: Date): string {
  return DateTime.fromJSDate(d).toISODate()!;
}

/** Value of an <input type="datetime-local"> for a date, and back. */
export function toInputValue(d: Date, dateOnly = false): string {
  return DateTime.fromJSDate(d).toFormat(dateOnly ? 'yyyy-MM-dd' : "yyyy-MM-dd'T'HH:mm");
}
export function fromInputValue(v: string): Date | null {
  const dt = DateTime.fromISO(v);
  return dt.isValid ? dt.toJSDate() : null;
}
