import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import '../../../components/calendar/calendar.css';
import { Alert, Badge, Box, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { CalendarClock, Plus, Repeat2 } from 'lucide-react';
import { DateTime } from 'luxon';
import { createContext, memo, Suspense, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, useTransition } from 'react';
import { Calendar, Views, type Components, type EventProps, type SlotInfo, type ToolbarProps, type View } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery, useMutation, usePreloadedQuery } from 'react-relay';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { preloadOnIntent } from '../../../relay/preloadOnIntent.ts';
import eventDialogQuery from './__generated__/EventDialogQuery.graphql.ts';
import { RichTextView } from '../../../components/editor/RichTextView.tsx';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { myCalendarRoute } from './MyCalendar.route.ts';
import { ConflictList, type Clash } from '../../../components/calendar/ConflictList.tsx';
import { entryStyle, eventStyle, EVENT_TYPES, projectColour, typeEdge } from '../../../components/calendar/colours.ts';
import { IcsPanel } from '../../../components/calendar/IcsPanel.tsx';
import { cultureOf, formatsFor, fromLocal, isoDay, localizer, setCalendarZone, todayIso, visibleRange, AGENDA_DAYS } from '../../../components/calendar/localizer.ts';
import { useCalendarTexts } from '../../../components/calendar/useCalendarTexts.ts';
import { isShort, nextWorkingHour } from '../../../components/calendar/rules.ts';
import { useCalendarAriaFix } from '../../../components/calendar/a11y.ts';
import { PHONE_BELOW, useIsPhone } from '../../../lib/useMedia.ts';
import type { Lang } from '../../../lib/format.ts';
import { PeoplePicker, personName, type Person } from './PeoplePicker.tsx';
import { onCalendarChanged } from '../../../components/calendar/signal.ts';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { sessionUser } from '../../../state/session.ts';
import { EventDialog, updateMutation, type Draft, type EventScope, type Project } from './EventDialog.tsx';
import type { EventDialogUpdateMutation } from './__generated__/EventDialogUpdateMutation.graphql.ts';
import type { MyCalendarScreenQuery } from './__generated__/MyCalendarScreenQuery.graphql.ts';
import type { MyCalendarRangeQuery, MyCalendarRangeQuery$data } from './__generated__/MyCalendarRangeQuery.graphql.ts';
import type { MyCalendarDismissMutation } from './__generated__/MyCalendarDismissMutation.graphql.ts';
import { useVisitKey } from '../../../relay/visitKey.ts';

/** What the screen needs once: the viewer, the projects for the form and legend, today's reminder. */
const screenQuery = graphql`
  query MyCalendarScreenQuery {
    viewer {
      databaseId
      manage: can(right: "schedule.manage")
      user {
        id
        databaseId
        name
        nameEn
        timeZone
      }
    }
    projects(first: 200, excludeStates: [FINISHED, CANCELLED]) {
      edges {
        node {
          id
          databaseId
          name
          nameEn
        }
      }
    }
    dailyReminder {
      __typename
      ... on DailyReminder {
        day
        isNeed
        workIsEmpty
        workTasksLength
        dismissed
      }
    }
  }
`;

/** Everything a visible range shows, in one request (the schedule's `calendar`). */
const rangeQuery = graphql`
  query MyCalendarRangeQuery($from: DateTime!, $to: DateTime!, $userIds: [ID!], $timeZone: String) {
    calendar(from: $from, to: $to, userIds: $userIds, timeZone: $timeZone) {
      timeZone
      occurrences {
        eventId
        title
        startLocal
        endLocal
        allDay
        isOpen
        published
        type
        projectId
        seriesId
        isException
        creatorId
      }
      scheduleEntries {
        id
        beginAt
        endAt
        workDate
        workHours
        scheduleType
        content
        employee {
          databaseId
          name
          nameEn
        }
        project {
          databaseId
          name
          nameEn
        }
      }
    }
  }
`;

