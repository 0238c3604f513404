import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ValidationError } from '../../errors.ts';
import { RICH_TEXT_MAX_CHARS, sanitizeRichText } from '../../lib/html.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { expandRule, insertEvents, insertSeries, MAX_EVENT_DAYS, normaliseRule, ruleValue, type EventCore, type EventRowInput } from '../schedule/index.ts';
import { isKnownZone } from './zones.ts';

/**
 * Importing an .ics file into the caller's calendar (ics/uploadIcs, importIcs).
 *
 * The file is checked before anything is written: at most 5 MB, UTF-8 text that parses as
 * an iCalendar object (ical.js) holding at least one VEVENT, every event with a readable
 * start and an end not before it, every recurring event within the occurrence cap. Then
 * every event is written in one transaction, so a refused file leaves nothing behind.
 *
 * Imported events belong to the importer (creator and only participant) and are created
 * unpublished: a private calendar brought in stays private until its owner publishes it.
 * Recurring events become a series (the RRULE as given, expanded by ical.js with the file's
 * own VTIMEZONE definitions) with one stored occurrence each; overridden occurrences
 * (RECURRENCE-ID) replace theirs; cancelled events are skipped. An event already in the
 * caller's calendar with the same title, start and end is not imported twice.
 */

export const MAX_ICS_BYTES = 5 * 1024 * 1024;
const MAX_VEVENTS = 2000;
const MAX_OCCURRENCES_PER_SERIES = 1000;
const MAX_ROWS = 10_000;
/** Open-ended rules are imported up to this far ahead (their stored rule is bounded there). */
const OPEN_RULE_HORIZON_DAYS = 365;

type ParsedEvent = EventCore & {
  uid: string;
  timeZone: string;
};
type ParsedSeries = { master: ParsedEvent; rrule: string; occurrences: Date[]; exdates: Date[]; durationMs: number };
type ParsedOverride = ParsedEvent & { recurrenceId: Date };

export type ImportResult = { importedCount: number; seriesCount: number; skippedCount: number; eventIds: number[] };

const refuse = (key: 'ics.notCalendar' | 'ics.noEvents' | 'ics.fileTooLarge' | 'ics.fileRequired', params?: Record<string, string | number>) => new ValidationError(key, params, 'ICS_INVALID');

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

/** An instant from an ical.js time: the IANA zone when the TZID names one, else the file's own VTIMEZONE, else the caller's zone. */
function toInstant(time: ICAL.Time, tzid: string | null, fallbackZone: string): Date {
  const zoneName = time.zone?.tzid;
  if (zoneName === 'UTC' || zoneName === 'Z') return time.toJSDate();
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.isDate ? 0 : time.hour, minute: time.isDate ? 0 : time.minute, second: time.isDate ? 0 : time.second };
  if (tzid && isKnownZone(tzid)) return DateTime.fromObject(wall, { zone: tzid }).toJSDate();
  if (zoneName && zoneName !== 'floating') return time.toJSDate();
  return DateTime.fromObject(wall, { zone: fallbackZone }).toJSDate();
}

function eventZone(tzid: string | null, fallbackZone: string): string {
  return tzid && isKnownZone(tzid) ? tzid : fallbackZone;
}

function invalid(index: number): ValidationError {
  return new ValidationError('ics.eventInvalid', { index }, 'ICS_INVALID');
}

