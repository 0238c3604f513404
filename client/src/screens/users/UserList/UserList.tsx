import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
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
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { OnlineBadge, StateBadge } from '../shared/badges.tsx';
import { UserActDialog, type UserAct } from '../shared/UserActs.tsx';
import { USER_DEFAULTS, userFilterOf } from './filters.ts';
import { PersonSelect } from '../shared/PersonSelect.tsx';
import { userListRoute } from './UserList.route.ts';
import type { UserList_query$data, UserList_query$key } from './__generated__/UserList_query.graphql.ts';
import type { UserListQuery } from './__generated__/UserListQuery.graphql.ts';
import { AddButton, PageHeader } from '../../../components/list/PageHeader.tsx';

const listQuery = graphql`
  query UserListQuery($filter: UserFilter) {
    viewer {
      edit: can(right: "user.edit")
      sensitive: can(right: "archive.sensitive")
    }
    ...UserList_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment UserList_query on Query @refetchable(queryName: "UserListPaginationQuery") @argumentDefinitions(filter: { type: "UserFilter" }, first: { type: "Int", defaultValue: 30 }, after: { type: "String" }) {
    people(filter: $filter, first: $first, after: $after) @connection(key: "UserList_people", filters: ["filter"]) {
      __id
      totalCount
      edges {
        node {
          ...UserForm_person @relay(mask: false)
        }
      }
    }
  }
`;

type Row = NonNullable<UserList_query$data['people']['edges'][number]['node']>;

