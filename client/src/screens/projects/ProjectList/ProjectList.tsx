import { Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DeleteDialog } from '../../../components/list/ConfirmDialog.tsx';
import { DataTable, LoadMore, type Column, type RowAction } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter, type FilterChip } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { FocusButton } from '../FocusButton.tsx';
import { PROJECT_STATES } from '../projectDraft.ts';
import { ProjectStateBadge } from '../shared.tsx';
import { projectFilterOf, PROJECT_LIST_DEFAULTS, type ProjectListState } from './filters.ts';
import { projectListRoute } from './ProjectList.route.ts';
import type { ProjectList_query$data, ProjectList_query$key } from './__generated__/ProjectList_query.graphql.ts';
import type { ProjectListDeleteMutation } from './__generated__/ProjectListDeleteMutation.graphql.ts';
import type { ProjectListQuery } from './__generated__/ProjectListQuery.graphql.ts';
import { AddButton, PageHeader } from '../../../components/list/PageHeader.tsx';

const listQuery = graphql`
  query ProjectListQuery($filter: ProjectFilter) {
    viewer {
      manage: can(right: "project.manage")
    }
    ...ProjectList_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment ProjectList_query on Query @refetchable(queryName: "ProjectListPaginationQuery") @argumentDefinitions(filter: { type: "ProjectFilter" }, first: { type: "Int", defaultValue: 30 }, after: { type: "String" }) {
    projects(filter: $filter, first: $first, after: $after) @connection(key: "ProjectList_projects", filters: ["filter"]) {
      __id
      totalCount
      edges {
        node {
          id
          name
          nameEn
          code
          state
          companyName
          startDate
          endDate
          isFocused
          viewerCanManage
          manager {
            id
            name
            nameEn
          }
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation ProjectListDeleteMutation($input: DeleteProjectsInput!, $connections: [ID!]!) {
    deleteProjects(input: $input) {
      __typename
      ... on DeleteProjectsPayload {
        deletedProjectIds @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

type Row = NonNullable<ProjectList_query$data['projects']['edges'][number]['node']>;

function Rows({ query, stale, onDelete }: { query: ProjectList_query$key; stale: boolean; onDelete: (r: Row, connection: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.projects.edges.map((e) => e.node).filter((n): n is Row => n != null);
  const open = (r: Row) => navigate(`/project/detail/${encodeURIComponent(r.id)}`);
  const name = (r: Row) => (lang === 'en' && r.nameEn ? r.nameEn : r.name);
  const columns: Array<Column<Row>> = [
    // The name opens the project (a button), so the focus star is a column of its own.
    { key: 'name', header: t('contentUi.project.name'), card: 'title', render: (r) => name(r) },
    { key: 'focus', header: t('contentUi.project.focusColumn'), card: 'fact', width: '16', render: (r) => <FocusButton projectId={r.id} focused={r.isFocused} name={name(r)} /> },
    { key: 'state', header: t('contentUi.project.stateLabel'), card: 'state', render: (r) => <ProjectStateBadge state={r.state} /> },
    { key: 'code', header: t('contentUi.project.code'), card: 'fact', render: (r) => r.code },
    { key: 'manager', header: t('contentUi.project.manager'), card: 'fact', render: (r) => personName(r.manager, lang) },
    { key: 'company', header: t('contentUi.project.company'), card: 'hidden', hideBelow: 1280, render: (r) => r.companyName ?? '' },
    { key: 'dates', header: t('contentUi.project.dates'), card: 'fact', render: (r) => [r.startDate ? fmt.date(r.startDate as string) : '', r.endDate ? fmt.date(r.endDate as string) : ''].filter(Boolean).join(' – ') },
  ];
  const actions = (r: Row): RowAction[] => [
    { key: 'open', label: t('contentUi.open'), onSelect: () => open(r) },
    ...(r.viewerCanManage ? [{ key: 'delete', label: t('contentUi.delete'), danger: true, onSelect: () => onDelete(r, data.projects.__id) }] : []),
  ];
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted" data-testid="project-total">
        {t('listKit.shownOf', { shown: rows.length, total: data.projects.totalCount })}
      </Text>
      <DataTable
        label={t('contentUi.project.listTitle')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={name}
        actions={actions}
        onOpen={open}
        stale={stale}
        empty={{ title: t('contentUi.project.empty'), description: t('contentUi.project.emptyHint') }}
        testId="project-table"
      />
      <LoadMore shown={rows.length} total={data.projects.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(30)} testId="project-more" />
    </Stack>
  );
}

function Results({ queryRef, stale, onManage, onDelete }: { queryRef: PreloadedQuery<ProjectListQuery>; stale: boolean; onManage: (v: boolean) => void; onDelete: (r: Row, connection: string) => void }) {
  const data = usePreloadedQuery<ProjectListQuery>(listQuery, queryRef);
  const manage = data.viewer.manage;
  useEffect(() => onManage(manage), [manage, onManage]);
  return <Rows query={data} stale={stale} onDelete={onDelete} />;
}

/**
 * 项目列表 (`/project/list`): the projects the viewer may read, newest first, without the closed
 * states (finished, cancelled) unless asked; search, state filter, focus star, delete for those
 * who manage the project (docs/projects-ui.md).
 */
export default function ProjectList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useUrlState<keyof typeof PROJECT_LIST_DEFAULTS>(PROJECT_LIST_DEFAULTS);
  const filter = useMemo(() => projectFilterOf(state), [state]);
  const { queryRef, load, retry } = useRouteQuery(projectListRoute, { filter });
  const [pending, startTransition] = useTransition();
  const [manage, setManage] = useState(false);
  const [deleting, setDeleting] = useState<{ row: Row; connection: string } | null>(null);
  const remove = useMutationAction<ProjectListDeleteMutation>(deleteMutation, (r) => r.deleteProjects);
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  const chips: FilterChip[] = [];
  const add = (k: keyof ProjectListState, label: string, value: string) => state[k] && chips.push({ key: k, label, value, onRemove: () => setState({ [k]: '' }) });
  add('q', t('contentUi.project.name'), state.q);
  add('state', t('contentUi.project.stateLabel'), state.state && t(`contentUi.project.state.${state.state}`));
  add('closed', t('contentUi.project.showClosed'), state.closed && t('contentUi.yes'));

  return (
    <Stack gap="3" data-testid="project-list">
      <PageHeader title={t('contentUi.project.listTitle')}>{manage && <AddButton label={t('contentUi.project.add')} onClick={() => navigate('/project/add')} testId="project-add" />}</PageHeader>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <FilterBar
          pending={pending}
          search={state.q}
          onSearch={(q) => setState({ q })}
          searchLabel={t('contentUi.project.search')}
          chips={chips}
          onClearAll={() => setState({ ...PROJECT_LIST_DEFAULTS })}
          testId="project-filters"
          primary={
            <>
              <SelectFilter
                label={t('contentUi.project.stateLabel')}
                all={`${t('contentUi.project.stateLabel')}: ${t('contentUi.all')}`}
                value={state.state}
                onChange={(s) => setState({ state: s })}
                options={PROJECT_STATES.map((s) => ({ value: s, label: t(`contentUi.project.state.${s}`) }))}
                width="44"
                testId="filter-project-state"
              />
              <Checkbox.Root size="sm" checked={!!state.closed} onCheckedChange={(e) => setState({ closed: e.checked ? '1' : '' })} data-testid="filter-closed">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('contentUi.project.showClosed')}</Checkbox.Label>
              </Checkbox.Root>
            </>
          }
        />
      </Box>
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('contentUi.project.listTitle')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="project-table" />}>
          <Results queryRef={queryRef} stale={pending} onManage={setManage} onDelete={(row, connection) => setDeleting({ row, connection })} />
        </Suspense>
      </ErrorBoundary>
      {deleting && (
        <DeleteDialog
          title={t('contentUi.project.deleteTitle')}
          message={t('contentUi.project.deleteMessage', { name: deleting.row.name })}
          confirmLabel={t('contentUi.delete')}
          done={t('contentUi.deleted')}
          action={remove}
          onClose={() => setDeleting(null)}
          variables={{ input: { projectIds: [deleting.row.id] }, connections: [deleting.connection] }}
        />
      )}
    </Stack>
  );
}