function readEvent(ev: ICAL.Event, index: number, fallbackZone: string, untitled: string): { event: ParsedEvent; tzid: string | null } {
  let start: ICAL.Time | null;
  let end: ICAL.Time | null;
  try {
    start = ev.startDate;
    end = ev.endDate;
  } catch {
    throw invalid(index);
  }
  if (!start) throw invalid(index);
  const tzid = (ev.component.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null;
  const zone = eventZone(tzid, fallbackZone);
  const startAt = toInstant(start, tzid, fallbackZone);
  let endAt: Date;
  if (end) {
    const endTzid = (ev.component.getFirstProperty('dtend')?.getParameter('tzid') as string | undefined) ?? tzid;
    endAt = toInstant(end, endTzid, fallbackZone);
  } else {
    endAt = start.isDate ? DateTime.fromJSDate(startAt, { zone }).plus({ days: 1 }).toJSDate() : startAt;
  }
  if (Number.isNaN(startAt.getTime()) || Number.isNaN(endAt.getTime()) || endAt.getTime() < startAt.getTime()) throw invalid(index);
  // The schedule keeps events to MAX_EVENT_DAYS so that overlap scans have a lower bound.
  if (endAt.getTime() - startAt.getTime() > MAX_EVENT_DAYS * 86_400_000) throw new ValidationError('ics.eventTooLong', { index, max: MAX_EVENT_DAYS }, 'ICS_INVALID');
  const description = String(ev.description ?? '').trim();
  const content = description ? sanitizeRichText(clip(escapeHtml(description), RICH_TEXT_MAX_CHARS).replace(/\r?\n/g, '<br>')) : '';
  return {
    tzid,
    event: {
      uid: String(ev.uid ?? ''),
      title: clip(String(ev.summary ?? '').trim() || untitled, 200),
      content,
      address: clip(String(ev.location ?? '').trim(), 500),
      startAt,
      endAt,
      allDay: start.isDate,
      timeZone: zone,
    },
  };
}

/** Reads and checks a whole file; throws a ValidationError naming the problem, writes nothing. */
export async function parseIcsFile(file: File | null | undefined, fallbackZone: string, untitled: string, now = new Date()) {
  if (!file) throw refuse('ics.fileRequired');
  if (file.size > MAX_ICS_BYTES) throw refuse('ics.fileTooLarge', { max: 5 });
  if (file.size === 0) throw refuse('ics.notCalendar');
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse('ics.notCalendar');
  }
  text = text.replace(/^\uFEFF/, '');
  if (!/^\s*BEGIN:VCALENDAR\r?\n/i.test(text) || text.includes('\u0000')) throw refuse('ics.notCalendar');
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(text);
    root = new ICAL.Component(Array.isArray(parsed[0]) ? (parsed[0] as unknown as typeof parsed) : parsed);
  } catch {
    throw refuse('ics.notCalendar');
  }
  if (root.name !== 'vcalendar') throw refuse('ics.notCalendar');
  const vevents = root.getAllSubcomponents('vevent');
  if (vevents.length === 0) throw refuse('ics.noEvents');
  if (vevents.length > MAX_VEVENTS) throw new ValidationError('ics.tooManyEvents', { max: MAX_VEVENTS }, 'ICS_INVALID');

  const singles: ParsedEvent[] = [];
  const series: ParsedSeries[] = [];
  const overrides: ParsedOverride[] = [];
  const horizon = new Date(now.getTime() + OPEN_RULE_HORIZON_DAYS * 86_400_000);
  let rows = 0;
  vevents.forEach((component, i) => {
    const index = i + 1;
    if (String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return;
    let ev: ICAL.Event;
    try {
      ev = new ICAL.Event(component);
    } catch {
      throw invalid(index);
    }
    const { event, tzid } = readEvent(ev, index, fallbackZone, untitled);
    if (component.hasProperty('recurrence-id')) {
      let rid: ICAL.Time | null = null;
      try {
        rid = ev.recurrenceId;
      } catch {
        throw invalid(index);
      }
      if (!rid) throw invalid(index);
      const ridTzid = (component.getFirstProperty('recurrence-id')?.getParameter('tzid') as string | undefined) ?? tzid;
      overrides.push({ ...event, recurrenceId: toInstant(rid, ridTzid, fallbackZone) });
      rows += 1;
      return;
    }
    if (!ev.isRecurring()) {
      singles.push(event);
      rows += 1;
      return;
    }
    const ruleProp = component.getFirstPropertyValue('rrule');
    const rrule = ruleProp ? ruleValue(`RRULE:${ruleProp.toString()}`) : '';
    const durationMs = event.endAt.getTime() - event.startAt.getTime();
    const occurrences: Date[] = [];
    let iterator: ReturnType<ICAL.Event['iterator']>;
    try {
      iterator = ev.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        const at = toInstant(next, tzid, fallbackZone);
        if (at.getTime() > horizon.getTime() && !/;?(COUNT|UNTIL)=/i.test(rrule)) break;
        occurrences.push(at);
        if (occurrences.length > MAX_OCCURRENCES_PER_SERIES) {
          throw new ValidationError('ics.seriesTooLong', { index, max: MAX_OCCURRENCES_PER_SERIES }, 'ICS_INVALID');
        }
      }
    } catch (err) {
      if (err instanceof ValidationError) throw err;
      throw invalid(index);
    }
    if (occurrences.length === 0) return;
    const exdates: Date[] = [];
    for (const prop of component.getAllProperties('exdate')) {
      const exTzid = (prop.getParameter('tzid') as string | undefined) ?? tzid;
      for (const value of prop.getValues()) {
        if (value instanceof ICAL.Time) exdates.push(toInstant(value, exTzid, fallbackZone));
      }
    }
    series.push({ master: event, rrule, occurrences, exdates, durationMs });
    rows += occurrences.length;
    if (rows > MAX_ROWS) throw new ValidationError('ics.tooManyEvents', { max: MAX_ROWS }, 'ICS_INVALID');
  });
  return { singles, series, overrides };
}