const dismissMutation = graphql`
  mutation MyCalendarDismissMutation($input: DismissDailyReminderInput) {
    dismissDailyReminder(input: $input) {
      __typename
      ... on DismissDailyReminderPayload {
        reminder {
          day
          isNeed
          dismissed
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Occurrence = MyCalendarRangeQuery$data['calendar']['occurrences'][number];
type Entry = MyCalendarRangeQuery$data['calendar']['scheduleEntries'][number];

export type CalEvent =
  { kind: 'event'; id: string; title: string; start: Date; end: Date; allDay: boolean; o: Occurrence; draggable: boolean } | { kind: 'entry'; id: string; title: string; start: Date; end: Date; allDay: false; e: Entry };

// The addon is CommonJS (`exports.default`); bundlers differ on what its default import is.
type WithDnD = typeof dragAndDrop.default;
const withDragAndDrop: WithDnD = typeof dragAndDrop.default === 'function' ? dragAndDrop.default : (dragAndDrop.default as unknown as { default: WithDnD }).default;
const DnDCalendar = withDragAndDrop<CalEvent>(Calendar);
const VIEWS: View[] = [Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA];
/** On a phone seven columns do not fit: day and agenda (and the month for an overview). */
const PHONE_VIEWS: View[] = [Views.DAY, Views.AGENDA, Views.MONTH];

type Move = { event: Extract<CalEvent, { kind: 'event' }>; start: Date; end: Date; allDay: boolean; scope: EventScope | null };

/** performance marks read by the browser tests (docs/schedule-ui.md, "Measured"). */
function markPaint(startMark: string, name: string) {
  requestAnimationFrame(() =>
    setTimeout(() => {
      try {
        performance.mark(`${name}:painted`);
        performance.measure(name, startMark, `${name}:painted`);
      } catch {
        // the start mark was cleared
      }
    }, 0),
  );
}

/** The event dialog's query starts when the pointer is over an event (docs/ui-kit.md, "Loading"). */
function preloadEventUnder(e: { target: EventTarget }): void {
  const id = (e.target as Element).closest?.('.rbc-event')?.querySelector('[data-event-id]')?.getAttribute('data-event-id');
  if (id) preloadOnIntent(eventDialogQuery, { id });
}

const EventCell = memo(function EventCell({ event }: EventProps<CalEvent>) {
  if (event.kind === 'entry') {
    return (
      <span className="bo-cal-event" data-kind="entry">
        <CalendarClock size={11} style={{ display: 'inline', marginRight: 2 }} />
        {event.title}
      </span>
    );
  }
  const o = event.o;
  return (
    <span className="bo-cal-event" data-kind="event" data-event-id={o.eventId} data-published={o.published ? '1' : '0'} data-series={o.seriesId ? '1' : '0'}>
      {o.seriesId ? <Repeat2 size={11} style={{ display: 'inline', marginRight: 2 }} aria-hidden /> : null}
      {event.title}
    </span>
  );
});

/**
 * Week and day views: a short event (45 minutes or less) has room for one line, so it shows its
 * start time and its title there (the time label above the title is hidden by `.bo-cal-short`).
 */
const TimedEventCell = memo(function TimedEventCell(props: EventProps<CalEvent>) {
  const { event } = props;
  if (event.allDay || !isShort(event.start, event.end)) return <EventCell {...props} />;
  return (
    <span className="bo-cal-event bo-cal-oneline" data-kind={event.kind} data-event-id={event.kind === 'event' ? event.o.eventId : undefined}>
      <span className="bo-cal-time">{DateTime.fromJSDate(event.start).toFormat('HH:mm')}</span> {event.title}
    </span>
  );
});

/** Agenda rows: the date and time cells stay plain; the event is a chip in its own colours. */
const AgendaEventCell = memo(function AgendaEventCell({ event }: EventProps<CalEvent>) {
  const style = event.kind === 'entry' ? entryStyle(event.e.scheduleType === 2, event.e.project?.databaseId) : eventStyle({ projectId: event.o.projectId ?? null, type: event.o.type, published: event.o.published });
  return (
    <span className="bo-cal-agenda-chip" style={style}>
      {event.kind === 'event' && event.o.seriesId ? <Repeat2 size={11} style={{ display: 'inline', marginRight: 2 }} aria-hidden /> : null}
      {event.title}
    </span>
  );
});

/** What the toolbar needs beyond react-big-calendar's props: the range being loaded. */
const LoadingContext = createContext<{ pending: boolean; label: string | null }>({ pending: false, label: null });

/**
 * The calendar's toolbar (react-big-calendar's classes kept): while a new range loads it shows
 * that range's title at once with "Loading…", instead of the old title and a tiny spinner.
 */
function Toolbar({ label, onNavigate, onView, view, views }: ToolbarProps<CalEvent>) {
  const { t } = useTranslation();
  const loading = useContext(LoadingContext);
  const names = views as View[];
  return (
    <div className="rbc-toolbar">
      <span className="rbc-btn-group">
        <button type="button" onClick={() => onNavigate('TODAY')}>
          {t('calendarUi.today')}
        </button>
        <button type="button" onClick={() => onNavigate('PREV')}>
          {t('calendarUi.previous')}
        </button>
        <button type="button" onClick={() => onNavigate('NEXT')}>
          {t('calendarUi.next')}
        </button>
      </span>
      <span className="rbc-toolbar-label" aria-live="polite" data-testid="calendar-label">
        {loading.pending && loading.label ? loading.label : label}
        {loading.pending ? (
          <span className="bo-cal-loading-note" data-testid="calendar-pending">
            <Spinner size="xs" /> {t('calendarUi.loading')}
          </span>
        ) : null}
      </span>
      <span className="rbc-btn-group">
        {names.map((v) => (
          <button key={v} type="button" className={v === view ? 'rbc-active' : undefined} aria-pressed={v === view} onClick={() => onView(v)}>
            {t(`calendarUi.${v}`)}
          </button>
        ))}
      </span>
    </div>
  );
}

/** The title of a range as the toolbar writes it (to show the range being loaded). */
function rangeLabel(view: View, date: Date, lang: Lang): string {
  const f = formatsFor(lang) as Record<string, unknown>;
  const call = (name: string, arg: unknown) => (f[name] as (a: unknown) => string)(arg);
  const d = DateTime.fromJSDate(date);
  if (view === Views.MONTH) return call('monthHeaderFormat', date);
  if (view === Views.DAY) return call('dayHeaderFormat', date);
  if (view === Views.AGENDA) return call('agendaHeaderFormat', { start: date, end: d.plus({ days: AGENDA_DAYS - 1 }).toJSDate() });
  const start = d.startOf('week');
  return call('dayRangeHeaderFormat', { start: start.toJSDate(), end: start.plus({ days: 6 }).toJSDate() });
}

function toEvents(data: MyCalendarRangeQuery$data['calendar'], canDrag: (o: Occurrence) => boolean, lang: 'zh' | 'en', hoursText: (h: number) => string): CalEvent[] {
  const out: CalEvent[] = [];
  for (const o of data.occurrences) {
    let start = fromLocal(o.startLocal);
    let end = fromLocal(o.endLocal);
    if (o.allDay) {
      start = DateTime.fromJSDate(start).startOf('day').toJSDate();
      const e = DateTime.fromJSDate(end);
      end = (e.equals(e.startOf('day')) ? e : e.startOf('day').plus({ days: 1 })).toJSDate();
    }
    out.push({ kind: 'event', id: o.eventId, title: o.title, start, end, allDay: o.allDay, o, draggable: canDrag(o) });
  }
  for (const e of data.scheduleEntries) {
    const project = e.project ? (lang === 'en' && e.project.nameEn ? e.project.nameEn : e.project.name) : '';
    const who = personName(e.employee, lang);
    out.push({
      kind: 'entry',
      id: e.id,
      title: `${who} · ${project ? `${project} · ` : ''}${hoursText(e.workHours)}`,
      start: new Date(e.beginAt),
      end: new Date(e.endAt),
      allDay: false,
      e,
    });
  }
  return out;
}

type GridProps = {
  views: View[];
  target: { view: View; date: Date };
  view: View;
  date: Date;
  people: readonly Person[];
  me: Person;
  manage: boolean;
  zone: string;
  fetchKey: string;
  pending: boolean;
  onView: (v: View) => void;
  onNavigate: (d: Date) => void;
  onSelectSlot: (d: Draft) => void;
  onOpen: (e: CalEvent) => void;
  onMove: (m: Move) => void;
  moves: ReadonlyMap<string, Move>;
  onEmptyDays: (days: string[]) => void;
};

/** The grid of the visible range: one query, refetched when the range, the people or fetchKey change. */
const Grid = memo(function Grid({ views, target, view, date, people, me, manage, zone, fetchKey, pending, onView, onNavigate, onSelectSlot, onOpen, onMove, moves, onEmptyDays }: GridProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const range = useMemo(() => visibleRange(view, date), [view, date]);
  const userIds = useMemo(() => (people.length ? people.map((p) => p.id) : null), [people]);
  const data = useLazyLoadQuery<MyCalendarRangeQuery>(rangeQuery, { from: range.from, to: range.to, userIds, timeZone: zone }, { fetchKey, fetchPolicy: 'store-and-network' });
  const calendar = data.calendar;
  // cal-render starts when a render first sees new data (React's pattern for information from
  // previous renders: state adjusted during render).
  const [dataSeen, setDataSeen] = useState<unknown>(null);
  if (dataSeen !== calendar) {
    setDataSeen(calendar);
    performance.mark('cal:data');
  }

  const canDrag = useCallback((o: Occurrence) => manage || o.creatorId === me.databaseId, [manage, me.databaseId]);
  const base = useMemo(() => toEvents(calendar, canDrag, lang, (h) => t('calendarUi.hours', { hours: h })), [calendar, canDrag, lang, t]);
  const events = useMemo(() => {
    if (!moves.size) return base;
    return base.map((e) => {
      const m = moves.get(e.id);
      return m && e.kind === 'event' ? { ...e, start: m.start, end: m.end, allDay: m.allDay } : e;
    });
  }, [base, moves]);

  // Past weekdays in view without a schedule entry of the viewer (the reminder's "empty day").
  const showsMe = !people.length || people.some((p) => p.id === me.id);
  const emptyDays = useMemo(() => {
    if (!showsMe) return new Set<string>();
    const filled = new Set(calendar.scheduleEntries.filter((e) => e.employee.databaseId === me.databaseId).map((e) => e.workDate));
    const out = new Set<string>();
    const today = todayIso();
    for (let d = DateTime.fromISO(range.from); d < DateTime.fromISO(range.to); d = d.plus({ days: 1 })) {
      const day = d.toISODate()!;
      if (day > today || d.weekday > 5) continue;
      if (!filled.has(day)) out.add(day);
    }
    return out;
  }, [calendar, me.databaseId, range, showsMe]);
  useEffect(() => onEmptyDays([...emptyDays]), [emptyDays, onEmptyDays]);

  useLayoutEffect(() => {
    markPaint('cal:data', 'cal-render');
    markPaint('cal:range', 'cal-range');
  }, [calendar]);
  useLayoutEffect(() => {
    if (moves.size) markPaint('cal:drop', 'cal-drop');
  }, [moves]);

  const { messages, formats } = useCalendarTexts();
  const eventPropGetter = useCallback(
    (e: CalEvent) => ({
      style: e.kind === 'entry' ? entryStyle(e.e.scheduleType === 2, e.e.project?.databaseId) : eventStyle({ projectId: e.o.projectId ?? null, type: e.o.type, published: e.o.published }),
      className: `${e.kind === 'entry' ? 'bo-cal-entry' : e.o.published ? 'bo-cal-published' : 'bo-cal-unpublished'}${!e.allDay && isShort(e.start, e.end) ? ' bo-cal-short' : ''}`,
    }),
    [],
  );
  // Past weekdays without a work log are tinted; the note above the grid says it once for the range.
  const dayPropGetter = useCallback((d: Date) => (emptyDays.has(isoDay(d)) ? { className: 'bo-cal-empty-day' } : {}), [emptyDays]);
  const components = useMemo<Components<CalEvent>>(
    () => ({
      toolbar: Toolbar,
      event: EventCell,
      week: { event: TimedEventCell },
      day: { event: TimedEventCell },
      agenda: { event: AgendaEventCell },
    }),
    [],
  );
  const rootRef = useRef<HTMLDivElement>(null);
  useCalendarAriaFix(rootRef);
  const loading = useMemo(() => ({ pending, label: pending ? rangeLabel(target.view, target.date, lang) : null }), [pending, target, lang]);
  const scrollToTime = useMemo(() => DateTime.now().set({ hour: 8, minute: 0 }).toJSDate(), []);

  const selectSlot = useCallback(
    (slot: SlotInfo) => {
      const start = slot.start as Date;
      const end = slot.end as Date;
      const atMidnight = (d: Date) => DateTime.fromJSDate(d).equals(DateTime.fromJSDate(d).startOf('day'));
      const allDay = view === Views.MONTH || (atMidnight(start) && atMidnight(end) && end > start);
      onSelectSlot({ start, end: end > start ? end : DateTime.fromJSDate(start).plus({ hours: 1 }).toJSDate(), allDay });
    },
    [onSelectSlot, view],
  );
  const drop = useCallback(
    ({ event, start, end, isAllDay }: EventInteractionArgs<CalEvent>) => {
      if (event.kind !== 'event' || !event.draggable) return;
      performance.mark('cal:drop');
      const allDay = isAllDay ?? event.allDay;
      let s = new Date(start);
      let e = new Date(end);
      if (allDay && !event.allDay) {
        // A timed event dropped on the all-day row becomes a one-day all-day event.
        s = DateTime.fromJSDate(s).startOf('day').toJSDate();
        e = DateTime.fromJSDate(s).plus({ days: 1 }).toJSDate();
      } else if (!allDay && event.allDay) {
        e = DateTime.fromJSDate(s).plus({ hours: 1 }).toJSDate();
      }
      if (s.getTime() === event.start.getTime() && e.getTime() === event.end.getTime() && allDay === event.allDay) return;
      onMove({ event, start: s, end: e, allDay, scope: null });
    },
    [onMove],
  );

  return (
    <Box
      ref={rootRef}
      className="bo-cal"
      h="full"
      position="relative"
      data-testid="calendar"
      data-view={view}
      data-events={events.length}
      data-from={range.from}
      data-to={range.to}
      data-pending={pending ? '1' : '0'}
      aria-busy={pending}
      onPointerOver={preloadEventUnder}
      onPointerDown={preloadEventUnder}
    >
      <LoadingContext.Provider value={loading}>
        {pending ? <Box className="bo-cal-loading-veil" data-testid="calendar-loading" /> : null}
        <DnDCalendar
          localizer={localizer}
          culture={cultureOf(lang)}
          events={events}
          view={view}
          views={views}
          date={date}
          onView={onView}
          onNavigate={onNavigate}
          messages={messages}
          formats={formats}
          components={components}
          eventPropGetter={eventPropGetter}
          dayPropGetter={dayPropGetter}
          selectable
          resizable
          popup
          onSelectSlot={selectSlot}
          onSelectEvent={onOpen}
          onEventDrop={drop}
          onEventResize={drop}
          draggableAccessor={(e) => e.kind === 'event' && e.draggable}
          resizableAccessor={(e) => e.kind === 'event' && e.draggable}
          scrollToTime={scrollToTime}
          step={30}
          timeslots={2}
          length={30}
          style={{ height: '100%' }}
        />
      </LoadingContext.Provider>
    </Box>
  );
});

function Legend({ projects, lang }: { projects: readonly Project[]; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <Flex gap="3" wrap="wrap" fontSize="xs" color="fg.muted" align="center" data-testid="calendar-legend">
      {EVENT_TYPES.map((ty) => (
        <Flex key={ty} align="center" gap="1">
          <Box w="1" h="3" bg={typeEdge(ty)} borderWidth={ty === 5 ? '1px' : 0} />
          {t(`calendarUi.type.${ty}`)}
        </Flex>
      ))}
      <Flex align="center" gap="1">
        <Box w="3" h="3" borderRadius="2px" style={eventStyle({ projectId: null, type: 1, published: false })} />
        {t('calendarUi.draft')}
      </Flex>
      <Flex align="center" gap="1">
        <Box w="3" h="3" style={entryStyle(false)} />
        {t('calendarUi.scheduleEntry')}
      </Flex>
      <Flex align="center" gap="1">
        <Box w="3" h="3" style={entryStyle(true)} />
        {t('calendarUi.overtime')}
      </Flex>
      {projects.slice(0, 6).map((p) => (
        <Flex key={p.id} align="center" gap="1">
          <Box w="3" h="3" borderRadius="sm" bg={projectColour(p.databaseId)} />
          {lang === 'en' && p.nameEn ? p.nameEn : p.name}
        </Flex>
      ))}
    </Flex>
  );
}

function EntryDialog({ entry, onClose }: { entry: Entry; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = (s: string) => DateTime.fromISO(s).toFormat('yyyy-MM-dd HH:mm');
  return (
    <DialogShell
      title={t('calendarUi.scheduleEntry')}
      onClose={onClose}
      testId="entry-dialog"
      footer={
        <Button variant="outline" onClick={onClose}>
          {t('calendarUi.close')}
        </Button>
      }
    >
      <Stack gap="2" fontSize="sm">
        <Text>
          {personName(entry.employee, lang)} · {entry.workDate}
        </Text>
        <Text>
          {fmt(entry.beginAt)} – {fmt(entry.endAt)}
        </Text>
        <Text>{entry.project ? (lang === 'en' && entry.project.nameEn ? entry.project.nameEn : entry.project.name) : t('calendarUi.noProject')}</Text>
        <Flex gap="2">
          <Badge colorPalette={entry.scheduleType === 2 ? 'orange' : 'green'}>{t(entry.scheduleType === 2 ? 'calendarUi.overtime' : 'calendarUi.regular')}</Badge>
          <Badge>{t('calendarUi.hours', { hours: entry.workHours })}</Badge>
        </Flex>
        {entry.content ? <RichTextView html={entry.content} color="fg.muted" /> : null}
      </Stack>
    </DialogShell>
  );
}

/** Which part of a series a drag moves. */
function ScopeDialog({ onChoose, onCancel }: { onChoose: (s: EventScope) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogShell
      title={t('calendarUi.scope.title')}
      onClose={onCancel}
      testId="scope-dialog"
      size="sm"
      footer={
        <Button variant="ghost" onClick={onCancel}>
          {t('calendarUi.cancel')}
        </Button>
      }
    >
      <Stack gap="2">
        {(['THIS', 'FOLLOWING', 'ALL'] as const).map((s) => (
          <Button key={s} variant="outline" justifyContent="flex-start" onClick={() => onChoose(s)} data-testid={`move-scope-${s}`}>
            {t(`calendarUi.scope.${s}`)}
          </Button>
        ))}
      </Stack>
    </DialogShell>
  );
}

/** Clashes of a drag: listed, save anyway or cancel (the event goes back). */
function MoveConflictDialog({ clashes, total, busy, onForce, onCancel }: { clashes: readonly Clash[]; total: number; busy: boolean; onForce: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <DialogShell
      title={t('calendarUi.conflict.title')}
      onClose={onCancel}
      testId="move-conflict-dialog"
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} data-testid="conflict-cancel">
            {t('calendarUi.cancel')}
          </Button>
          <Button colorPalette="red" loading={busy} onClick={onForce} data-testid="conflict-save-anyway">
            {t('calendarUi.conflict.saveAnyway')}
          </Button>
        </>
      }
    >
      <ConflictList clashes={clashes} total={total} />
    </DialogShell>
  );
}

/** Whose calendar it is: 我的日历, 张晓雯的日历, 3人的日历. */
function calendarTitle(people: readonly Person[], me: Person, lang: Lang, t: (k: string, p?: Record<string, unknown>) => string): string {
  if (!people.length || (people.length === 1 && people[0]!.id === me.id)) return t('calendarUi.title');
  if (people.length === 1) return t('calendarUi.titleOf', { name: personName(people[0]!, lang) });
  return t('calendarUi.titleOfMany', { count: people.length });
}

function Screen() {
  const { t } = useTranslation();
  const lang = useLang();
  const session = sessionUser.use();
  const { queryRef } = useRouteQuery(myCalendarRoute, {});
  const screen = usePreloadedQuery<MyCalendarScreenQuery>(screenQuery, queryRef);
  const viewer = screen.viewer;
  const zone = setCalendarZone(viewer.user.timeZone ?? session?.timeZone);
  const me = useMemo<Person>(() => ({ id: viewer.user.id, databaseId: viewer.user.databaseId, name: viewer.user.name, nameEn: viewer.user.nameEn }), [viewer.user]);
  const projects = useMemo<Project[]>(() => screen.projects.edges.map((e) => e.node), [screen.projects]);

  const phone = useIsPhone();
  const [view, setView] = useState<View>(() => (window.innerWidth < PHONE_BELOW ? Views.DAY : Views.WEEK));
  // A view the phone does not offer (the window narrowed) stays offered until the day view has loaded.
  const views = phone && PHONE_VIEWS.includes(view) ? PHONE_VIEWS : VIEWS;
  const [date, setDate] = useState(() => new Date());
  // The range asked for: the toolbar shows it at once while the grid loads it (in a transition).
  const [target, setTarget] = useState<{ view: View; date: Date }>({ view, date });
  const [people, setPeople] = useState<Person[]>([]);
  const [fetchKey, setFetchKey] = useState(0);
  // Coming back asks the server again (relay/visitKey.ts).
  const visit = useVisitKey('my-calendar');
  const [pending, startTransition] = useTransition();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [entry, setEntry] = useState<Entry | null>(null);
  const [ics, setIcs] = useState(false);
  const [moves, setMoves] = useState<ReadonlyMap<string, Move>>(new Map());
  const [askScope, setAskScope] = useState<Move | null>(null);
  const [moveClash, setMoveClash] = useState<{ move: Move; total: number; conflicts: readonly Clash[] } | null>(null);
  const [emptyDays, setEmptyDays] = useState<string[]>([]);
  const [reminderHidden, setReminderHidden] = useState(false);
  const [commitMove, moving] = useMutation<EventDialogUpdateMutation>(updateMutation);
  const [dismiss] = useMutation<MyCalendarDismissMutation>(dismissMutation);

  const refetch = useCallback(() => {
    performance.mark('cal:range');
    startTransition(() => setFetchKey((k) => k + 1));
  }, []);
  useEffect(() => onCalendarChanged(refetch), [refetch]);
  // A move is shown where it was dropped until the refetched range has it.
  const lastKey = useRef(fetchKey);
  useEffect(() => {
    if (!pending && lastKey.current !== fetchKey) {
      lastKey.current = fetchKey;
      setMoves((m) => {
        if (!m.size) return m;
        const next = new Map(m);
        for (const [id, mv] of m) if (!moveClash || moveClash.move !== mv) next.delete(id);
        return next;
      });
    }
  }, [pending, fetchKey, moveClash]);

  const changeRange = (fn: () => void) => {
    performance.mark('cal:range');
    startTransition(fn);
  };
  const dropMove = (m: Move) =>
    setMoves((prev) => {
      const next = new Map(prev);
      next.delete(m.event.id);
      return next;
    });
  const runMove = (m: Move, force: boolean) => {
    setMoves((prev) => new Map(prev).set(m.event.id, m));
    commitMove({
      variables: { input: { id: m.event.id, startAt: m.start.toISOString(), endAt: m.end.toISOString(), allDay: m.allDay, scope: m.scope, force } },
      onCompleted: (r) => {
        const res = r.updateWorkEvent;
        if (res.__typename === 'ScheduleConflictError') {
          setMoveClash({ move: m, total: res.total ?? 0, conflicts: res.conflicts ?? [] });
        } else if (res.__typename === 'WorkEventSavePayload') {
          setMoveClash(null);
          notify('success', t('calendarUi.moved'));
          refetch();
        } else {
          setMoveClash(null);
          dropMove(m);
          notify('error', res.message ?? t('transport.unknown'));
        }
      },
      onError: () => dropMove(m),
    });
  };
  const onMove = useCallback((m: Move) => {
    if (m.event.o.seriesId) setAskScope(m);
    else runMove(m, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onOpen = useCallback((e: CalEvent) => {
    if (e.kind === 'entry') setEntry(e.e);
    else setOpenId(e.id);
  }, []);
  const onSelectSlot = useCallback((d: Draft) => setDraft(d), []);
  const onEmptyDays = useCallback((days: string[]) => setEmptyDays((prev) => (prev.join() === days.join() ? prev : days)), []);
  const onView = useCallback((v: View) => {
    setTarget((x) => ({ ...x, view: v }));
    changeRange(() => setView(v));
  }, []);
  // Narrowed to a phone on a view it does not offer: the day view loads in a transition, so an
  // open dialog (a new event being typed) stays on screen rather than behind a loading fallback.
  useEffect(() => {
    // The media query is outside React: its change reaches the range through a transition, never during render.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (phone && !PHONE_VIEWS.includes(view)) onView(Views.DAY);
  }, [phone, view, onView]);
  const onNavigate = useCallback((d: Date) => {
    setTarget((x) => ({ ...x, date: d }));
    changeRange(() => setDate(d));
  }, []);

  const reminder = screen.dailyReminder.__typename === 'DailyReminder' ? screen.dailyReminder : null;
  const showReminder = !!reminder?.isNeed && !reminderHidden;

  return (
    <Stack gap="2" h="full" data-testid="working" data-zone={zone}>
      <Flex align="center" gap="3" wrap="wrap">
        <Heading as="h1" fontSize="lg" fontWeight="semibold" data-testid="calendar-title">
          {calendarTitle(people, me, lang, t)}
        </Heading>
        <Button
          size="sm"
          colorPalette="blue"
          onClick={() => {
            const start = nextWorkingHour(DateTime.now());
            setDraft({ start: start.toJSDate(), end: start.plus({ hours: 1 }).toJSDate(), allDay: false });
          }}
          data-testid="event-new"
        >
          <Plus size={16} /> {t('calendarUi.newEvent')}
        </Button>
        <PeoplePicker chosen={people} onChange={(p) => changeRange(() => setPeople(p))} />
        <Box flex="1" />
        <Button size="sm" variant="outline" onClick={() => setIcs(true)} data-testid="ics-open-panel">
          <CalendarClock size={16} /> {t('calendarUi.ics.button')}
        </Button>
      </Flex>
      {showReminder && reminder ? (
        <Alert.Root status="warning" py="2" data-testid="daily-reminder">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {reminder.workIsEmpty ? t('calendarUi.reminder') : null}
              {reminder.workTasksLength ? ` ${t('calendarUi.reminderTasks', { count: reminder.workTasksLength })}` : null}
            </Alert.Title>
            {emptyDays.length ? <Alert.Description>{t('calendarUi.emptyDays', { count: emptyDays.length })}</Alert.Description> : null}
          </Alert.Content>
          <Button size="xs" variant="ghost" onClick={() => dismiss({ variables: { input: { day: reminder.day } }, onCompleted: () => setReminderHidden(true) })} data-testid="reminder-dismiss">
            {t('calendarUi.reminderDismiss')}
          </Button>
        </Alert.Root>
      ) : emptyDays.length ? (
        <Text fontSize="sm" color="fg.warning" data-testid="empty-days-note">
          {t('calendarUi.emptyDays', { count: emptyDays.length })}
        </Text>
      ) : null}
      <Legend projects={projects} lang={lang} />
      <Box h="calc(100vh - 230px)" minH="560px">
        <Grid
          views={views}
          target={target}
          view={view}
          date={date}
          people={people}
          me={me}
          manage={viewer.manage}
          zone={zone}
          fetchKey={`${visit}-${fetchKey}`}
          pending={pending}
          onView={onView}
          onNavigate={onNavigate}
          onSelectSlot={onSelectSlot}
          onOpen={onOpen}
          onMove={onMove}
          moves={moves}
          onEmptyDays={onEmptyDays}
        />
      </Box>
      {(draft || openId) && (
        <EventDialog
          key={openId ?? 'new'}
          draft={draft}
          eventId={openId}
          me={me}
          projects={projects}
          zone={zone}
          onClose={() => {
            setDraft(null);
            setOpenId(null);
          }}
          onSaved={refetch}
        />
      )}
      {entry && <EntryDialog entry={entry} onClose={() => setEntry(null)} />}
      {ics && <IcsPanel onClose={() => setIcs(false)} />}
      {askScope && (
        <ScopeDialog
          onChoose={(s) => {
            const m = { ...askScope, scope: s };
            setAskScope(null);
            runMove(m, false);
          }}
          onCancel={() => setAskScope(null)}
        />
      )}
      {moveClash && (
        <MoveConflictDialog
          clashes={moveClash.conflicts}
          total={moveClash.total}
          busy={moving}
          onForce={() => runMove(moveClash.move, true)}
          onCancel={() => {
            dropMove(moveClash.move);
            setMoveClash(null);
          }}
        />
      )}
    </Stack>
  );
}

/** My Calendar (`/working`, pinned, full width). */
export function MyCalendar() {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Flex p="8" gap="2" align="center">
          <Spinner size="sm" />
          <Text>{t('calendarUi.loading')}</Text>
        </Flex>
      }
    >
      <Screen />
    </Suspense>
  );
}
