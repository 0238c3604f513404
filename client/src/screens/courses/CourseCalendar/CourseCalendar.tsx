import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import '../../../components/calendar/calendar.css';
import { Box, Button, Flex, Heading, SegmentGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus } from 'lucide-react';
import { DateTime } from 'luxon';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, useTransition } from 'react';
import type { TFunction } from 'i18next';
import { Calendar, Views, type ToolbarProps, type View } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { useCalendarAriaFix } from '../../../components/calendar/a11y.ts';
import { projectColour } from '../../../components/calendar/colours.ts';
import { cultureOf, localizer, setCalendarZone, visibleRange } from '../../../components/calendar/localizer.ts';
import { useCalendarTexts } from '../../../components/calendar/useCalendarTexts.ts';
import { onCalendarChanged } from '../../../components/calendar/signal.ts';
import { DialogLoading } from '../../../components/DialogShell.tsx';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { notify } from '../../../components/toaster.tsx';
import type { Lang } from '../../../lib/format.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useIsPhone } from '../../../lib/useMedia.ts';
import { sessionUser } from '../../../state/session.ts';
import { nameIn } from '../shared/codes.tsx';
import { LessonMoveDialog, type MovableLesson } from '../shared/LessonMoveDialog.tsx';
import { ScheduleLessonsDialog } from '../shared/ScheduleLessonsDialog.tsx';
import type { CourseCalendarQuery, CourseCalendarQuery$data } from './__generated__/CourseCalendarQuery.graphql.ts';
import { useVisitKey } from '../../../relay/visitKey.ts';

const rangeQuery = graphql`
  query CourseCalendarQuery($filter: LessonFilter!) {
    classrooms(first: 200) {
      edges {
        node {
          databaseId
          no
          name
          state
        }
      }
    }
    lessons(filter: $filter, first: 1000) {
      edges {
        node {
          id
          databaseId
          title
          startAt
          endAt
          seriesId
          classroomId
          classroomName
          viewerCanManage
          attendanceCounts {
            total
            taken
          }
          course {
            id
            databaseId
            name
            lecturers {
              databaseId
              name
              nameEn
            }
          }
        }
      }
    }
  }
`;

type Group = 'classroom' | 'lecturer' | 'course';
type LessonNode = NonNullable<CourseCalendarQuery$data['lessons']['edges'][number]['node']>;
type Ev = { id: string; title: string; start: Date; end: Date; resourceId: number | string | undefined; lesson: LessonNode };
type Res = { id: number | string; title: string };

type WithDnD = typeof dragAndDrop.default;
const withDragAndDrop: WithDnD = typeof dragAndDrop.default === 'function' ? dragAndDrop.default : (dragAndDrop.default as unknown as { default: WithDnD }).default;
const DnDCalendar = withDragAndDrop<Ev, Res>(Calendar);

function Toolbar({ label, onNavigate, onView, view, views }: ToolbarProps<Ev, Res>) {
  const { t } = useTranslation();
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
        {label}
      </span>
      <span className="rbc-btn-group">
        {(views as View[]).map((v) => (
          <button key={v} type="button" className={v === view ? 'rbc-active' : undefined} aria-pressed={v === view} onClick={() => onView(v)} data-testid={`calendar-view-${v}`}>
            {t(`calendarUi.${v}`)}
          </button>
        ))}
      </span>
    </div>
  );
}

