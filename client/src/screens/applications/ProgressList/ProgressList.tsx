import { Badge as Tag, Box, Flex, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useMemo, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DataTable, LoadMore } from '../../../components/list/DataTable.tsx';
import { FilterBar } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLang } from '../../../lib/useLang.ts';
import { applicationChips, StateYearFilters } from '../shared/ApplicationFilters.tsx';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { schoolName } from '../../schools/index.ts';
import { ProgressBar, StateBadge } from '../ApplicationList/ApplicationList.tsx';
import { applicationFilterOf, APPLICATION_DEFAULTS, type ApplicationListState } from '../ApplicationList/ApplicationList.route.ts';
import { STATE_PALETTE, STATES, type AppState } from '../shared/codes.ts';
import { progressListRoute } from './ProgressList.route.ts';
import type { ProgressList_query$data, ProgressList_query$key } from './__generated__/ProgressList_query.graphql.ts';
import type { ProgressListQuery } from './__generated__/ProgressListQuery.graphql.ts';

const listQuery = graphql`
  query ProgressListQuery($filter: ApplicationFilter) {
    ...ProgressList_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment ProgressList_query on Query
  @refetchable(queryName: "ProgressListPaginationQuery")
  @argumentDefinitions(filter: { type: "ApplicationFilter" }, first: { type: "Int", defaultValue: 200 }, after: { type: "String" }) {
    applications(filter: $filter, first: $first, after: $after) @connection(key: "ProgressList_applications", filters: ["filter"]) {
      totalCount
      edges {
        node {
          id
          state
          progress
          deadline
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

type Row = NonNullable<ProgressList_query$data['applications']['edges'][number]['node']>;

function Groups({ query, stale }: { query: ProgressList_query$key; stale: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.applications.edges.map((e) => e.node).filter((n): n is Row => n != null);
  // The applications loaded, grouped by school (the school's name in the viewer's language).
  const groups = useMemo(() => {
    const map = new Map<string, { name: string; rows: Row[] }>();
    for (const r of rows) {
      const g = map.get(r.school.id) ?? { name: schoolName(r.school, lang), rows: [] };
      g.rows.push(r);
      map.set(r.school.id, g);
    }
    return [...map.values()].sort((a, b) => a.name.localeCompare(b.name, lang === 'zh' ? 'zh-CN' : 'en'));
  }, [rows, lang]);
  if (!rows.length) return <DataTable label={t('schoolsUi.progressList.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} empty={{ title: t('schoolsUi.app.empty') }} testId="progress-groups" />;
  return (
    <Stack gap="3" opacity={stale ? 0.6 : 1} data-testid="progress-groups">
      <Text fontSize="sm" color="fg.muted">
        {t('listKit.shownOf', { shown: rows.length, total: data.applications.totalCount })}
      </Text>
      {groups.map((g) => (
        <Box as="section" key={g.name} bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3" aria-label={g.name} data-testid="progress-group">
          <Flex align="center" gap="2" wrap="wrap" mb="2">
            <Heading as="h2" size="sm" flex="1" minW="40">
              {g.name}
            </Heading>
            <Text fontSize="xs" color="fg.muted">
              {t('schoolsUi.progressList.count', { count: g.rows.length })}
            </Text>
            {STATES.map((s) => {
              const n = g.rows.filter((r) => r.state === s).length;
              return n ? <Tag key={s} colorPalette={STATE_PALETTE[s]} variant="subtle">{`${t(`schoolsUi.state.${s}`)} ${n}`}</Tag> : null;
            })}
          </Flex>
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label={g.name}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('schoolsUi.app.student')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('schoolsUi.app.state')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('schoolsUi.app.progress')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('schoolsUi.app.deadline')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {g.rows.map((r) => {
                  const student = lang === 'en' && r.archive?.userName ? r.archive.userName : (r.archive?.name ?? '');
                  return (
                    <Table.Row key={r.id}>
                      <Table.Cell>
                        <Link href={`#/application-progress/form/${encodeURIComponent(r.id)}`} onClick={(e) => (e.preventDefault(), navigate(`/application-progress/form/${encodeURIComponent(r.id)}`))} color="fg.link">
                          {student}
                        </Link>
                      </Table.Cell>
                      <Table.Cell>
                        <StateBadge state={r.state as AppState} />
                      </Table.Cell>
                      <Table.Cell minW="32">
                        <ProgressBar value={r.progress} label={`${student} ${t('schoolsUi.app.progress')}`} />
                      </Table.Cell>
                      <Table.Cell>{r.deadline ? formatDate(r.deadline as string, lang, 'UTC') : ''}</Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Box>
        </Box>
      ))}
      <LoadMore shown={rows.length} total={data.applications.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(200)} testId="progress-more" />
    </Stack>
  );
}

function Results({ queryRef, stale }: { queryRef: PreloadedQuery<ProgressListQuery>; stale: boolean }) {
  const data = usePreloadedQuery<ProgressListQuery>(listQuery, queryRef);
  return <Groups query={data} stale={stale} />;
}

/**
 * 进度列表 (`/progress/list`): the applications by school, each school with its count by state
 * and its students' progress; the same filters as the application list (docs/schools-ui.md).
 */
export default function ProgressList() {
  const { t } = useTranslation();
  const [state, setState] = useUrlState<keyof typeof APPLICATION_DEFAULTS>(APPLICATION_DEFAULTS);
  const filter = useMemo(() => applicationFilterOf(state as ApplicationListState), [state]);
  const { queryRef, load, retry } = useRouteQuery(progressListRoute, { filter });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  const chips = applicationChips({ state, setState }, t);
  return (
    <Stack gap="3" data-testid="progress-list">
      <Heading size="lg">{t('schoolsUi.progressList.title')}</Heading>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <FilterBar
          pending={pending}
          search={state.q}
          onSearch={(q) => setState({ q })}
          searchLabel={t('schoolsUi.app.search')}
          chips={chips}
          onClearAll={() => setState({ ...APPLICATION_DEFAULTS })}
          testId="progress-filters"
          primary={
            <>
              <StateYearFilters state={state} setState={setState} t={t} testIds={{ state: 'progress-state', year: 'progress-year' }} />
            </>
          }
        />
      </Box>
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('schoolsUi.progressList.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="progress-groups" />}>
          <Results queryRef={queryRef} stale={pending} />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}
