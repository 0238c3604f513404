import { Badge as Tag, Box, Flex, Heading, Progress, Stack, Text } from '@chakra-ui/react';
import { Lock } from 'lucide-react';
import { Suspense, useEffect, useMemo, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DataTable, LoadMore, type Column } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { applicationChips, StateYearFilters } from '../shared/ApplicationFilters.tsx';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { schoolName } from '../../schools/index.ts';
import { STATE_PALETTE, type STATES } from '../shared/codes.ts';
import { applicationFilterOf, APPLICATION_DEFAULTS, applicationListRoute, type ApplicationListState } from './ApplicationList.route.ts';
import type { ApplicationList_query$data, ApplicationList_query$key } from './__generated__/ApplicationList_query.graphql.ts';
import type { ApplicationListQuery } from './__generated__/ApplicationListQuery.graphql.ts';

const listQuery = graphql`
  query ApplicationListQuery($filter: ApplicationFilter) {
    ...ApplicationList_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment ApplicationList_query on Query
  @refetchable(queryName: "ApplicationListPaginationQuery")
  @argumentDefinitions(filter: { type: "ApplicationFilter" }, first: { type: "Int", defaultValue: 30 }, after: { type: "String" }) {
    applications(filter: $filter, first: $first, after: $after) @connection(key: "ApplicationList_applications", filters: ["filter"]) {
      totalCount
      edges {
        node {
          id
          state
          progress
          deadline
          year
          locked
          orderNum
          studentDocState
          parentDocState
          recommendDocState
          interview
          submitResult
          archive {
            id
            name
            userName
          }
          school {
            id
            name
            chineseName
          }
        }
      }
    }
  }
`;

type Row = NonNullable<ApplicationList_query$data['applications']['edges'][number]['node']>;

export function StateBadge({ state }: { state: (typeof STATES)[number] }) {
  const { t } = useTranslation();
  return (
    <Tag colorPalette={STATE_PALETTE[state]} variant="subtle" data-testid="app-state">
      {t(`schoolsUi.state.${state}`)}
    </Tag>
  );
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <Flex align="center" gap="1.5" minW="24">
      <Progress.Root value={value} size="xs" flex="1" colorPalette="blue" aria-label={label}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs" fontVariantNumeric="tabular-nums" w="9" textAlign="end">{`${value}%`}</Text>
    </Flex>
  );
}

