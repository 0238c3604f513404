import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import '../../../components/calendar/calendar.css';
import { Box, Flex, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useCallback, useMemo, useRef, useState, useTransition } from 'react';
import { Calendar, Views, type View } from 'react-big-calendar';
import * as dragAndDrop from 'react-big-calendar/lib/addons/dragAndDrop';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { useCalendarAriaFix } from '../../../components/calendar/a11y.ts';
import { cultureOf, isoDay, localizer, setCalendarZone } from '../../../components/calendar/localizer.ts';
import { useCalendarTexts } from '../../../components/calendar/useCalendarTexts.ts';
import { QueryBoundary } from '../../../components/ErrorBoundary.tsx';
import { PRIORITIES, STATES, personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { sessionUser } from '../../../state/session.ts';
import { ProjectAutocomplete, type PickedProject } from '../../../components/selectors/ProjectAutocomplete.tsx';
import { UserSelect } from '../../../components/selectors/UserSelect.tsx';
import type { Option } from '../../../components/selectors/Combobox.tsx';
import { rangeFor, taskCalendarRoute } from './TaskCalendar.route.ts';
import type { TaskCalendarQuery, TaskCalendarQuery$data } from './__generated__/TaskCalendarQuery.graphql.ts';
import type { TaskCalendarTasksQuery } from './__generated__/TaskCalendarTasksQuery.graphql.ts';
import type { TaskCalendarMoveMutation } from './__generated__/TaskCalendarMoveMutation.graphql.ts';

/** An entry as the calendar shows it: its own fields, whose it is and its project. */
void graphql`
  fragment TaskCalendar_entry on ScheduleEntry {
    ...DailyWork_entryFields @relay(mask: false)
    employee {
      id
      name
      nameEn
      timeZone
    }
    project {
      id
      name
      nameEn
    }
  }
`;

const calendarQuery = graphql`
  query TaskCalendarQuery($filter: ScheduleEntryFilter!) {
    viewer {
      team: can(right: "workdaily.readAll")
      user {
        id
      }
    }
    scheduleEntries(filter: $filter, first: 500) {
      edges {
        node {
          ...TaskCalendar_entry @relay(mask: false)
        }
      }
    }
  }
`;

/** The tasks the visible entries are booked for: their titles, states and priorities. */
const tasksQuery = graphql`
  query TaskCalendarTasksQuery($ids: [ID!]!) {
    nodes(ids: $ids) {
      __typename
      ... on Task {
        id
        databaseId
        title
        state
        priority
      }
    }
  }
`;

const moveMutation = graphql`
  mutation TaskCalendarMoveMutation($input: SaveScheduleEntriesInput!) {
    saveScheduleEntries(input: $input) {
      __typename
      ... on SaveScheduleEntriesPayload {
        scheduleEntries {
          ...TaskCalendar_entry @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type EntryNode = TaskCalendarQuery$data['scheduleEntries']['edges'][number]['node'];
type TaskFacts = { databaseId: number; title: string; state: string; priority: string };
type CalEvent = { id: string; title: string; start: Date; end: Date; allDay: boolean; entry: EntryNode; task: TaskFacts | null };

type WithDnD = typeof dragAndDrop.default;
const withDragAndDrop: WithDnD = typeof dragAndDrop.default === 'function' ? dragAndDrop.default : (dragAndDrop.default as unknown as { default: WithDnD }).default;
const DnDCalendar = withDragAndDrop<CalEvent>(Calendar);

/** Colour by state (the fill), priority (the left edge): the task badges' palettes. */
const STATE_FILL: Record<string, string> = { UNASSIGNED: '#e4e4e7', INCOMPLETE: '#dbeafe', COMPLETE: '#dcfce7', ABANDONED: '#f4f4f5', PAUSED: '#fef3c7', WAITING: '#ede9fe' };
const PRIORITY_EDGE: Record<string, string> = { URGENT: '#dc2626', HIGH: '#ea580c', MEDIUM: '#2563eb', LOW: '#71717a' };

const taskGlobalId = (n: number) => btoa(`Task:${n}`);

function Legend() {
  const { t } = useTranslation();
  return (
    <Flex gap="3" wrap="wrap" fontSize="xs" color="fg.muted" align="center" data-testid="task-calendar-legend">
      <Text fontWeight="semibold">{t('tasksUi.calendar.legendState')}</Text>
      {STATES.map((s) => (
        <Flex key={s} gap="1" align="center">
          <Box w="3" h="3" borderRadius="sm" bg={STATE_FILL[s]} borderWidth="1px" />
          {t(`tasksUi.state.${s}`)}
        </Flex>
      ))}
      <Text fontWeight="semibold" ms="2">
        {t('tasksUi.calendar.legendPriority')}
      </Text>
      {PRIORITIES.map((p) => (
        <Flex key={p} gap="1" align="center">
          <Box w="1" h="3" bg={PRIORITY_EDGE[p]} />
          {t(`tasksUi.priority.${p}`)}
        </Flex>
      ))}
    </Flex>
  );
}

function Grid({ entries, view, date, onView, onNavigate }: { entries: readonly EntryNode[]; view: View; date: Date; onView: (v: View) => void; onNavigate: (d: Date) => void }) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const navigate = useNavigate();
  const ids = useMemo(() => [...new Set(entries.flatMap((e) => e.taskIds))].map(taskGlobalId), [entries]);
  const tasks = useLazyLoadQuery<TaskCalendarTasksQuery>(tasksQuery, { ids }, { fetchPolicy: 'store-and-network' });
  const byId = useMemo(() => {
    const m = new Map<number, TaskFacts>();
    for (const n of tasks.nodes) if (n?.__typename === 'Task') m.set(n.databaseId, n);
    return m;
  }, [tasks]);
  const events = useMemo<CalEvent[]>(
    () =>
      entries.flatMap((e) =>
        e.taskIds.map((tid) => {
          const task = byId.get(tid) ?? null;
          const who = personName(e.employee, lang);
          return { id: `${e.id}:${tid}`, title: `${task?.title ?? e.content} · ${who}`, start: new Date(e.beginAt), end: new Date(e.endAt), allDay: false, entry: e, task };
        }),
      ),
    [entries, byId, lang],
  );
  const move = useMutationAction<TaskCalendarMoveMutation>(moveMutation, (r) => r.saveScheduleEntries);
  const drop = useCallback(
    ({ event, start }: EventInteractionArgs<CalEvent>) => {
      const e = event.entry;
      const zone = e.employee.timeZone ?? undefined;
      const begin = DateTime.fromISO(e.beginAt).setZone(zone);
      const end = DateTime.fromISO(e.endAt).setZone(zone);
      const day = isoDay(new Date(start));
      if (day === e.workDate) return;
      const shift = DateTime.fromISO(day).diff(DateTime.fromISO(e.workDate), 'days').days;
      const endDay = end.startOf('day').plus({ days: shift }).toISODate()!;
      move.run(
        {
          input: {
            rows: [
              {
                id: e.databaseId,
                workDate: day,
                ...(endDay !== day ? { workDate2: endDay } : {}),
                begin: begin.toFormat('HH:mm'),
                end: end.toFormat('HH:mm'),
                hours: e.workHours,
                projectId: e.project?.id ?? null,
                taskIds: e.taskIds.map(taskGlobalId),
                content: e.content,
                scheduleType: e.scheduleType === 2 ? 'OVERTIME' : 'REGULAR',
                employeeId: e.employee.id,
              },
            ],
          },
        },
        {
          onDone: () => notify('success', t('tasksUi.calendar.moved', { day })),
          // The server's refusal (a completed task, someone else's entry) is said as it was given.
          onFailed: () => undefined,
        },
      );
    },
    [move, t],
  );
  const { messages, formats } = useCalendarTexts();
  const rootRef = useRef<HTMLDivElement>(null);
  useCalendarAriaFix(rootRef);
  const eventPropGetter = useCallback(
    (e: CalEvent) => ({
      style: {
        background: STATE_FILL[e.task?.state ?? 'INCOMPLETE'],
        color: '#18181b',
        borderLeft: `4px solid ${PRIORITY_EDGE[e.task?.priority ?? 'MEDIUM']}`,
        borderRadius: 4,
        fontSize: 12,
      },
    }),
    [],
  );
  return (
    <Stack gap="2">
      {move.error && (
        <Text color="fg.error" role="alert" data-testid="task-calendar-error">
          {move.error}
        </Text>
      )}
      <Box ref={rootRef} className="bo-cal" h={{ base: '560px', md: '680px' }} data-testid="task-calendar-grid" data-events={events.length}>
        <DnDCalendar
          localizer={localizer}
          culture={cultureOf(lang)}
          events={events}
          view={view}
          views={[Views.MONTH, Views.WEEK, Views.AGENDA]}
          date={date}
          onView={onView}
          onNavigate={onNavigate}
          messages={messages}
          formats={formats}
          eventPropGetter={eventPropGetter}
          onEventDrop={drop}
          draggableAccessor={() => true}
          resizable={false}
          popup
          onSelectEvent={(e) => e.task && navigate(`/mission/details/${e.task.databaseId}`)}
          style={{ height: '100%' }}
        />
      </Box>
    </Stack>
  );
}

function Results({ queryRef, view, date, onView, onNavigate }: { queryRef: PreloadedQuery<TaskCalendarQuery>; view: View; date: Date; onView: (v: View) => void; onNavigate: (d: Date) => void }) {
  const data = usePreloadedQuery<TaskCalendarQuery>(calendarQuery, queryRef);
  const entries = useMemo(() => data.scheduleEntries.edges.map((e) => e.node).filter((n) => n.taskIds.length > 0), [data]);
  return <Grid entries={entries} view={view} date={date} onView={onView} onNavigate={onNavigate} />;
}

/**
 * 任务日历 (/mission/calendar): tasks on the days they are planned. A task has no planned dates
 * of its own in this model; its plan is its schedule entries (加入档期: a block of hours on a
 * day, booked for one or more tasks), so each entry shows its tasks, coloured by state (fill)
 * and priority (left edge). Filtered by person (managers: anyone or everyone; others: their own)
 * and project. Dragging a task to another day moves its entry there (saveScheduleEntries with
 * the entry's id); what the server refuses (a completed task, someone else's entry) is shown.
 */
export default function TaskCalendar() {
  const { t } = useTranslation();
  const session = sessionUser.use();
  setCalendarZone(session?.timeZone);
  const [view, setView] = useState<View>(Views.MONTH);
  const [date, setDate] = useState(() => new Date());
  const [person, setPerson] = useState<Option | null>(null);
  const [everyone, setEveryone] = useState(false);
  const [project, setProject] = useState<PickedProject | null>(null);
  const { queryRef, load, retry } = useRouteQuery(taskCalendarRoute, taskCalendarRoute.variables({}));
  const { team, user } = usePreloadedQuery<TaskCalendarQuery>(calendarQuery, queryRef).viewer;
  const [pending, startTransition] = useTransition();
  const variables = useMemo(() => {
    // Others see their own (the server's rule): no ids needed; a manager sees their own unless they ask for everyone or one person.
    const employeeIds = person ? [person.id] : team && !everyone ? [user.id] : null;
    return { filter: { ...rangeFor(view, date), ...(employeeIds ? { employeeIds } : {}), ...(project ? { projectId: project.id } : {}) } };
  }, [view, date, person, everyone, project, team, user.id]);
  const key = JSON.stringify(variables);
  const [loaded, setLoaded] = useState(JSON.stringify(queryRef.variables));
  if (loaded !== key) {
    setLoaded(key);
    startTransition(() => load(variables));
  }
  return (
    <Stack gap="3" data-testid="task-calendar">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading size="lg" as="h1" flex="1">
          {t('tasksUi.calendar.title')}
        </Heading>
      </Flex>
      <Flex gap="2" p="2" wrap="wrap" bg="bg.panel" borderWidth="1px" borderRadius="lg" align="center" data-testid="task-calendar-filters">
        {team && (
          <NativeSelect.Root size="sm" width="32">
            <NativeSelect.Field aria-label={t('tasksUi.calendar.person')} value={everyone ? 'all' : 'me'} onChange={(e) => setEveryone(e.target.value === 'all')} data-testid="task-calendar-scope">
              <option value="me">{t('tasksUi.calendar.mine')}</option>
              <option value="all">{t('tasksUi.calendar.everyone')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        {team && (
          <Box w={{ base: 'full', md: '48' }}>
            <UserSelect value={person} onChange={setPerson} label={t('tasksUi.calendar.person')} testId="task-calendar-person" />
          </Box>
        )}
        <Box w={{ base: 'full', md: '52' }}>
          <ProjectAutocomplete value={project} onChange={setProject} testId="task-calendar-project" placeholder={t('tasksUi.list.allProjects')} label={t('tasksUi.field.project')} />
        </Box>
        <Text fontSize="xs" color="fg.muted" flex="1" minW="200px">
          {t('tasksUi.calendar.note')}
        </Text>
      </Flex>
      <Legend />
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="2" opacity={pending ? 0.6 : 1} aria-busy={pending} data-pending={pending ? '1' : '0'}>
        <QueryBoundary onRetry={retry}>
          <Results queryRef={queryRef} view={view} date={date} onView={setView} onNavigate={setDate} />
        </QueryBoundary>
      </Box>
    </Stack>
  );
}
