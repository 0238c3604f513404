import { Box, Button, Flex, Heading, NativeSelect, SimpleGrid, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import { CalendarPlus } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, usePaginationFragment, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { DialogLoading } from '../../../components/DialogShell.tsx';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DateField } from '../../../components/fields/DateField.tsx';
import { DataTable, LoadMore, type Column } from '../../../components/list/DataTable.tsx';
import { blobOfBase64 } from '../../../components/list/download.ts';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { FilterBar } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { UserSelect } from '../../../components/selectors/UserSelect.tsx';
import { hours, nameIn } from '../shared/codes.tsx';
import { ScheduleLessonsDialog } from '../shared/ScheduleLessonsDialog.tsx';
import { LESSON_LIST_DEFAULTS, lessonFilterOf, lessonListRoute } from './LessonList.route.ts';
import { courseBars, lecturerBars, pct } from './summaryChart.ts';
import type { LessonList_query$data, LessonList_query$key } from './__generated__/LessonList_query.graphql.ts';
import type { LessonListQuery } from './__generated__/LessonListQuery.graphql.ts';
import type { LessonListSummaryExportQuery } from './__generated__/LessonListSummaryExportQuery.graphql.ts';

const listQuery = graphql`
  query LessonListQuery($filter: LessonFilter, $summary: Boolean!) {
    viewer {
      manage: can(right: "course.manage")
    }
    courses(first: 200) {
      edges {
        node {
          id
          no
          name
          viewerCanManage
        }
      }
    }
    classrooms(first: 200) {
      edges {
        node {
          id
          no
          name
        }
      }
    }
    courseSummary(filter: $filter) @include(if: $summary) {
      lessons
      hoursTaught
      places
      taken
      homeworkSet
      homeworkDone
      byCourse {
        courseId
        name
        lessons
        hoursTaught
        places
        taken
        leave
        homeworkSet
        homeworkDone
      }
      byLecturer {
        lecturer {
          databaseId
          name
          nameEn
        }
        lessons
        hoursTaught
      }
    }
    ...LessonList_query @arguments(filter: $filter)
  }
`;

const exportQuery = graphql`
  query LessonListSummaryExportQuery($filter: LessonFilter) {
    courseSummaryExport(filter: $filter) {
      __typename
      ... on CourseSummaryExport {
        base64
        contentType
        fileName
      }
      ... on Error {
        message
      }
    }
  }
`;

const listFragment = graphql`
  fragment LessonList_query on Query @refetchable(queryName: "LessonListPaginationQuery") @argumentDefinitions(filter: { type: "LessonFilter" }, first: { type: "Int", defaultValue: 200 }, after: { type: "String" }) {
    lessons(filter: $filter, first: $first, after: $after) @connection(key: "LessonList_lessons", filters: ["filter"]) {
      totalCount
      edges {
        node {
          id
          title
          startAt
          endAt
          classroomName
          address
          course {
            id
            name
            lessonHours
            lecturers {
              databaseId
              name
              nameEn
            }
          }
          attendanceCounts {
            total
            taken
            leave
            untaken
          }
          taskContent
        }
      }
    }
  }
`;

type Lesson = NonNullable<LessonList_query$data['lessons']['edges'][number]['node']>;
type Summary = NonNullable<LessonListQuery['response']['courseSummary']>;
const COLOURS = ['blue.solid', 'green.solid', 'orange.solid', 'purple.solid', 'teal.solid', 'pink.solid', 'cyan.solid', 'red.solid'];