function Rows({ query, stale }: { query: ApplicationList_query$key; stale: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.applications.edges.map((e) => e.node).filter((n): n is Row => n != null);
  const open = (r: Row) => navigate(`/application-progress/form/${encodeURIComponent(r.id)}`);
  const student = (r: Row) => (lang === 'en' && r.archive?.userName ? r.archive.userName : (r.archive?.name ?? ''));
  const columns: Array<Column<Row>> = [
    {
      key: 'student',
      header: t('schoolsUi.app.student'),
      card: 'title',
      render: (r) => (
        <span>
          {student(r)}
          <Text as="span" display="block" fontWeight="normal" color="fg.muted" fontSize="xs">
            {schoolName(r.school, lang)}
          </Text>
        </span>
      ),
    },
    {
      key: 'state',
      header: t('schoolsUi.app.state'),
      card: 'state',
      render: (r) => (
        <Flex gap="1" align="center">
          <StateBadge state={r.state as (typeof STATES)[number]} />
          {r.locked && (
            <Tag colorPalette="gray" variant="outline" data-testid="app-locked">
              <Lock size={10} aria-hidden /> {t('schoolsUi.app.locked')}
            </Tag>
          )}
        </Flex>
      ),
    },
    { key: 'progress', header: t('schoolsUi.app.progress'), card: 'fact', render: (r) => <ProgressBar value={r.progress} label={`${student(r)} ${t('schoolsUi.app.progress')}`} /> },
    { key: 'deadline', header: t('schoolsUi.app.deadline'), card: 'fact', render: (r) => (r.deadline ? fmt.date(r.deadline as string) : '') },
    { key: 'student-docs', header: t('schoolsUi.doc.STUDENT'), card: 'hidden', hideBelow: 1280, render: (r) => t(`schoolsUi.docState.${r.studentDocState}`) },
    { key: 'parent-docs', header: t('schoolsUi.doc.PARENT'), card: 'hidden', hideBelow: 1280, render: (r) => t(`schoolsUi.docState.${r.parentDocState}`) },
    { key: 'recommend', header: t('schoolsUi.doc.RECOMMEND'), card: 'hidden', hideBelow: 1280, render: (r) => t(`schoolsUi.docState.${r.recommendDocState}`) },
    { key: 'interview', header: t('archivesUi.batch.field.interview'), card: 'hidden', render: (r) => t(`archivesUi.batch.interview.${r.interview}`) },
    { key: 'submit', header: t('archivesUi.batch.field.submitResult'), card: 'hidden', hideBelow: 1280, render: (r) => t(`archivesUi.batch.submitResult.${r.submitResult}`) },
    { key: 'year', header: t('schoolsUi.app.year'), card: 'hidden', render: (r) => r.year ?? '' },
  ];
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted" data-testid="app-total">
        {t('listKit.shownOf', { shown: rows.length, total: data.applications.totalCount })}
      </Text>
      <DataTable
        label={t('schoolsUi.app.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => `${student(r)} ${schoolName(r.school, lang)}`}
        actions={(r) => [{ key: 'open', label: t('schoolsUi.app.open'), onSelect: () => open(r) }]}
        onOpen={open}
        stale={stale}
        empty={{ title: t('schoolsUi.app.empty') }}
        testId="app-table"
      />
      <LoadMore shown={rows.length} total={data.applications.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(30)} testId="app-more" />
    </Stack>
  );
}

function Results({ queryRef, stale }: { queryRef: PreloadedQuery<ApplicationListQuery>; stale: boolean }) {
  const data = usePreloadedQuery<ApplicationListQuery>(listQuery, queryRef);
  return <Rows query={data} stale={stale} />;
}

/**
 * 申请进度 (`/application-progress`): every application the viewer may read, with its state,
 * progress, deadline and document and interview statuses; searched by student or school,
 * filtered by state, year and lock (in the URL). A row opens its form (docs/schools-ui.md).
 */
export default function ApplicationList() {
  const { t } = useTranslation();
  const [state, setState] = useUrlState<keyof typeof APPLICATION_DEFAULTS>(APPLICATION_DEFAULTS);
  const filter = useMemo(() => applicationFilterOf(state as ApplicationListState), [state]);
  const { queryRef, load, retry } = useRouteQuery(applicationListRoute, { filter });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  const chips = applicationChips({ state, setState }, t);
  if (state.locked)
    chips.push({ key: 'locked', label: t('schoolsUi.app.filterLocked'), value: t(state.locked === 'yes' ? 'schoolsUi.app.lockedYes' : 'schoolsUi.app.lockedNo'), onRemove: () => setState({ locked: '' }) });
  return (
    <Stack gap="3" data-testid="app-list">
      <Heading size="lg">{t('schoolsUi.app.title')}</Heading>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <FilterBar
          pending={pending}
          search={state.q}
          onSearch={(q) => setState({ q })}
          searchLabel={t('schoolsUi.app.search')}
          chips={chips}
          onClearAll={() => setState({ ...APPLICATION_DEFAULTS })}
          testId="app-filters"
          primary={
            <>
              <StateYearFilters state={state} setState={setState} t={t} testIds={{ state: 'filter-state', year: 'filter-year' }} />
              <SelectFilter
                label={t('schoolsUi.app.filterLocked')}
                all={`${t('schoolsUi.app.filterLocked')}: ${t('schoolsUi.all')}`}
                value={state.locked}
                onChange={(locked) => setState({ locked })}
                options={[
                  { value: 'yes', label: t('schoolsUi.app.lockedYes') },
                  { value: 'no', label: t('schoolsUi.app.lockedNo') },
                ]}
                testId="filter-locked"
              />
            </>
          }
        />
      </Box>
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('schoolsUi.app.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="app-table" />}>
          <Results queryRef={queryRef} stale={pending} />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}