/** The calendar's events: one per lesson, or per lesson and lecturer in the day view grouped by lecturer. */
function lessonEvents(lessons: readonly LessonNode[], group: Group, withResources: boolean, lang: Lang, t: TFunction): Ev[] {
  const out: Ev[] = [];
  for (const l of lessons) {
    const title = l.title && l.title !== l.course.name ? `${l.course.name} · ${l.title}` : l.course.name;
    const base = { title, start: new Date(l.startAt as string), end: new Date(l.endAt as string), lesson: l };
    const lecturers = l.course.lecturers.map((p) => nameIn(p, lang)).join(lang === 'en' ? ', ' : '、') || t('coursesUi.calendar.noLecturer');
    if (!withResources) {
      const where = group === 'classroom' ? (l.classroomName ?? t('coursesUi.calendar.noRoom')) : group === 'lecturer' ? lecturers : null;
      out.push({ ...base, title: where ? `${title} · ${where}` : title, id: l.id, resourceId: undefined });
    } else if (group === 'classroom') out.push({ ...base, id: l.id, resourceId: l.classroomId ?? 0 });
    else if (group === 'course') out.push({ ...base, id: l.id, resourceId: l.course.databaseId });
    else if (!l.course.lecturers.length) out.push({ ...base, id: l.id, resourceId: 0 });
    else for (const p of l.course.lecturers) out.push({ ...base, id: `${l.id}|${p.databaseId}`, resourceId: p.databaseId });
  }
  return out;
}

function Grid({
  group,
  view,
  date,
  fetchKey,
  onView,
  onNavigate,
  onOpen,
  onDrop,
}: {
  group: Group;
  view: View;
  date: Date;
  fetchKey: string;
  onView: (v: View) => void;
  onNavigate: (d: Date) => void;
  onOpen: (e: Ev) => void;
  onDrop: (e: Ev, start: Date, end: Date, resourceId: number | string | undefined) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const range = useMemo(() => visibleRange(view, date), [view, date]);
  const data = useLazyLoadQuery<CourseCalendarQuery>(rangeQuery, { filter: { from: range.from, to: range.to } }, { fetchKey, fetchPolicy: 'store-and-network' });
  const lessons = useMemo(() => data.lessons.edges.map((e) => e.node).filter((n): n is LessonNode => n != null), [data]);
  // Side by side per room, lecturer or course only in the day view: the week's seven days fit one
  // screen width, each lesson naming its room or lecturers (a week per resource needed a screen each).
  const withResources = view === Views.DAY;
  const events = useMemo(() => lessonEvents(lessons, group, withResources, lang, t), [lessons, group, withResources, lang, t]);
  const resources = useMemo<Res[]>(() => {
    const used = new Set(events.map((e) => e.resourceId));
    if (group === 'classroom') {
      const rooms = data.classrooms.edges.map((e) => e.node).filter((r) => r.state === 'IN_USE' || used.has(r.databaseId));
      const list: Res[] = rooms.map((r) => ({ id: r.databaseId, title: `${r.no} ${r.name}` }));
      return used.has(0) ? [...list, { id: 0, title: t('coursesUi.calendar.noRoom') }] : list;
    }
    const seen = new Map<number | string, string>();
    for (const l of lessons) {
      if (group === 'course') seen.set(l.course.databaseId, l.course.name);
      else if (!l.course.lecturers.length) seen.set(0, t('coursesUi.calendar.noLecturer'));
      else for (const p of l.course.lecturers) seen.set(p.databaseId, nameIn(p, lang));
    }
    return [...seen.entries()].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title));
  }, [data, events, group, lessons, lang, t]);
  const { messages, formats } = useCalendarTexts();
  const rootRef = useRef<HTMLDivElement>(null);
  useCalendarAriaFix(rootRef);
  // Lessons run from the morning to the evening: the grid shows 07:00–23:00 (the day view's rooms side by side stay readable).
  const dayStart = useMemo(() => DateTime.fromJSDate(date).set({ hour: 7, minute: 0, second: 0, millisecond: 0 }).toJSDate(), [date]);
  const dayEnd = useMemo(() => DateTime.fromJSDate(date).set({ hour: 23, minute: 0, second: 0, millisecond: 0 }).toJSDate(), [date]);
  const drop = useCallback(
    ({ event, start, end, resourceId }: EventInteractionArgs<Ev>) => {
      if (!event.lesson.viewerCanManage) return;
      const s = new Date(start);
      const e = new Date(end);
      const room = group === 'classroom' && withResources && resourceId !== undefined && resourceId !== event.resourceId ? (resourceId as number) : undefined;
      if (s.getTime() === event.start.getTime() && e.getTime() === event.end.getTime() && room === undefined) return;
      onDrop(event, s, e, room);
    },
    [group, onDrop, withResources],
  );
  return (
    <Box ref={rootRef} className="bo-cal" h="full" data-testid="course-calendar-grid" data-view={view} data-events={events.length} data-group={group}>
      <DnDCalendar
        localizer={localizer}
        culture={cultureOf(lang)}
        events={events}
        view={view}
        views={[Views.MONTH, Views.WEEK, Views.DAY, Views.AGENDA]}
        date={date}
        onView={onView}
        onNavigate={onNavigate}
        messages={messages}
        formats={formats}
        components={{ toolbar: Toolbar }}
        resources={withResources && resources.length ? resources : undefined}
        resourceIdAccessor={(r) => r.id}
        resourceTitleAccessor={(r) => r.title}
        eventPropGetter={(e) => ({ style: { backgroundColor: projectColour(e.lesson.course.databaseId), borderWidth: 0, color: '#fff' } })}
        onSelectEvent={onOpen}
        onEventDrop={drop}
        draggableAccessor={(e) => e.lesson.viewerCanManage}
        resizableAccessor={() => false}
        min={dayStart}
        max={dayEnd}
        step={30}
        timeslots={2}
        length={30}
        popup
        style={{ height: '100%' }}
      />
    </Box>
  );
}

