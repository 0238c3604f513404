import { Badge, Box, Flex, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { DeleteDialog } from '../../../components/list/ConfirmDialog.tsx';
import { DataTable, type Column, type RowAction } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter, type FilterChip } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { RoleFields, useRoleForm, type RoleInfo } from '../shared/RoleForm.tsx';
import { roleListRoute } from './RoleList.route.ts';
import type { RoleListDeleteMutation, RoleListDeleteMutation$data } from './__generated__/RoleListDeleteMutation.graphql.ts';
import type { RoleListQuery, RoleListQuery$data } from './__generated__/RoleListQuery.graphql.ts';
import { AddButton, PageHeader } from '../../../components/list/PageHeader.tsx';
import { EditFormDialog } from '../../../components/EditFormDialog.tsx';

const listQuery = graphql`
  query RoleListQuery($search: String, $type: UserType) {
    viewer {
      edit: can(right: "role.edit")
    }
    roleList(search: $search, type: $type, first: 200) {
      totalCount
      edges {
        node {
          id
          databaseId
          code
          name
          nameEn
          name
          nameEn
          description
          descriptionEn
          localizedDescription
          types
          terminals
          userCount
        }
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation RoleListDeleteMutation($input: DeleteRoleInput!) {
    deleteRole(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

type Row = RoleListQuery$data['roleList']['edges'][number]['node'];
const DEFAULTS = { q: '', type: '' };

/**
 * 角色管理 (`/role-control/list`): roles by order with their kinds of people and holders; add,
 * edit, the permission screen, delete (refused by name while anyone holds the role, and for the
 * built-in roles). Only holders of role.edit see the acts.
 */
export default function RoleList() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [state, setState] = useUrlState<keyof typeof DEFAULTS>(DEFAULTS);
  const variables = { search: state.q || null, type: (state.type || null) as RoleListQuery['variables']['type'] };
  const { queryRef, load, retry } = useRouteQuery(roleListRoute, variables);
  const [pending, startTransition] = useTransition();
  const data = usePreloadedQuery<RoleListQuery>(listQuery, queryRef);
  const [editing, setEditing] = useState<RoleInfo | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const key = JSON.stringify(variables);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables) !== key) startTransition(() => load(JSON.parse(key) as typeof variables));
  }, [key, load, queryRef.variables]);
  const rows = data.roleList.edges.map((e) => e.node);
  const columns: Array<Column<Row>> = [
    { key: 'name', header: t('orgUi.role.name'), card: 'title', render: (r) => personName(r, lang) },
    {
      key: 'code',
      header: t('orgUi.role.code'),
      card: 'fact',
      render: (r) => (
        <Text as="span" fontFamily="mono">
          {r.code}
        </Text>
      ),
    },
    {
      key: 'types',
      header: t('orgUi.role.types'),
      card: 'fact',
      render: (r) => (
        <Flex gap="1" wrap="wrap">
          {r.types.map((ty) => (
            <Badge key={ty} variant="subtle">
              {t(`orgUi.type.${ty}`)}
            </Badge>
          ))}
        </Flex>
      ),
    },
    { key: 'users', header: t('orgUi.role.userCount'), card: 'fact', render: (r) => r.userCount },
    { key: 'description', header: t('orgUi.role.description'), card: 'hidden', hideBelow: 1280, render: (r) => (lang === 'en' ? r.descriptionEn || r.description : r.description || r.descriptionEn) ?? '' },
  ];
  const actions = (r: Row): RowAction[] =>
    data.viewer.edit
      ? [
          { key: 'permission', label: t('orgUi.act.permission'), onSelect: () => navigate(`/role-control/permission/${encodeURIComponent(r.id)}`) },
          { key: 'edit', label: t('orgUi.act.edit'), onSelect: () => setEditing(r) },
          { key: 'delete', label: t('orgUi.act.delete'), danger: true, onSelect: () => setDeleting(r) },
        ]
      : [];
  const chips: FilterChip[] = [];
  if (state.q) chips.push({ key: 'q', label: t('orgUi.role.search'), value: state.q, onRemove: () => setState({ q: '' }) });
  if (state.type) chips.push({ key: 'type', label: t('orgUi.role.types'), value: t(`orgUi.type.${state.type}`), onRemove: () => setState({ type: '' }) });
  return (
    <Stack gap="3" data-testid="role-list">
      <PageHeader title={t('orgUi.role.title')}>{data.viewer.edit && <AddButton label={t('orgUi.role.add')} onClick={() => navigate('/role-control/add')} testId="role-add" />}</PageHeader>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <FilterBar
          pending={pending}
          search={state.q}
          onSearch={(q) => setState({ q })}
          searchLabel={t('orgUi.role.search')}
          chips={chips}
          onClearAll={() => setState({ ...DEFAULTS })}
          testId="role-filters"
          primary={
            <SelectFilter
              label={t('orgUi.role.types')}
              all={`${t('orgUi.role.types')}: ${t('orgUi.all')}`}
              value={state.type}
              onChange={(type) => setState({ type })}
              options={['STAFF', 'PARENT', 'STUDENT'].map((ty) => ({ value: ty, label: t(`orgUi.type.${ty}`) }))}
              testId="filter-role-type"
            />
          }
        />
      </Box>
      <Text fontSize="sm" color="fg.muted" data-testid="role-total">
        {t('listKit.shownOf', { shown: rows.length, total: data.roleList.totalCount })}
      </Text>
      <DataTable
        label={t('orgUi.role.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => personName(r, lang)}
        actions={actions}
        onOpen={data.viewer.edit ? (r) => navigate(`/role-control/permission/${encodeURIComponent(r.id)}`) : undefined}
        stale={pending}
        empty={{ title: t('orgUi.role.empty') }}
        testId="role-table"
      />
      {editing && <RoleDialog role={editing} onClose={() => setEditing(null)} onDone={retry} />}
      {deleting && <DeleteRole role={deleting} onClose={() => setDeleting(null)} onDone={retry} />}
    </Stack>
  );
}

function RoleDialog({ role, onClose, onDone }: { role: RoleInfo; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useRoleForm(role);
  return (
    <EditFormDialog title={t('orgUi.role.editTitle', { name: personName(role, lang) })} testId="role-dialog" saved={t('orgUi.saved')} form={form} onClose={onClose} onDone={onDone}>
      <RoleFields form={form} />
    </EditFormDialog>
  );
}

function DeleteRole({ role, onClose, onDone }: { role: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const del = useMutationAction<RoleListDeleteMutation, RoleListDeleteMutation$data['deleteRole']>(deleteMutation, (r) => r.deleteRole);
  return (
    <DeleteDialog
      title={t('orgUi.role.deleteTitle')}
      message={t('orgUi.role.deleteWhat', { name: personName(role, lang), count: role.userCount })}
      confirmLabel={t('orgUi.act.delete')}
      done={t('orgUi.role.deleted', { name: personName(role, lang) })}
      action={del}
      onClose={onClose}
      onDone={onDone}
      testId="role-delete-dialog"
      variables={{ input: { roleId: role.id } }}
    />
  );
}
