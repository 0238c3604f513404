import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { ArrowDownUp } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DataTable, LoadMore, type Column, type RowAction } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter, type FilterChip } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useIsPhone } from '../../../lib/useMedia.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { OnlineBadge, StateBadge } from '../shared/badges.tsx';
import { DeptSelect, deptName, flattenDepts, type Dept } from '../../departments/index.ts';
import { DeptTreeNav } from './DeptTreeNav.tsx';
import { StaffActs, type StaffAct } from './StaffActs.tsx';
import { StaffSortDialog } from './StaffSortDialog.tsx';
import { staffListRoute } from './StaffList.route.ts';
import { staffFilterOf, STAFF_DEFAULTS } from './filters.ts';
import type { StaffList_query$data, StaffList_query$key } from './__generated__/StaffList_query.graphql.ts';
import type { StaffListQuery, StaffListQuery$data } from './__generated__/StaffListQuery.graphql.ts';
import { AddButton, PageHeader } from '../../../components/list/PageHeader.tsx';

const listQuery = graphql`
  query StaffListQuery($filter: UserFilter) {
    viewer {
      databaseId
      edit: can(right: "staff.edit")
      changeState: can(right: "staff.changeState")
    }
    departmentTree {
      ...departmentsTree @relay(mask: false)
    }
    ...StaffForm_query
    ...StaffList_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment StaffList_query on Query @refetchable(queryName: "StaffListPaginationQuery") @argumentDefinitions(filter: { type: "UserFilter" }, first: { type: "Int", defaultValue: 30 }, after: { type: "String" }) {
    people(filter: $filter, first: $first, after: $after) @connection(key: "StaffList_people", filters: ["filter"]) {
      __id
      totalCount
      edges {
        node {
          ...StaffForm_person @relay(mask: false)
          viewerCanEdit
          viewerCanChangeState
          viewerCanResetPassword
          viewerRestriction
        }
      }
    }
  }
`;

export type StaffRow = NonNullable<StaffList_query$data['people']['edges'][number]['node']>;
type Viewer = StaffListQuery$data['viewer'];

