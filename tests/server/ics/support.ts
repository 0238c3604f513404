/**
 * Helpers shared by the ics suites (not a test file itself).
 */
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import ical from 'node-ical';
import { buildContext, type ServiceContext } from '../../../server/context.ts';
import { gql, uniqueAddress, type TestApp } from '../../helpers/app.ts';

/** A service context for a logged-in token, as a request on the GraphQL door would build it. */
export async function serviceContext(t: TestApp, token: string): Promise<ServiceContext> {
  const request = new Request('http://test.local/graphql', { headers: { 'x-token': token } });
  return buildContext({ db: t.db, config: t.config }, request, 'GRAPHQL', uniqueAddress());
}

export async function fetchFeed(t: TestApp, path: string): Promise<Response> {
  return t.app.fetch(new Request(`http://test.local${path}`));
}

/** The first daylight-saving change of `zone` after `after` (searching day by day). */
export function nextTransition(zone: string, after: Date): Date {
  let prev = DateTime.fromJSDate(after, { zone });
  for (let i = 1; i <= 400; i++) {
    const next = prev.plus({ days: 1 });
    if (next.offset !== prev.offset) return next.toJSDate();
    prev = next;
  }
  throw new Error(`no transition in ${zone}`);
}

export type Occurrence = { start: number; end: number; summary: string; allDay: boolean; status: string; day?: string };

function localDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Parses a feed with node-ical and expands every VEVENT (RRULE, EXDATE, RECURRENCE-ID) over [from, to). */
export function expandFeed(text: string, from: Date, to: Date): Occurrence[] {
  const parsed = ical.sync.parseICS(text);
  const out: Occurrence[] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (key === 'vcalendar' || !value || (value as { type?: string }).type !== 'VEVENT') continue;
    const ev = value as ical.VEvent;
    if (ev.recurrenceid && !ev.rrule) continue; // an override without its master is listed under the master
    const instances = ical.expandRecurringEvent(ev, {
      from: new Date(from.getTime() - 40 * 86_400_000),
      to: new Date(to.getTime() + 2 * 86_400_000),
      expandOngoing: true,
    });
    for (const i of instances) {
      const start = new Date(i.start as Date);
      const end = new Date(i.end as Date);
      const summary = typeof i.summary === 'string' ? i.summary : String((i.summary as { val?: string })?.val ?? '');
      const status = String((i.event as { status?: string }).status ?? '');
      if (i.isFullDay) {
        out.push({ start: start.getTime(), end: end.getTime(), summary, allDay: true, status, day: localDay(start) });
      } else if (start.getTime() < to.getTime() && end.getTime() > from.getTime()) {
        out.push({ start: start.getTime(), end: end.getTime(), summary, allDay: false, status });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start || a.summary.localeCompare(b.summary));
}

/** The same expansion with ical.js (Mozilla's parser): RRULE, EXDATE and RECURRENCE-ID, the file's own VTIMEZONEs. */
export function expandFeedIcalJs(text: string, from: Date, to: Date): Occurrence[] {
  const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  const masters = new Map<string, ICAL.Event>();
  for (const e of events) if (!e.isRecurrenceException()) masters.set(e.uid, e);
  const standalone: ICAL.Event[] = [];
  for (const e of events) {
    if (!e.isRecurrenceException()) continue;
    const master = masters.get(e.uid);
    if (master) master.relateException(e);
    else standalone.push(e);
  }
  const out: Occurrence[] = [];
  const add = (start: ICAL.Time, end: ICAL.Time, item: ICAL.Event) => {
    const status = String(item.component.getFirstPropertyValue('status') ?? '');
    if (start.isDate) {
      out.push({ start: 0, end: 0, summary: item.summary, allDay: true, status, day: start.toString() });
      return;
    }
    const s = start.toJSDate().getTime();
    const e = end.toJSDate().getTime();
    if (s < to.getTime() && e > from.getTime()) out.push({ start: s, end: e, summary: item.summary, allDay: false, status });
  };
  for (const e of [...masters.values(), ...standalone]) {
    if (!e.isRecurring()) {
      add(e.startDate, e.endDate, e);
      continue;
    }
    const it = e.iterator();
    for (let next = it.next(); next && next.toJSDate().getTime() < to.getTime() + 2 * 86_400_000; next = it.next()) {
      const d = e.getOccurrenceDetails(next);
      add(d.startDate, d.endDate, d.item);
    }
  }
  return out.sort((a, b) => a.start - b.start || a.summary.localeCompare(b.summary));
}

export type SubscriptionAnswer = {
  __typename: string;
  /** The new link, after open and regenerate only (shown once). */
  feedPath?: string | null;
  icsSubscription?: { id: string; databaseId: number; state: string; pushFrequencyHours: number; effectiveAt: string | null; linkCreatedAt: string | null };
  code?: string;
  message?: string;
};

export async function transition(t: TestApp, token: string, name: 'open' | 'pause' | 'restore' | 'regenerate', input?: Record<string, unknown>): Promise<SubscriptionAnswer> {
  const withInput = name === 'open' || name === 'restore';
  const doc = `mutation${withInput ? '($input: IcsSubscriptionFrequencyInput)' : ''} {
    r: ${name}IcsSubscription${withInput ? '(input: $input)' : ''} {
      __typename
      ... on IcsSubscriptionPayload { feedPath icsSubscription { id databaseId state pushFrequencyHours effectiveAt linkCreatedAt } }
      ... on Error { code message }
    }
  }`;
  const res = await gql<{ r: SubscriptionAnswer }>(t, doc, input ? { input } : {}, { token });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data!.r;
}
