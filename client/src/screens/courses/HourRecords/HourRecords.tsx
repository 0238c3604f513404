import { Badge, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useMemo, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DataTable, LoadMore, type Column } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { hours, HOUR_KINDS, nameIn } from '../shared/codes.tsx';
import { hourRecordsRoute, recordFilterOf, RECORD_DEFAULTS } from './HourRecords.route.ts';
import type { HourRecords_query$data, HourRecords_query$key } from './__generated__/HourRecords_query.graphql.ts';
import type { HourRecordsQuery } from './__generated__/HourRecordsQuery.graphql.ts';

const listQuery = graphql`
  query HourRecordsQuery($filter: CourseHourRecordFilter) {
    courses(first: 200) {
      edges {
        node {
          id
          name
        }
      }
    }
    ...HourRecords_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment HourRecords_query on Query
  @refetchable(queryName: "HourRecordsPaginationQuery")
  @argumentDefinitions(filter: { type: "CourseHourRecordFilter" }, first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
    courseHourRecords(filter: $filter, first: $first, after: $after) @connection(key: "HourRecords_courseHourRecords", filters: ["filter"]) {
      totalCount
      edges {
        node {
          id
          kind
          change
          before
          after
          reason
          createdAt
          createdByName
          createdByNameEn
          enrollment {
            student {
              databaseId
              name
              nameEn
            }
            course {
              name
            }
          }
        }
      }
    }
  }
`;

type Row = NonNullable<HourRecords_query$data['courseHourRecords']['edges'][number]['node']>;
const KIND_PALETTE: Record<string, string> = { BOUGHT: 'green', ADJUSTED: 'orange', SPENT: 'blue', SIGN_IN_UNDONE: 'purple', REFUNDED: 'red' };

function Rows({ query, stale }: { query: HourRecords_query$key; stale: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.courseHourRecords.edges.map((e) => e.node).filter((n): n is Row => n != null);
  const columns: Array<Column<Row>> = [
    { key: 'when', header: t('coursesUi.records.when'), card: 'fact', render: (r) => fmt.dateTime(r.createdAt as string) },
    { key: 'student', header: t('coursesUi.field.student'), card: 'title', render: (r) => `${nameIn(r.enrollment.student, lang)} · ${r.enrollment.course.name}` },
    {
      key: 'kind',
      header: t('coursesUi.records.kind'),
      card: 'state',
      render: (r) => (
        // The longer kinds (Refunded on leaving) may wrap: the table fits 1024 px without scrolling.
        <Badge colorPalette={KIND_PALETTE[r.kind] ?? 'gray'} variant="subtle" whiteSpace="normal" h="auto" py="0.5">
          {t(`coursesUi.records.${r.kind}`)}
        </Badge>
      ),
    },
    { key: 'change', header: t('coursesUi.hours.change'), card: 'fact', align: 'end', render: (r) => `${r.change > 0 ? '+' : ''}${hours(r.change)}` },
    { key: 'before', header: t('coursesUi.records.before'), card: 'fact', align: 'end', render: (r) => hours(r.before) },
    { key: 'after', header: t('coursesUi.records.after'), card: 'fact', align: 'end', render: (r) => hours(r.after) },
    {
      key: 'reason',
      header: t('coursesUi.hours.reason'),
      card: 'fact',
      render: (r) => (
        <Text truncate maxW="64" title={r.reason}>
          {r.reason || '—'}
        </Text>
      ),
      hideBelow: 1100,
    },
    { key: 'who', header: t('coursesUi.records.who'), card: 'fact', render: (r) => (lang === 'en' && r.createdByNameEn ? r.createdByNameEn : r.createdByName) || '—' },
  ];
  return (
    <Stack gap="2">
      <DataTable
        label={t('coursesUi.records.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => nameIn(r.enrollment.student, lang)}
        stale={stale}
        empty={{ title: t('coursesUi.records.empty') }}
        testId="record-table"
      />
      <LoadMore shown={rows.length} total={data.courseHourRecords.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(50)} testId="record-more" />
    </Stack>
  );
}

function Results({ queryRef, stale }: { queryRef: PreloadedQuery<HourRecordsQuery>; stale: boolean }) {
  const data = usePreloadedQuery<HourRecordsQuery>(listQuery, queryRef);
  return <Rows query={data} stale={stale} />;
}

function CourseFilter({ queryRef, value, onChange }: { queryRef: PreloadedQuery<HourRecordsQuery>; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<HourRecordsQuery>(listQuery, queryRef);
  return (
    <SelectFilter
      label={t('coursesUi.field.course')}
      all={`${t('coursesUi.field.course')}: ${t('coursesUi.all')}`}
      value={value}
      onChange={onChange}
      options={data.courses.edges.map(({ node }) => ({ value: node.id, label: node.name }))}
      width="56"
      testId="record-filter-course"
    />
  );
}

/**
 * 课时记录 (`/course-hour-record`): every change of hours (bought, adjusted, spent by a sign-in)
 * with before, after, why, who and when; by course, kind or one enrolment (`?enrollment=`).
 */
export default function HourRecords() {
  const { t } = useTranslation();
  const [state, setState] = useUrlState(RECORD_DEFAULTS);
  const filter = useMemo(() => recordFilterOf(state), [state]);
  const { queryRef, load, retry } = useRouteQuery(hourRecordsRoute, { filter });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  return (
    <Stack gap="3" minW="0" maxW="full" data-testid="hour-records">
      {/* The query also feeds the header and filters: a failed load shows here, with a retry. */}
      <ErrorBoundary onRetry={retry} compact>
        <Flex align="center">
          <Heading size="lg">{t('coursesUi.records.title')}</Heading>
        </Flex>
        <FilterBar
          pending={pending}
          search=""
          onSearch={() => undefined}
          searchLabel={t('coursesUi.records.title')}
          hideSearch
          chips={[
            ...(state.course ? [{ key: 'course', label: t('coursesUi.field.course'), value: t('coursesUi.chosen'), onRemove: () => setState({ course: '' }) }] : []),
            ...(state.enrollment ? [{ key: 'enrollment', label: t('coursesUi.records.enrollment'), value: t('coursesUi.chosen'), onRemove: () => setState({ enrollment: '' }) }] : []),
            ...(state.kind ? [{ key: 'kind', label: t('coursesUi.records.kind'), value: t(`coursesUi.records.${state.kind}`), onRemove: () => setState({ kind: '' }) }] : []),
          ]}
          onClearAll={() => setState({ course: '', enrollment: '', kind: '' })}
          primary={
            <>
              <Suspense fallback={null}>
                <CourseFilter queryRef={queryRef} value={state.course} onChange={(course) => setState({ course })} />
              </Suspense>
              <SelectFilter
                label={t('coursesUi.records.kind')}
                all={`${t('coursesUi.records.kind')}: ${t('coursesUi.all')}`}
                value={state.kind}
                onChange={(kind) => setState({ kind })}
                options={HOUR_KINDS.map((k) => ({ value: k, label: t(`coursesUi.records.${k}`) }))}
                width="36"
                testId="record-filter-kind"
              />
            </>
          }
          testId="record-filters"
        />
        <ErrorBoundary onRetry={retry} compact>
          <Suspense fallback={<DataTable label={t('coursesUi.records.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading />}>
            <Results queryRef={queryRef} stale={pending} />
          </Suspense>
        </ErrorBoundary>
      </ErrorBoundary>
    </Stack>
  );
}