function Rows({ query, viewer, stale, onAct, onSort }: { query: StaffList_query$key; viewer: Viewer; stale: boolean; onAct: (a: StaffAct) => void; onSort: (rows: StaffRow[]) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.people.edges.map((e) => e.node).filter((n): n is StaffRow => n != null);
  const columns: Array<Column<StaffRow>> = [
    {
      key: 'name',
      header: t('orgUi.col.name'),
      card: 'title',
      render: (r) => (
        <Flex gap="2" align="center" wrap="wrap">
          <span>{personName(r, lang)}</span>
          <OnlineBadge online={r.isOnline && r.state !== 'DEACTIVATED'} />
        </Flex>
      ),
    },
    { key: 'state', header: t('orgUi.col.state'), card: 'state', render: (r) => <StateBadge state={r.state} /> },
    { key: 'account', header: t('orgUi.col.account'), card: 'fact', render: (r) => r.account ?? '' },
    { key: 'department', header: t('orgUi.col.department'), card: 'fact', render: (r) => (r.department ? deptName(r.department, lang) : '') },
    { key: 'roles', header: t('orgUi.col.roles'), card: 'fact', render: (r) => r.roles.map((x) => personName(x, lang)).join('、') },
    { key: 'code', header: t('orgUi.col.code'), card: 'hidden', hideBelow: 1280, render: (r) => r.code ?? '' },
    { key: 'mobile', header: t('orgUi.col.mobile'), card: 'hidden', hideBelow: 1280, render: (r) => r.mobile ?? '' },
  ];
  const actions = (r: StaffRow): RowAction[] => {
    const self = r.databaseId === viewer.databaseId;
    const out: RowAction[] = [];
    // Offered by the viewer's rights, enabled by the row's viewerCan… fields; a refused act says why.
    const why = r.viewerRestriction ?? undefined;
    if (viewer.edit) out.push({ key: 'edit', label: t('orgUi.act.edit'), disabled: !r.viewerCanEdit, reason: why, onSelect: () => onAct({ kind: 'edit', person: r }) });
    if (viewer.changeState && r.state === 'DEACTIVATED')
      out.push({ key: 'activate', label: t('orgUi.act.activate'), disabled: !r.viewerCanChangeState, reason: why, onSelect: () => onAct({ kind: 'activate', person: r }) });
    if (viewer.changeState && r.state !== 'DEACTIVATED' && !self)
      out.push({ key: 'deactivate', label: t('orgUi.act.deactivate'), danger: true, disabled: !r.viewerCanChangeState, reason: why, onSelect: () => onAct({ kind: 'deactivate', person: r }) });
    if (viewer.edit && !self)
      out.push({ key: 'reset', label: t('orgUi.act.resetPassword'), disabled: !r.viewerCanResetPassword, reason: why ?? t('orgUi.act.noAccount'), onSelect: () => onAct({ kind: 'reset', person: r }) });
    if (viewer.edit) out.push({ key: 'handover', label: t('orgUi.act.handover'), onSelect: () => onAct({ kind: 'handover', person: r }) });
    return out;
  };
  return (
    <Stack gap="2">
      <Flex align="center" gap="2" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" data-testid="staff-total" flex="1">
          {t('listKit.shownOf', { shown: rows.length, total: data.people.totalCount })}
        </Text>
        {viewer.edit && rows.length > 1 && (
          <Button size="xs" variant="outline" onClick={() => onSort(rows)} data-testid="staff-sort">
            <ArrowDownUp size={14} /> {t('orgUi.sort.open')}
          </Button>
        )}
      </Flex>
      <DataTable
        label={t('orgUi.staff.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => personName(r, lang)}
        actions={actions}
        onOpen={viewer.edit ? (r) => r.viewerCanEdit && onAct({ kind: 'edit', person: r }) : undefined}
        stale={stale}
        empty={{ title: t('orgUi.staff.empty') }}
        testId="staff-table"
      />
      <LoadMore shown={rows.length} total={data.people.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(30)} testId="staff-more" />
    </Stack>
  );
}

function Results(props: { queryRef: PreloadedQuery<StaffListQuery>; stale: boolean; onData: (d: StaffListQuery$data) => void; onAct: (a: StaffAct) => void; onSort: (rows: StaffRow[]) => void }) {
  const data = usePreloadedQuery<StaffListQuery>(listQuery, props.queryRef);
  const { onData } = props;
  useEffect(() => onData(data), [data, onData]);
  return <Rows query={data} viewer={data.viewer} stale={props.stale} onAct={props.onAct} onSort={props.onSort} />;
}

/**
 * 员工列表 (`/people/list`): staff online first, then by the custom order; the department tree
 * beside the list (a select on phones), search and state in the URL; add, edit, activate,
 * deactivate (what it ends), reset password (shown once or mailed), hand over, custom order
 * (docs/users-ui.md).
 */
export default function StaffList() {
  const { t } = useTranslation();
  const lang = useLang();
  const phone = useIsPhone();
  const navigate = useNavigate();
  const [state, setState] = useUrlState<keyof typeof STAFF_DEFAULTS>(STAFF_DEFAULTS);
  const filter = useMemo(() => staffFilterOf(state), [state]);
  const { queryRef, load, retry } = useRouteQuery(staffListRoute, { filter });
  const [pending, startTransition] = useTransition();
  const [data, setData] = useState<StaffListQuery$data | null>(null);
  const [act, setAct] = useState<StaffAct | null>(null);
  const [sorting, setSorting] = useState<StaffRow[] | null>(null);
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  const tree: ReadonlyArray<Dept> = data?.departmentTree ?? [];
  const flat = flattenDepts(tree);
  const deptOf = (db: string) => flat.find((f) => String(f.dept.databaseId) === db)?.dept;
  const chips: FilterChip[] = [];
  if (state.q) chips.push({ key: 'q', label: t('orgUi.search'), value: state.q, onRemove: () => setState({ q: '' }) });
  if (state.state) chips.push({ key: 'state', label: t('orgUi.col.state'), value: t(`orgUi.state.${state.state}`), onRemove: () => setState({ state: '' }) });
  if (state.dept) chips.push({ key: 'dept', label: t('orgUi.col.department'), value: deptOf(state.dept) ? deptName(deptOf(state.dept)!, lang) : state.dept, onRemove: () => setState({ dept: '' }) });
  const deptId = deptOf(state.dept)?.id ?? '';
  return (
    <Stack gap="3" data-testid="staff-list">
      <PageHeader title={t('orgUi.staff.title')}>{data?.viewer.edit && <AddButton label={t('orgUi.staff.add')} onClick={() => navigate('/people/add')} testId="staff-add" />}</PageHeader>
      <Flex gap="3" align="start" direction={{ base: 'column', lg: 'row' }}>
        {!phone && tree.length > 0 && (
          <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="2" w={{ base: 'full', lg: '64' }} flexShrink={0}>
            <DeptTreeNav tree={tree} selected={state.dept} onSelect={(dept) => setState({ dept })} />
          </Box>
        )}
        <Stack gap="3" flex="1" minW="0" w="full">
          <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
            <FilterBar
              pending={pending}
              search={state.q}
              onSearch={(q) => setState({ q })}
              searchLabel={t('orgUi.search')}
              chips={chips}
              onClearAll={() => setState({ ...STAFF_DEFAULTS })}
              testId="staff-filters"
              primary={
                <>
                  <SelectFilter
                    label={t('orgUi.col.state')}
                    all={`${t('orgUi.col.state')}: ${t('orgUi.all')}`}
                    value={state.state}
                    onChange={(s) => setState({ state: s })}
                    options={['FULL_TIME', 'PART_TIME', 'DEACTIVATED'].map((s) => ({ value: s, label: t(`orgUi.state.${s}`) }))}
                    testId="filter-state"
                  />
                  {phone && (
                    <Box minW="44">
                      <DeptSelect
                        tree={tree}
                        value={deptId}
                        onChange={(id) => setState({ dept: String(flat.find((f) => f.dept.id === id)?.dept.databaseId ?? '') })}
                        empty={`${t('orgUi.col.department')}: ${t('orgUi.all')}`}
                        label={t('orgUi.col.department')}
                        lang={lang}
                        testId="filter-dept"
                      />
                    </Box>
                  )}
                </>
              }
            />
          </Box>
          <ErrorBoundary onRetry={retry} compact>
            <Suspense fallback={<DataTable label={t('orgUi.staff.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="staff-table" />}>
              <Results queryRef={queryRef} stale={pending} onData={setData} onAct={setAct} onSort={setSorting} />
            </Suspense>
          </ErrorBoundary>
        </Stack>
      </Flex>
      {act && data && <StaffActs act={act} query={data} onClose={() => setAct(null)} onChanged={retry} />}
      {sorting && <StaffSortDialog rows={sorting} onClose={() => setSorting(null)} onDone={retry} />}
    </Stack>
  );
}
