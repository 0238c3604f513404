import { Badge, Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { DialogLoading } from '../../../components/DialogShell.tsx';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DataTable, LoadMore, type Column } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { hours, nameIn } from '../shared/codes.tsx';
import { EnrollDialog, HoursDialog } from '../shared/HoursDialogs.tsx';
import { courseHoursRoute, HOURS_DEFAULTS, enrollmentFilterOf } from './CourseHours.route.ts';
import type { CourseHours_query$data, CourseHours_query$key } from './__generated__/CourseHours_query.graphql.ts';
import type { CourseHoursQuery } from './__generated__/CourseHoursQuery.graphql.ts';

const listQuery = graphql`
  query CourseHoursQuery($filter: EnrollmentFilter) {
    viewer {
      hours: can(right: "course.hours")
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
    ...CourseHours_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment CourseHours_query on Query
  @refetchable(queryName: "CourseHoursPaginationQuery")
  @argumentDefinitions(filter: { type: "EnrollmentFilter" }, first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
    enrollments(filter: $filter, first: $first, after: $after) @connection(key: "CourseHours_enrollments", filters: ["filter"]) {
      totalCount
      edges {
        node {
          id
          state
          totalHours
          remainingHours
          student {
            databaseId
            name
            nameEn
          }
          course {
            id
            name
          }
        }
      }
    }
  }
`;

type Row = NonNullable<CourseHours_query$data['enrollments']['edges'][number]['node']>;

