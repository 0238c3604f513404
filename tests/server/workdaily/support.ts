/**
 * Helpers shared by the workdaily suites (not a test file itself).
 */
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

export const OPEN = `mutation Open($input: IcsSubscriptionFrequencyInput) {
  openIcsSubscription(input: $input) {
    __typename
    ... on IcsSubscriptionPayload { icsSubscription { id databaseId state feedPath pushFrequencyHours effectiveAt linkCreatedAt effectiveNotice } }
    ... on Error { code message }
  }
}`;

export type SubscriptionAnswer = {
  __typename: string;
  icsSubscription?: { id: string; databaseId: number; state: string; feedPath: string | null; pushFrequencyHours: number; effectiveAt: string | null; linkCreatedAt: string | null };
  code?: string;
  message?: string;
};

export async function transition(t: TestApp, token: string, name: 'open' | 'pause' | 'restore' | 'regenerate', input?: Record<string, unknown>): Promise<SubscriptionAnswer> {
  const withInput = name === 'open' || name === 'restore';
  const doc = `mutation${withInput ? '($input: IcsSubscriptionFrequencyInput)' : ''} {
    r: ${name}IcsSubscription${withInput ? '(input: $input)' : ''} {
      __typename
      ... on IcsSubscriptionPayload { icsSubscription { id databaseId state feedPath pushFrequencyHours effectiveAt linkCreatedAt } }
      ... on Error { code message }
    }
  }`;
  const res = await gql<{ r: SubscriptionAnswer }>(t, doc, input ? { input } : {}, { token });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data!.r;
}