/**
 * The series row for an imported recurring event, when the schedule's own expansion of the
 * (normalised) rule from DTSTART makes every occurrence ical.js found (docs/schedule.md
 * invariant 3): the rule's other starts become exception dates. Otherwise (a rule the
 * schedule does not take, a zone only the file defines) null: the occurrences are imported
 * as separate events, each at the time the file gives it.
 */
function storableSeries(s: ParsedSeries, zone: string): { rrule: string; dtstart: Date; exdates: Date[] } | null {
  try {
    const last = s.occurrences[s.occurrences.length - 1] as Date;
    const bounded = /(^|;)(COUNT|UNTIL)=/i.test(s.rrule) ? s.rrule : `${s.rrule};UNTIL=${DateTime.fromJSDate(last, { zone: 'UTC' }).toFormat("yyyyLLdd'T'HHmmss'Z'")}`;
    const rrule = normaliseRule(bounded, zone);
    const starts = expandRule({ rrule, timeZone: zone, dtstart: s.master.startAt });
    const found = new Set(s.occurrences.map((d) => d.getTime()));
    const made = new Set(starts.map((d) => d.getTime()));
    if (![...found].every((t) => made.has(t)) || starts[0]?.getTime() !== s.master.startAt.getTime()) return null;
    return { rrule, dtstart: s.master.startAt, exdates: starts.filter((d) => !found.has(d.getTime())) };
  } catch {
    return null;
  }
}

type EventRow = EventCore & {
  timeZone: string;
  seriesId?: number | null;
  originalStart?: Date | null;
  isException?: boolean;
};

/**
 * Writes imported events through the schedule's row writer: unpublished, created by the
 * importer, who is their only participant.
 */
async function insertImported(tx: Tx, creatorId: number, rows: EventRow[]): Promise<number[]> {
  const full: EventRowInput[] = rows.map((r) => ({
    title: r.title,
    content: r.content,
    address: r.address,
    startAt: r.startAt,
    endAt: r.endAt,
    allDay: r.allDay,
    timeZone: r.timeZone,
    isOpen: false,
    type: 1,
    published: false,
    projectId: null,
    placeId: null,
    seriesId: r.seriesId ?? null,
    originalStart: r.originalStart ?? null,
    isException: r.isException ?? false,
    creatorId,
  }));
  return insertEvents(tx, full, [creatorId]);
}