function Rows({ query, canHours, stale }: { query: CourseHours_query$key; canHours: boolean; stale: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.enrollments.edges.map((e) => e.node).filter((n): n is Row => n != null);
  const [dialog, setDialog] = useState<{ mode: 'buy' | 'adjust'; row: Row } | null>(null);
  const columns: Array<Column<Row>> = [
    { key: 'student', header: t('coursesUi.field.student'), card: 'title', render: (r) => nameIn(r.student, lang) },
    { key: 'course', header: t('coursesUi.field.course'), card: 'fact', render: (r) => r.course.name },
    {
      key: 'state',
      header: t('coursesUi.hours.state'),
      card: 'state',
      render: (r) => (
        <Badge colorPalette={r.state === 'ENROLLED' ? 'green' : 'gray'} variant="subtle">
          {t(`coursesUi.enrollment.${r.state}`)}
        </Badge>
      ),
    },
    { key: 'total', header: t('coursesUi.hours.total'), card: 'fact', align: 'end', render: (r) => hours(r.totalHours) },
    { key: 'remaining', header: t('coursesUi.hours.remaining'), card: 'fact', align: 'end', render: (r) => hours(r.remainingHours) },
  ];
  return (
    <Stack gap="2">
      <DataTable
        label={t('coursesUi.hours.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => `${nameIn(r.student, lang)} ${r.course.name}`}
        onOpen={(r) => navigate(`/mission/course-detail/${encodeURIComponent(r.course.id)}`)}
        stale={stale}
        actions={(r) => [
          ...(canHours
            ? [
                { key: 'buy', label: t('coursesUi.hours.buy'), onSelect: () => setDialog({ mode: 'buy', row: r }) },
                { key: 'adjust', label: t('coursesUi.hours.adjust'), onSelect: () => setDialog({ mode: 'adjust', row: r }) },
              ]
            : []),
          { key: 'records', label: t('coursesUi.hours.records'), onSelect: () => navigate(`/course-hour-record?enrollment=${encodeURIComponent(r.id)}`) },
          { key: 'course', label: t('coursesUi.course.open'), onSelect: () => navigate(`/mission/course-detail/${encodeURIComponent(r.course.id)}`) },
        ]}
        empty={{ title: t('coursesUi.hours.none') }}
        testId="hours-table"
      />
      <LoadMore shown={rows.length} total={data.enrollments.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(50)} testId="hours-more" />
      {dialog && (
        <HoursDialog
          mode={dialog.mode}
          enrollment={{ id: dialog.row.id, studentName: nameIn(dialog.row.student, lang), courseName: dialog.row.course.name, remainingHours: dialog.row.remainingHours }}
          onClose={() => setDialog(null)}
          onSaved={() => (notify('success', t('coursesUi.saved')), setDialog(null))}
        />
      )}
    </Stack>
  );
}

function Results({ queryRef, stale }: { queryRef: PreloadedQuery<CourseHoursQuery>; stale: boolean }) {
  const data = usePreloadedQuery<CourseHoursQuery>(listQuery, queryRef);
  return <Rows query={data} canHours={data.viewer.hours} stale={stale} />;
}

function CourseFilter({ queryRef, value, onChange }: { queryRef: PreloadedQuery<CourseHoursQuery>; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<CourseHoursQuery>(listQuery, queryRef);
  return (
    <SelectFilter
      label={t('coursesUi.field.course')}
      all={`${t('coursesUi.field.course')}: ${t('coursesUi.all')}`}
      value={value}
      onChange={onChange}
      options={data.courses.edges.map(({ node }) => ({ value: node.id, label: node.name }))}
      width="56"
      testId="hours-filter-course"
    />
  );
}

function Enroll({ queryRef, onClose, onSaved }: { queryRef: PreloadedQuery<CourseHoursQuery>; onClose: () => void; onSaved: () => void }) {
  const data = usePreloadedQuery<CourseHoursQuery>(listQuery, queryRef);
  const courses = data.courses.edges.filter((e) => e.node.viewerCanManage).map(({ node }) => ({ id: node.id, label: `${node.no} ${node.name}` }));
  return <EnrollDialog courses={courses} onClose={onClose} onSaved={onSaved} />;
}

/**
 * 课时管理 (`/course-hour/list`) and 新增课时 (`/course-hour/add`, the same list with the
 * enrol-and-buy dialog open): every enrolment the viewer sees with total and remaining hours;
 * buy or adjust (a reason required), open the records.
 */
export default function CourseHours({ adding = false }: { adding?: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useUrlState(HOURS_DEFAULTS);
  const filter = useMemo(() => enrollmentFilterOf(state), [state]);
  const { queryRef, load, retry } = useRouteQuery(courseHoursRoute, { filter });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  const [enrolling, setEnrolling] = useState(adding);
  return (
    <Stack gap="3" minW="0" maxW="full" data-testid="course-hours">
      {/* The query also feeds the header and filters: a failed load shows here, with a retry. */}
      <ErrorBoundary onRetry={retry} compact>
        <Flex align="center" gap="2">
          <Heading size="lg" flex="1">
            {t('coursesUi.hours.title')}
          </Heading>
          <Button size="sm" colorPalette="blue" onClick={() => setEnrolling(true)} data-testid="hours-add">
            <Plus size={16} /> {t('coursesUi.hours.add')}
          </Button>
        </Flex>
        <FilterBar
          pending={pending}
          search={state.search}
          onSearch={(search) => setState({ search })}
          searchLabel={t('coursesUi.hours.search')}
          chips={[
            ...(state.course ? [{ key: 'course', label: t('coursesUi.field.course'), value: t('coursesUi.chosen'), onRemove: () => setState({ course: '' }) }] : []),
            ...(state.state ? [{ key: 'state', label: t('coursesUi.hours.state'), value: t(`coursesUi.enrollment.${state.state}`), onRemove: () => setState({ state: '' }) }] : []),
          ]}
          onClearAll={() => setState({ course: '', state: '', search: '' })}
          primary={
            <>
              <Suspense fallback={null}>
                <CourseFilter queryRef={queryRef} value={state.course} onChange={(course) => setState({ course })} />
              </Suspense>
              <SelectFilter
                label={t('coursesUi.hours.state')}
                all={`${t('coursesUi.hours.state')}: ${t('coursesUi.all')}`}
                value={state.state}
                onChange={(s) => setState({ state: s })}
                options={(['ENROLLED', 'LEFT'] as const).map((s) => ({ value: s, label: t(`coursesUi.enrollment.${s}`) }))}
                width="36"
                testId="hours-filter-state"
              />
            </>
          }
          testId="hours-filters"
        />
        <ErrorBoundary onRetry={retry} compact>
          <Suspense fallback={<DataTable label={t('coursesUi.hours.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading />}>
            <Results queryRef={queryRef} stale={pending} />
          </Suspense>
        </ErrorBoundary>
        {enrolling && (
          <Suspense fallback={<DialogLoading title={t('coursesUi.hours.enrollTitle')} onClose={() => setEnrolling(false)} testId="enroll-loading" />}>
            <Enroll
              queryRef={queryRef}
              onClose={() => setEnrolling(false)}
              onSaved={() => {
                notify('success', t('coursesUi.hours.enrolled'));
                setEnrolling(false);
                startTransition(() => load(queryRef.variables, 'network-only'));
              }}
            />
          </Suspense>
        )}
      </ErrorBoundary>
    </Stack>
  );
}

/** 新增课时 (`/course-hour/add`). */
export function CourseHoursAdd() {
  return <CourseHours adding />;
}
