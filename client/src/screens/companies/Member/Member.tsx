import { Box, Field, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { DataTable, type Column, type RowAction } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter, type FilterChip } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { memberRoute } from './Member.route.ts';
import type { MemberDeleteMutation, MemberDeleteMutation$data } from './__generated__/MemberDeleteMutation.graphql.ts';
import type { MemberQuery, MemberQuery$data } from './__generated__/MemberQuery.graphql.ts';
import type { MemberSaveMutation, MemberSaveMutation$data } from './__generated__/MemberSaveMutation.graphql.ts';
import { AddButton, PageHeader } from '../../../components/list/PageHeader.tsx';

const memberQuery = graphql`
  query MemberQuery($filter: CompanyUserFilter) {
    viewer {
      edit: can(right: "companyUser.edit")
    }
    companies
    companyUsers(filter: $filter, first: 200) {
      totalCount
      edges {
        node {
          id
          name
          nameEn
          companyName
          title
          mobile
          email
          remark
        }
      }
    }
  }
`;

const saveMutation = graphql`
  mutation MemberSaveMutation($input: SaveCompanyUserInput!) {
    saveCompanyUser(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation MemberDeleteMutation($input: DeleteCompanyUsersInput!) {
    deleteCompanyUsers(input: $input) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

type Row = MemberQuery$data['companyUsers']['edges'][number]['node'];
const DEFAULTS = { q: '', company: '' };

/**
 * 成员账号 (`/member`): contacts at partner companies (company users), searchable by name,
 * company or title and filtered by company; add, edit and delete for holders of companyUser.edit.
 */
export default function Member() {
  const { t } = useTranslation();
  const lang = useLang();
  const [state, setState] = useUrlState<keyof typeof DEFAULTS>(DEFAULTS);
  const variables = { filter: { ...(state.q ? { search: state.q } : {}), ...(state.company ? { companyName: state.company } : {}) } };
  const { queryRef, load, retry } = useRouteQuery(memberRoute, variables);
  const [pending, startTransition] = useTransition();
  const data = usePreloadedQuery<MemberQuery>(memberQuery, queryRef);
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const key = JSON.stringify(variables);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables) !== key) startTransition(() => load(JSON.parse(key) as typeof variables));
  }, [key, load, queryRef.variables]);
  const rows = data.companyUsers.edges.map((e) => e.node);
  const columns: Array<Column<Row>> = [
    { key: 'name', header: t('orgUi.col.name'), card: 'title', render: (r) => personName(r, lang) },
    { key: 'company', header: t('orgUi.member.company'), card: 'fact', render: (r) => r.companyName },
    { key: 'title', header: t('orgUi.member.jobTitle'), card: 'fact', hideBelow: 1280, render: (r) => r.title ?? '' },
    { key: 'mobile', header: t('orgUi.col.mobile'), card: 'fact', render: (r) => r.mobile ?? '' },
    { key: 'email', header: t('orgUi.col.email'), card: 'hidden', hideBelow: 1280, render: (r) => r.email ?? '' },
  ];
  const actions = (r: Row): RowAction[] =>
    data.viewer.edit
      ? [
          { key: 'edit', label: t('orgUi.act.edit'), onSelect: () => setEditing(r) },
          { key: 'delete', label: t('orgUi.act.delete'), danger: true, onSelect: () => setDeleting(r) },
        ]
      : [];
  const chips: FilterChip[] = [];
  if (state.q) chips.push({ key: 'q', label: t('orgUi.member.search'), value: state.q, onRemove: () => setState({ q: '' }) });
  if (state.company) chips.push({ key: 'company', label: t('orgUi.member.company'), value: state.company, onRemove: () => setState({ company: '' }) });
  return (
    <Stack gap="3" data-testid="member-list">
      <PageHeader title={t('orgUi.member.title')}>{data.viewer.edit && <AddButton label={t('orgUi.member.add')} onClick={() => setEditing('new')} testId="member-add" />}</PageHeader>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <FilterBar
          pending={pending}
          search={state.q}
          onSearch={(q) => setState({ q })}
          searchLabel={t('orgUi.member.search')}
          chips={chips}
          onClearAll={() => setState({ ...DEFAULTS })}
          testId="member-filters"
          primary={
            <SelectFilter
              label={t('orgUi.member.company')}
              all={`${t('orgUi.member.company')}: ${t('orgUi.all')}`}
              value={state.company}
              onChange={(company) => setState({ company })}
              options={data.companies.map((c) => ({ value: c, label: c }))}
              width="56"
              testId="filter-company"
            />
          }
        />
      </Box>
      <Text fontSize="sm" color="fg.muted" data-testid="member-total">
        {t('listKit.shownOf', { shown: rows.length, total: data.companyUsers.totalCount })}
      </Text>
      <DataTable
        label={t('orgUi.member.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => personName(r, lang)}
        actions={actions}
        onOpen={data.viewer.edit ? (r) => setEditing(r) : undefined}
        stale={pending}
        empty={{ title: t('orgUi.member.empty') }}
        testId="member-table"
      />
      {editing && <MemberDialog row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onDone={retry} />}
      {deleting && <DeleteMember row={deleting} onClose={() => setDeleting(null)} onDone={retry} />}
    </Stack>
  );
}

function MemberDialog({ row, onClose, onDone }: { row: Row | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [v, setV] = useState({
    name: row?.name ?? '',
    nameEn: row?.nameEn ?? '',
    companyName: row?.companyName ?? '',
    title: row?.title ?? '',
    mobile: row?.mobile ?? '',
    email: row?.email ?? '',
    remark: row?.remark ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutationAction<MemberSaveMutation, MemberSaveMutation$data['saveCompanyUser']>(saveMutation, (r) => r.saveCompanyUser);
  const submit = () => {
    if (!v.name.trim() || !v.companyName.trim()) return setProblem(t('orgUi.member.required'));
    setProblem(null);
    const opt = (x: string) => x.trim() || null;
    save.run(
      {
        input: {
          ...(row ? { companyUserId: row.id } : {}),
          name: v.name.trim(),
          companyName: v.companyName.trim(),
          nameEn: opt(v.nameEn),
          title: opt(v.title),
          mobile: opt(v.mobile),
          email: opt(v.email),
          remark: opt(v.remark),
        },
      },
      {
        onDone: () => {
          notify('success', t('orgUi.saved'));
          onClose();
          onDone();
        },
      },
    );
  };
  const field = (k: keyof typeof v, label: string, required = false) => (
    <Field.Root required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input value={v[k]} onChange={(e) => setV({ ...v, [k]: e.target.value })} data-testid={`member-${k}`} />
    </Field.Root>
  );
  return (
    <FormDialog
      title={row ? t('orgUi.member.editTitle', { name: personName(row, lang) }) : t('orgUi.member.add')}
      testId="member-dialog"
      onClose={onClose}
      onSave={submit}
      busy={save.busy}
      error={save.error ?? problem}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {field('name', t('orgUi.col.name'), true)}
        {field('nameEn', t('orgUi.col.nameEn'))}
        {field('companyName', t('orgUi.member.company'), true)}
        {field('title', t('orgUi.member.jobTitle'))}
        {field('mobile', t('orgUi.col.mobile'))}
        {field('email', t('orgUi.col.email'))}
      </SimpleGrid>
      <Field.Root>
        <Field.Label>{t('orgUi.member.remark')}</Field.Label>
        <Textarea value={v.remark} onChange={(e) => setV({ ...v, remark: e.target.value })} rows={2} />
      </Field.Root>
    </FormDialog>
  );
}

function DeleteMember({ row, onClose, onDone }: { row: Row; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const del = useMutationAction<MemberDeleteMutation, MemberDeleteMutation$data['deleteCompanyUsers']>(deleteMutation, (r) => r.deleteCompanyUsers);
  return (
    <ConfirmDialog
      title={t('orgUi.member.deleteTitle')}
      message={t('orgUi.member.deleteWhat', { name: row.name, company: row.companyName })}
      confirmLabel={t('orgUi.act.delete')}
      onConfirm={() =>
        del.run(
          { input: { companyUserIds: [row.id] } },
          {
            onDone: () => {
              notify('success', t('orgUi.member.deleted', { name: row.name }));
              onClose();
              onDone();
            },
          },
        )
      }
      onClose={onClose}
      busy={del.busy}
      error={del.error}
      destructive
      testId="member-delete-dialog"
    />
  );
}