/** Imports an .ics file into the caller's calendar; all or nothing. */
export async function importIcs(ctx: ServiceContext, file: File | null | undefined): Promise<ImportResult> {
  return runWrite(ctx, { operation: 'ics.import', targetType: 'WorkEvent' }, async (tx) => {
    const actor = authorize(ctx, 'ics.import');
    const untitled = ctx.lang === 'en' ? '(no title)' : '（无标题）';
    const parsed = await parseIcsFile(file, actor.timeZone, untitled);

    // Skip what the caller already has: same title, start and end among their own events.
    const starts = [...parsed.singles.map((e) => e.startAt), ...parsed.series.map((s) => s.occurrences[0] as Date), ...parsed.overrides.map((o) => o.startAt)];
    const existing = starts.length
      ? await tx.workEvent.findMany({
          where: {
            creatorId: actor.id,
            startAt: { gte: new Date(Math.min(...starts.map((d) => d.getTime()))), lte: new Date(Math.max(...starts.map((d) => d.getTime()))) },
          },
          select: { title: true, startAt: true, endAt: true },
        })
      : [];
    const known = new Set(existing.map((e) => `${e.title}|${e.startAt.getTime()}|${e.endAt.getTime()}`));
    const isKnown = (e: { title: string; startAt: Date; endAt: Date }) => known.has(`${e.title}|${e.startAt.getTime()}|${e.endAt.getTime()}`);

    let skipped = 0;
    const eventIds: number[] = [];
    const singles = parsed.singles.filter((e) => (isKnown(e) ? ((skipped += 1), false) : true));
    eventIds.push(...(await insertImported(tx, actor.id, singles)));

    let seriesCount = 0;
    const overridesLeft = new Set(parsed.overrides);
    for (const s of parsed.series) {
      const first = s.occurrences[0] as Date;
      const mine = parsed.overrides.filter((o) => o.uid === s.master.uid);
      if (isKnown({ title: s.master.title, startAt: first, endAt: new Date(first.getTime() + s.durationMs) })) {
        skipped += 1;
        for (const o of mine) overridesLeft.delete(o);
        continue;
      }
      const zone = s.master.timeZone;
      const endOf = (start: Date) =>
        s.master.allDay
          ? DateTime.fromJSDate(start, { zone })
              .plus({ days: Math.max(1, Math.round(s.durationMs / 86_400_000)) })
              .toJSDate()
          : new Date(start.getTime() + s.durationMs);
      const byStart = new Map<number, ParsedOverride>();
      for (const o of mine) {
        if (s.occurrences.some((d) => d.getTime() === o.recurrenceId.getTime())) {
          byStart.set(o.recurrenceId.getTime(), o);
          overridesLeft.delete(o);
        }
      }
      const stored = storableSeries(s, zone);
      const rows: EventRow[] = s.occurrences.map((start) => {
        const o = byStart.get(start.getTime());
        const link = stored ? { originalStart: start } : {};
        return o ? { ...o, ...link, isException: !!stored } : { ...s.master, startAt: start, endAt: endOf(start), ...link };
      });
      if (stored) {
        const seriesId = await insertSeries(tx, {
          rrule: stored.rrule,
          timeZone: zone,
          dtstart: stored.dtstart,
          durationMin: Math.round(s.durationMs / 60_000),
          exdates: stored.exdates,
          creatorId: actor.id,
        });
        for (const r of rows) r.seriesId = seriesId;
        seriesCount += 1;
      }
      eventIds.push(...(await insertImported(tx, actor.id, rows)));
    }
    // Overrides whose series is not in the file (or whose occurrence the rule does not make).
    const loose = [...overridesLeft].filter((e) => (isKnown(e) ? ((skipped += 1), false) : true));
    eventIds.push(...(await insertImported(tx, actor.id, loose)));

    return { result: { importedCount: eventIds.length, seriesCount, skippedCount: skipped, eventIds }, targetIds: eventIds.slice(0, 100) };
  });
}