function Rows({ query, edit, sensitive, stale, onAct }: { query: UserList_query$key; edit: boolean; sensitive: boolean; stale: boolean; onAct: (a: UserAct) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.people.edges.map((e) => e.node).filter((n): n is Row => n != null);
  const open = (r: Row) => navigate(`/user-manage/detail/${encodeURIComponent(r.id)}`);
  const student = rows[0]?.type !== 'PARENT';
  const columns: Array<Column<Row>> = [
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
    { key: 'state', header: t('orgUi.col.state'), card: 'state', render: (r) => <StateBadge state={r.state} family /> },
    { key: 'account', header: t('orgUi.col.account'), card: 'fact', render: (r) => r.account ?? '' },
    {
      key: 'mobile',
      header: t('orgUi.col.mobile'),
      card: 'fact',
      // Null is withheld without the personal-data right, else simply not given (docs/users-ui.md).
      render: (r) =>
        r.mobile ??
        (sensitive ? (
          ''
        ) : (
          <Text as="span" color="fg.subtle">
            {t('orgUi.user.hidden')}
          </Text>
        )),
    },
    ...(student
      ? [
          { key: 'parent', header: t('orgUi.user.parent'), card: 'fact' as const, render: (r: Row) => personName(r.parent, lang) },
          { key: 'consultant', header: t('orgUi.user.consultant'), card: 'hidden' as const, hideBelow: 1280, render: (r: Row) => personName(r.consultant, lang) },
          { key: 'lecturer', header: t('orgUi.user.lecturer'), card: 'hidden' as const, hideBelow: 1280, render: (r: Row) => personName(r.lecturer, lang) },
        ]
      : []),
    {
      key: 'match',
      header: t('orgUi.col.isMatch'),
      card: 'hidden',
      render: (r) =>
        r.isMatch ? (
          <Badge colorPalette="blue" variant="subtle">
            {t('orgUi.user.matched')}
          </Badge>
        ) : null,
    },
  ];
  const actions = (r: Row): RowAction[] => {
    const who = { id: r.id, name: personName(r, lang), isMatch: r.isMatch };
    return [
      { key: 'open', label: t('orgUi.act.open'), onSelect: () => open(r) },
      ...(edit
        ? [
            r.state === 'DEACTIVATED'
              ? { key: 'activate', label: t('orgUi.act.activate'), onSelect: () => onAct({ kind: 'activate', person: who }) }
              : { key: 'deactivate', label: t('orgUi.act.deactivate'), onSelect: () => onAct({ kind: 'deactivate', person: who }) },
            { key: 'match', label: t(r.isMatch ? 'orgUi.user.unmatch' : 'orgUi.user.match'), onSelect: () => onAct({ kind: 'match', person: who }) },
            { key: 'delete', label: t('orgUi.act.delete'), danger: true, onSelect: () => onAct({ kind: 'delete', person: who }) },
          ]
        : []),
    ];
  };
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted" data-testid="user-total">
        {t('listKit.shownOf', { shown: rows.length, total: data.people.totalCount })}
      </Text>
      <DataTable
        label={t('orgUi.user.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => personName(r, lang)}
        actions={actions}
        onOpen={open}
        stale={stale}
        empty={{ title: t('orgUi.user.empty') }}
        testId="user-table"
      />
      <LoadMore shown={rows.length} total={data.people.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(30)} testId="user-more" />
    </Stack>
  );
}

function Results(props: { queryRef: PreloadedQuery<UserListQuery>; stale: boolean; onEdit: (e: boolean) => void; onAct: (a: UserAct) => void }) {
  const data = usePreloadedQuery<UserListQuery>(listQuery, props.queryRef);
  const { onEdit } = props;
  useEffect(() => onEdit(data.viewer.edit), [data.viewer.edit, onEdit]);
  return <Rows query={data} edit={data.viewer.edit} sensitive={data.viewer.sensitive} stale={props.stale} onAct={props.onAct} />;
}

/**
 * 用户管理 (`/user-manage/list`, kept alive): parents and students the viewer may see, online
 * first; search, kind and state in the URL; open the detail, activate or deactivate, the match
 * flag, delete (refused by name while an archive or another record holds the person). Personal
 * data the server withholds shows as withheld (docs/users-ui.md).
 */
export default function UserList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useUrlState<keyof typeof USER_DEFAULTS>(USER_DEFAULTS);
  const filter = useMemo(() => userFilterOf(state), [state]);
  const { queryRef, load, retry } = useRouteQuery(userListRoute, { filter });
  const [pending, startTransition] = useTransition();
  const [edit, setEdit] = useState(false);
  const [act, setAct] = useState<UserAct | null>(null);
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  const chips: FilterChip[] = [];
  if (state.q) chips.push({ key: 'q', label: t('orgUi.search'), value: state.q, onRemove: () => setState({ q: '' }) });
  if (state.state) chips.push({ key: 'state', label: t('orgUi.col.state'), value: t(`orgUi.state.${state.state}`), onRemove: () => setState({ state: '' }) });
  return (
    <Stack gap="3" data-testid="user-list">
      <PageHeader title={t('orgUi.user.title')}>{edit && <AddButton label={t('orgUi.user.add')} onClick={() => navigate('/user-manage/add')} testId="user-add" />}</PageHeader>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <FilterBar
          pending={pending}
          search={state.q}
          onSearch={(q) => setState({ q })}
          searchLabel={t('orgUi.search')}
          chips={chips}
          onClearAll={() => setState({ q: '', state: '', consultant: '', lecturer: '' })}
          testId="user-filters"
          primary={
            <>
              <SelectFilter
                label={t('orgUi.col.type')}
                all={t('orgUi.type.STUDENT')}
                value={state.kind === 'PARENT' ? 'PARENT' : ''}
                onChange={(kind) => setState({ kind: kind || 'STUDENT', consultant: '', lecturer: '' })}
                options={[{ value: 'PARENT', label: t('orgUi.type.PARENT') }]}
                testId="filter-kind"
              />
              <SelectFilter
                label={t('orgUi.col.state')}
                all={`${t('orgUi.col.state')}: ${t('orgUi.all')}`}
                value={state.state}
                onChange={(s) => setState({ state: s })}
                options={['ACTIVE', 'DEACTIVATED'].map((s) => ({ value: s, label: t(`orgUi.state.${s}`) }))}
                testId="filter-user-state"
              />
              {state.kind !== 'PARENT' &&
                (['consultant', 'lecturer'] as const).map((k) => (
                  <Box key={k} width="48">
                    <Suspense fallback={null}>
                      <PersonSelect
                        filter={{ scope: k === 'consultant' ? 'CONSULTANT' : 'LECTURER' }}
                        by="databaseId"
                        value={state[k]}
                        onChange={(v) => setState({ [k]: v })}
                        empty={`${t(`orgUi.user.${k}`)}: ${t('orgUi.all')}`}
                        label={t(`orgUi.user.${k}Scope`)}
                        testId={`filter-${k}`}
                      />
                    </Suspense>
                  </Box>
                ))}
            </>
          }
        />
      </Box>
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('orgUi.user.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="user-table" />}>
          <Results queryRef={queryRef} stale={pending} onEdit={setEdit} onAct={setAct} />
        </Suspense>
      </ErrorBoundary>
      {act && <UserActDialog act={act} onClose={() => setAct(null)} onDone={retry} />}
    </Stack>
  );
}