const VIEWS: Record<string, View> = { month: Views.MONTH, week: Views.WEEK, day: Views.DAY, agenda: Views.AGENDA };

/**
 * The course calendar (课程日历, 课表, 教室占用, 排课): lessons on react-big-calendar, side by side
 * per classroom, lecturer or course in the day view (`group`; the week names each lesson's room
 * or lecturers, so its seven days fit one screen width); a lesson opens its
 * attendance; a lesson the viewer manages can be dragged to another time or, grouped by
 * classroom, to another room: the move dialog checks it like scheduling (conflict list, "save
 * anyway", this / following / all). The menu entries differ in the default grouping and view.
 */
export function CourseCalendar({ defaultGroup, defaultView, title, scheduling = false }: { defaultGroup: Group; defaultView: 'week' | 'day' | 'month'; title: string; scheduling?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const phone = useIsPhone();
  setCalendarZone(sessionUser.use()?.timeZone);
  const [state, setState] = useUrlState({ group: defaultGroup as string, view: phone ? 'agenda' : (defaultView as string), date: '' });
  const group = (['classroom', 'lecturer', 'course'].includes(state.group) ? state.group : defaultGroup) as Group;
  const view = VIEWS[state.view] ?? Views.WEEK;
  const date = useMemo(() => (state.date ? DateTime.fromISO(state.date).toJSDate() : new Date()), [state.date]);
  const [fetchKey, setFetchKey] = useState(0);
  // Coming back asks the server again (relay/visitKey.ts).
  const visit = useVisitKey('course-calendar');
  const [, startTransition] = useTransition();
  useEffect(() => onCalendarChanged(() => startTransition(() => setFetchKey((k) => k + 1))), []);
  const [moving, setMoving] = useState<{ lesson: MovableLesson; start: Date; end: Date; classroomId?: number } | null>(null);
  const [adding, setAdding] = useState(false);
  const onDrop = useCallback((e: Ev, start: Date, end: Date, classroomId: number | string | undefined) => {
    const l = e.lesson;
    setMoving({
      lesson: { id: l.id, title: l.title, startAt: l.startAt as string, endAt: l.endAt as string, classroomId: l.classroomId ?? null, seriesId: l.seriesId ?? null, courseName: l.course.name },
      start,
      end,
      classroomId: classroomId === undefined ? undefined : Number(classroomId),
    });
  }, []);
  return (
    <Stack gap="3" h={{ base: 'auto', md: 'calc(100vh - 150px)' }} minH="560px" data-testid="course-calendar">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading size="lg" flex="1" flexBasis={{ base: 'full', md: 'auto' }}>
          {title}
        </Heading>
        <SegmentGroup.Root size="sm" value={group} onValueChange={(e) => e.value && setState({ group: e.value })} aria-label={t('coursesUi.calendar.groupBy')}>
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={(['classroom', 'lecturer', 'course'] as const).map((g) => ({ value: g, label: t(`coursesUi.calendar.by.${g}`) }))} data-testid="calendar-group" />
        </SegmentGroup.Root>
        <Button size="sm" colorPalette={scheduling ? 'blue' : undefined} variant={scheduling ? 'solid' : 'outline'} onClick={() => setAdding(true)} data-testid="calendar-schedule">
          <CalendarPlus size={14} /> {t('coursesUi.schedule.title')}
        </Button>
      </Flex>
      <Text fontSize="xs" color="fg.subtle">
        {t('coursesUi.calendar.hint')}
      </Text>
      <Box flex="1" minH="0" h={{ base: '640px', md: 'auto' }}>
        <ErrorBoundary compact onRetry={() => setFetchKey((k) => k + 1)}>
          <Suspense
            fallback={
              <Flex h="full" align="center" justify="center">
                <Spinner />
              </Flex>
            }
          >
            <Grid
              group={group}
              view={view}
              date={date}
              fetchKey={`${visit}-${fetchKey}`}
              onView={(v) => setState({ view: v })}
              onNavigate={(d) => setState({ date: DateTime.fromJSDate(d).toISODate()! })}
              onOpen={(e) => navigate(`/mission/schedule-detail/${encodeURIComponent(e.lesson.id)}`)}
              onDrop={onDrop}
            />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <Suspense fallback={<DialogLoading title={t('coursesUi.schedule.title')} onClose={() => (setMoving(null), setAdding(false))} testId="calendar-dialog-loading" />}>
        {moving && (
          <LessonMoveDialog
            lesson={moving.lesson}
            proposal={{ start: moving.start, end: moving.end, ...(moving.classroomId !== undefined ? { classroomId: moving.classroomId } : {}) }}
            onClose={() => setMoving(null)}
            onSaved={() => {
              notify('success', t('coursesUi.saved'));
              setMoving(null);
            }}
          />
        )}
        {adding && (
          <ScheduleLessonsDialog
            onClose={() => setAdding(false)}
            onSaved={(n) => {
              notify('success', t('coursesUi.schedule.done', { count: n }));
              setAdding(false);
            }}
          />
        )}
      </Suspense>
    </Stack>
  );
}

/** 课程日历 (`/mission/course-calendar`): lessons by course, the week. */
export default function CourseCalendarScreen() {
  const { t } = useTranslation();
  return <CourseCalendar defaultGroup="course" defaultView="week" title={t('coursesUi.calendar.title')} />;
}

/** 课表 (`/mission/curriculum`): the timetable by lecturer, the week. */
export function Curriculum() {
  const { t } = useTranslation();
  return <CourseCalendar defaultGroup="lecturer" defaultView="week" title={t('coursesUi.calendar.curriculum')} />;
}

/** 教室占用 (`/mission/class-room`): the rooms side by side, one day. */
export function ClassroomUsage() {
  const { t } = useTranslation();
  return <CourseCalendar defaultGroup="classroom" defaultView="day" title={t('coursesUi.calendar.usage')} />;
}

/** 排课 (`/mission/schedule`): the rooms' week with "schedule lessons" first. */
export function Scheduling() {
  const { t } = useTranslation();
  return <CourseCalendar defaultGroup="classroom" defaultView="week" title={t('coursesUi.calendar.scheduling')} scheduling />;
}
