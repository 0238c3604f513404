import { DateTime } from 'luxon';
import { fromInputValue, toInputValue } from '../../../components/calendar/localizer.ts';
import { repeatFromRule, repeatProblem, NO_REPEAT, type Repeat } from '../../../components/calendar/recurrence.ts';
import type { Person } from './PeoplePicker.tsx';
import type { EventDialogQuery$data } from './__generated__/EventDialogQuery.graphql.ts';

/** The event dialog's form: what it holds, where it starts, how it is checked. */

type Loaded = NonNullable<EventDialogQuery$data['node']>;

/** Rich HTML from the server as plain lines for the text box, and back (escaped, lines as <br>). */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p[^>]*>/gi, '\n'), 'text/html');
  return (doc.body.textContent ?? '').trim();
}
export function textToHtml(text: string): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return esc.trim() ? `<p>${esc.split('\n').join('<br>')}</p>` : '';
}

/** What a new event starts with (a range selected on the grid). */
export type Draft = { start: Date; end: Date; allDay: boolean };

export type Form = {
  title: string;
  content: string;
  address: string;
  participants: Person[];
  projectId: string;
  type: number;
  allDay: boolean;
  isOpen: boolean;
  published: boolean;
  start: string; // datetime-local or date (all-day)
  end: string;
  repeat: Repeat;
};

export function formOf(draft: Draft, me: Person): Form {
  const allDay = draft.allDay;
  // An all-day selection ends at the next midnight: the form shows the last day.
  const end = allDay ? DateTime.fromJSDate(draft.end).minus({ days: 1 }).toJSDate() : draft.end;
  return {
    title: '',
    content: '',
    address: '',
    participants: [me],
    projectId: '',
    type: 1,
    allDay,
    isOpen: false,
    published: false,
    start: toInputValue(draft.start, allDay),
    end: toInputValue(end < draft.start ? draft.start : end, allDay),
    repeat: NO_REPEAT,
  };
}

export function formOfEvent(e: Loaded): Form {
  const allDay = e.allDay ?? false;
  const start = new Date(e.startAt ?? '');
  const endRaw = new Date(e.endAt ?? '');
  const end = allDay ? DateTime.fromJSDate(endRaw).minus({ days: 1 }).toJSDate() : endRaw;
  return {
    title: e.title ?? '',
    content: htmlToText(e.content ?? ''),
    address: e.address ?? '',
    participants: (e.participants ?? []).map((p) => ({ id: p.user.id, databaseId: p.user.databaseId, name: p.user.name, nameEn: p.user.nameEn })),
    projectId: e.project?.id ?? '',
    type: e.type ?? 1,
    allDay,
    isOpen: e.isOpen ?? false,
    published: e.published ?? false,
    start: toInputValue(start, allDay),
    end: toInputValue(end < start ? start : end, allDay),
    repeat: e.series ? repeatFromRule(e.series.rule) : NO_REPEAT,
  };
}

/** The instants the form names (all-day: midnight of the first day to midnight after the last). */
export function timing(f: Form): { startAt: Date | null; endAt: Date | null } {
  const s = fromInputValue(f.start);
  const e = fromInputValue(f.end);
  if (!s || !e) return { startAt: s, endAt: e };
  if (!f.allDay) return { startAt: s, endAt: e };
  return { startAt: DateTime.fromJSDate(s).startOf('day').toJSDate(), endAt: DateTime.fromJSDate(e).startOf('day').plus({ days: 1 }).toJSDate() };
}

/** The fields whose problems show under them (catalogue keys). */
export type Errors = Partial<Record<'title' | 'time' | 'repeat', string>>;

/** Each field's problem, checked on submit and again as the form changes (a fixed field's message goes at once). */
export function validate(f: Form): Errors {
  const errors: Errors = {};
  if (!f.title.trim()) errors.title = 'calendarUi.titleRequired';
  const { startAt, endAt } = timing(f);
  if (!startAt || !endAt || endAt < startAt) errors.time = 'calendarUi.endBeforeStart';
  const repeatIssue = repeatProblem(f.repeat);
  if (repeatIssue) errors.repeat = repeatIssue;
  return errors;
}

/** The messages still true of the changed form: a fixed field's message goes, no new one appears while typing. */
export function keptErrors(prev: Errors, updated: Form): Errors {
  if (!Object.keys(prev).length) return prev;
  const now = validate(updated);
  const kept: Errors = {};
  for (const k of Object.keys(prev) as Array<keyof Errors>) if (now[k]) kept[k] = now[k];
  return kept;
}

/** The form switched to or from all day: the same days, and a timed event at least an hour long. */
export function withAllDay(f: Form, allDay: boolean): Form {
  const s = fromInputValue(f.start) ?? new Date();
  const en = fromInputValue(f.end) ?? s;
  const end = allDay
    ? en
    : DateTime.fromJSDate(en)
        .plus({ hours: en.getTime() === s.getTime() ? 1 : 0 })
        .toJSDate();
  return { ...f, allDay, start: toInputValue(s, allDay), end: toInputValue(end, allDay) };
}