function Rows({ query, stale }: { query: LessonList_query$key; stale: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.lessons.edges.map((e) => e.node).filter((n): n is Lesson => n != null);
  const columns: Array<Column<Lesson>> = [
    { key: 'time', header: t('coursesUi.lesson.time'), card: 'title', render: (l) => fmt.range(l.startAt as string, l.endAt as string) },
    { key: 'course', header: t('coursesUi.field.course'), card: 'fact', render: (l) => (l.title && l.title !== l.course.name ? `${l.course.name} · ${l.title}` : l.course.name) },
    { key: 'room', header: t('coursesUi.field.classroomId'), card: 'fact', render: (l) => l.classroomName ?? (l.address || '—') },
    { key: 'lecturers', header: t('coursesUi.field.lecturers'), card: 'fact', render: (l) => l.course.lecturers.map((p) => nameIn(p, lang)).join(lang === 'zh' ? '、' : ', ') || '—', hideBelow: 1100 },
    {
      key: 'attendance',
      header: t('coursesUi.lesson.attendance'),
      card: 'state',
      align: 'end',
      render: (l) => `${l.attendanceCounts.taken} / ${l.attendanceCounts.total}${l.attendanceCounts.leave ? ` (${t('coursesUi.attendance.LEAVE')} ${l.attendanceCounts.leave})` : ''}`,
    },
  ];
  return (
    <Stack gap="2">
      <DataTable
        label={t('coursesUi.lesson.list')}
        columns={columns}
        rows={rows}
        rowId={(l) => l.id}
        rowLabel={(l) => `${l.course.name} ${fmt.dateTime(l.startAt as string)}`}
        onOpen={(l) => navigate(`/mission/schedule-detail/${encodeURIComponent(l.id)}`)}
        stale={stale}
        empty={{ title: t('coursesUi.lesson.none') }}
        testId="lesson-table"
      />
      <LoadMore shown={rows.length} total={data.lessons.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(200)} testId="lesson-more" />
    </Stack>
  );
}

/**
 * Hours taught per lecturer and course, attendance rates and homework completion, with charts:
 * the server sums them for the list's filter (`courseSummary`, in SQL), whatever the number of
 * lessons. Each chart shows the first 12 (most hours first) and one bar for the others, summed
 * (hours added; rates pooled: taken over places, done over set: summaryChart.ts), so nobody
 * drops out of the picture; the export (`courseSummaryExport`, the same filter) holds every row.
 */
function Summary({ summary, filter, period }: { summary: Summary; filter: LessonListQuery['variables']['filter']; period: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const environment = useRelayEnvironment();
  const courses = summary.byCourse;
  const lecturers = summary.byLecturer.map((l) => ({ name: nameIn(l.lecturer, lang), lessons: l.lessons, hours: l.hoursTaught }));
  const lecturerChart = useChart({
    data: lecturerBars(lecturers, (count) => t('coursesUi.summary.otherLecturers', { count })),
    series: [{ name: 'hours', label: t('coursesUi.summary.hoursTaught'), color: COLOURS[0] }],
  });
  const courseChart = useChart({
    data: courseBars(courses, (count) => t('coursesUi.summary.otherCourses', { count })),
    series: [
      { name: 'attendance', label: t('coursesUi.summary.attendanceRate'), color: COLOURS[1] },
      { name: 'homework', label: t('coursesUi.summary.homeworkRate'), color: COLOURS[2] },
    ],
  });
  const exportFile = async () => {
    const data = await fetchQuery<LessonListSummaryExportQuery>(environment, exportQuery, { filter }, { fetchPolicy: 'network-only' }).toPromise();
    const answer = data?.courseSummaryExport;
    if (!answer || answer.__typename !== 'CourseSummaryExport') throw new Error((answer && 'message' in answer ? answer.message : '') || t('transport.unknown'));
    return { fileName: `${t('coursesUi.summary.fileName')}-${period}.xlsx`, blob: blobOfBase64(answer.base64 ?? '', answer.contentType ?? 'application/octet-stream') };
  };
  if (!summary.lessons)
    return (
      <Text color="fg.subtle" data-testid="summary-empty">
        {t('coursesUi.lesson.none')}
      </Text>
    );
  return (
    <Stack gap="4" data-testid="course-summary">
      <Flex justify="flex-end">
        <ExportButton load={exportFile} label={t('coursesUi.summary.export')} testId="summary-export" />
      </Flex>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Box as="figure" aria-label={t('coursesUi.summary.byLecturer')} p="3" borderWidth="1px" borderRadius="md" minW="0">
          <Text fontWeight="medium" mb="2">
            {t('coursesUi.summary.byLecturer')}
          </Text>
          <Chart.Root maxH="xs" chart={lecturerChart}>
            <BarChart data={lecturerChart.data} responsive style={{ width: '100%', height: '100%' }}>
              <CartesianGrid stroke={lecturerChart.color('border.muted')} vertical={false} />
              <XAxis axisLine={false} tickLine={false} dataKey={lecturerChart.key('name')} />
              <YAxis axisLine={false} tickLine={false} width={36} />
              <Tooltip cursor={{ fill: lecturerChart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
              {lecturerChart.series.map((s) => (
                <Bar key={s.name} isAnimationActive={false} dataKey={lecturerChart.key(s.name)} fill={lecturerChart.color(s.color)} name={String(s.label)} />
              ))}
            </BarChart>
          </Chart.Root>
        </Box>
        <Box as="figure" aria-label={t('coursesUi.summary.rates')} p="3" borderWidth="1px" borderRadius="md" minW="0">
          <Text fontWeight="medium" mb="2">
            {t('coursesUi.summary.rates')}
          </Text>
          <Chart.Root maxH="xs" chart={courseChart}>
            <BarChart data={courseChart.data} responsive style={{ width: '100%', height: '100%' }}>
              <CartesianGrid stroke={courseChart.color('border.muted')} vertical={false} />
              <XAxis axisLine={false} tickLine={false} dataKey={courseChart.key('name')} />
              <YAxis axisLine={false} tickLine={false} width={36} unit="%" domain={[0, 100]} />
              <Tooltip cursor={{ fill: courseChart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
              <Legend content={<Chart.Legend />} />
              {courseChart.series.map((s) => (
                <Bar key={s.name} isAnimationActive={false} dataKey={courseChart.key(s.name)} fill={courseChart.color(s.color)} name={String(s.label)} />
              ))}
            </BarChart>
          </Chart.Root>
        </Box>
      </SimpleGrid>
      {/* A scrolling region without a focusable element: a tab stop and a name (docs/ui-bars.md). */}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full" position="relative" tabIndex={0} aria-label={t('coursesUi.summary.byCourse')}>
        <Table.Root size="sm" aria-label={t('coursesUi.summary.byCourse')} data-testid="summary-table">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>{t('coursesUi.field.course')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('coursesUi.course.lessons')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('coursesUi.summary.hoursTaught')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('coursesUi.summary.attendanceRate')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('coursesUi.summary.homeworkRate')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {courses.map((c) => (
              <Table.Row key={c.courseId} data-testid="summary-row">
                <Table.Cell>{c.name}</Table.Cell>
                <Table.Cell textAlign="end">{c.lessons}</Table.Cell>
                <Table.Cell textAlign="end">{hours(c.hoursTaught)}</Table.Cell>
                <Table.Cell textAlign="end">{c.places ? `${pct(c.taken, c.places)}%` : '—'}</Table.Cell>
                <Table.Cell textAlign="end">{c.homeworkSet ? `${pct(c.homeworkDone, c.homeworkSet)}%` : '—'}</Table.Cell>
              </Table.Row>
            ))}
            <Table.Row fontWeight="medium" bg="bg.subtle" data-testid="summary-total">
              <Table.Cell>{t('coursesUi.summary.total')}</Table.Cell>
              <Table.Cell textAlign="end">{summary.lessons}</Table.Cell>
              <Table.Cell textAlign="end">{hours(summary.hoursTaught)}</Table.Cell>
              <Table.Cell textAlign="end">{summary.places ? `${pct(summary.taken, summary.places)}%` : '—'}</Table.Cell>
              <Table.Cell textAlign="end">{summary.homeworkSet ? `${pct(summary.homeworkDone, summary.homeworkSet)}%` : '—'}</Table.Cell>
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Text fontSize="xs" color="fg.subtle">
        {t('coursesUi.summary.note')}
      </Text>
    </Stack>
  );
}

function Results({ queryRef, stale, view, period }: { queryRef: PreloadedQuery<LessonListQuery>; stale: boolean; view: string; period: string }) {
  const data = usePreloadedQuery<LessonListQuery>(listQuery, queryRef);
  return view === 'summary' && data.courseSummary ? <Summary summary={data.courseSummary} filter={queryRef.variables.filter} period={period} /> : <Rows query={data} stale={stale} />;
}

function Choices({ queryRef, state, setState }: { queryRef: PreloadedQuery<LessonListQuery>; state: typeof LESSON_LIST_DEFAULTS; setState: (p: Partial<typeof LESSON_LIST_DEFAULTS>) => void }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<LessonListQuery>(listQuery, queryRef);
  return (
    <>
      <NativeSelect.Root size="sm" width={{ base: 'full', sm: '56' }}>
        <NativeSelect.Field aria-label={t('coursesUi.field.course')} value={state.course} onChange={(e) => setState({ course: e.target.value })} data-testid="lesson-filter-course">
          <option value="">{`${t('coursesUi.field.course')}: ${t('coursesUi.all')}`}</option>
          {data.courses.edges.map(({ node }) => (
            <option key={node.id} value={node.id}>
              {node.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <NativeSelect.Root size="sm" width={{ base: 'full', sm: '44' }}>
        <NativeSelect.Field aria-label={t('coursesUi.field.classroomId')} value={state.classroom} onChange={(e) => setState({ classroom: e.target.value })} data-testid="lesson-filter-classroom">
          <option value="">{`${t('coursesUi.field.classroomId')}: ${t('coursesUi.all')}`}</option>
          {data.classrooms.edges.map(({ node }) => (
            <option key={node.id} value={node.id}>
              {node.no} {node.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </>
  );
}

/**
 * 排课列表 (`/mission/schedule-list`): the lessons of a period with filters (course, lecturer,
 * classroom, days), each opening its detail with attendance; a second view sums the period up
 * (hours taught per lecturer and course, attendance rates, homework completion).
 */
export default function LessonList() {
  const { t } = useTranslation();
  const [state, setState] = useUrlState(LESSON_LIST_DEFAULTS);
  const vars = useMemo(() => lessonFilterOf(state), [state]);
  const { queryRef, load, retry } = useRouteQuery(lessonListRoute, vars);
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(vars);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables) !== key) startTransition(() => load(JSON.parse(key) as typeof vars));
  }, [key, load, queryRef.variables]);
  const [scheduling, setScheduling] = useState(false);
  const chips = [
    state.course && { key: 'course', label: t('coursesUi.field.course'), value: t('coursesUi.chosen'), onRemove: () => setState({ course: '' }) },
    state.classroom && { key: 'classroom', label: t('coursesUi.field.classroomId'), value: t('coursesUi.chosen'), onRemove: () => setState({ classroom: '' }) },
    state.lecturer && { key: 'lecturer', label: t('coursesUi.field.lecturer'), value: state.lecturerName, onRemove: () => setState({ lecturer: '', lecturerName: '' }) },
  ].filter((c): c is { key: string; label: string; value: string; onRemove: () => void } => !!c);
  return (
    <Stack gap="3" minW="0" maxW="full" data-testid="lesson-list">
      {/* The query also feeds the header and filters: a failed load shows here, with a retry. */}
      <ErrorBoundary onRetry={retry} compact>
        <Flex align="center" gap="2" wrap="wrap">
          <Heading size="lg" flex="1">
            {t('coursesUi.lesson.list')}
          </Heading>
          <Button size="sm" colorPalette="blue" onClick={() => setScheduling(true)} data-testid="lesson-list-schedule">
            <CalendarPlus size={14} /> {t('coursesUi.schedule.title')}
          </Button>
        </Flex>
        <Tabs.Root value={state.view} onValueChange={(e) => setState({ view: e.value })} variant="line" size="sm">
          <Tabs.List>
            <Tabs.Trigger value="list" aria-controls="lesson-list-panel" data-testid="view-list">
              {t('coursesUi.lesson.listView')}
            </Tabs.Trigger>
            <Tabs.Trigger value="summary" aria-controls="lesson-list-panel" data-testid="view-summary">
              {t('coursesUi.summary.title')}
            </Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
        <Box id="lesson-list-panel" role="tabpanel">
          <Stack gap="3">
            <FilterBar
              pending={pending}
              search=""
              onSearch={() => undefined}
              searchLabel={t('coursesUi.course.search')}
              hideSearch
              chips={chips}
              onClearAll={() => setState({ course: '', classroom: '', lecturer: '', lecturerName: '' })}
              primary={
                <Flex gap="2" wrap="wrap" align="center">
                  <Box w={{ base: 'full', sm: '40' }}>
                    <DateField size="sm" label={t('coursesUi.lesson.from')} value={state.from} onChange={(from) => from && setState({ from })} testId="lesson-filter-from" />
                  </Box>
                  <Box w={{ base: 'full', sm: '40' }}>
                    <DateField size="sm" label={t('coursesUi.lesson.to')} value={state.to} onChange={(to) => to && setState({ to })} testId="lesson-filter-to" />
                  </Box>
                  <Suspense fallback={null}>
                    <Choices queryRef={queryRef} state={state} setState={setState} />
                  </Suspense>
                </Flex>
              }
              more={
                <Box minW="64">
                  <UserSelect
                    value={state.lecturer ? { id: state.lecturer, label: state.lecturerName } : null}
                    onChange={(o) => setState({ lecturer: o?.id ?? '', lecturerName: o?.label ?? '' })}
                    label={t('coursesUi.field.lecturer')}
                    placeholder={t('coursesUi.field.lecturer')}
                    testId="lesson-filter-lecturer"
                  />
                </Box>
              }
              testId="lesson-filters"
            />
            <ErrorBoundary onRetry={retry} compact>
              <Suspense fallback={<DataTable label={t('coursesUi.lesson.list')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading />}>
                <Results queryRef={queryRef} stale={pending} view={state.view} period={`${state.from}_${state.to}`} />
              </Suspense>
            </ErrorBoundary>
          </Stack>
        </Box>
        {scheduling && (
          <Suspense fallback={<DialogLoading title={t('coursesUi.schedule.title')} onClose={() => setScheduling(false)} testId="schedule-loading" />}>
            <ScheduleLessonsDialog
              courseId={state.course || undefined}
              onClose={() => setScheduling(false)}
              onSaved={(n) => {
                notify('success', t('coursesUi.schedule.done', { count: n }));
                setScheduling(false);
                startTransition(() => load(queryRef.variables, 'network-only'));
              }}
            />
          </Suspense>
        )}
      </ErrorBoundary>
    </Stack>
  );
}
