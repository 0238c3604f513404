import { Button, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { DialogLoading } from '../../../components/DialogShell.tsx';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { ActionsHeader, type Column, DataTable, LoadMore } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { VerificationBadge } from '../shared/badges.tsx';
import { ModuleNamesProvider, useModuleName } from '../shared/moduleNames.tsx';
import { useArchiveRights } from '../shared/rights.ts';
import { VerifyDialog } from '../shared/VerifyDialog.tsx';
import { verificationListRoute } from './VerificationList.route.ts';
import type { VerificationList_query$data, VerificationList_query$key } from './__generated__/VerificationList_query.graphql.ts';
import type { VerificationListQuery } from './__generated__/VerificationListQuery.graphql.ts';

const listQuery = graphql`
  query VerificationListQuery($filter: ArchiveVerificationFilter) {
    viewer {
      ...rights_viewer
    }
    ...moduleNames_query
    ...VerificationList_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment VerificationList_query on Query
  @refetchable(queryName: "VerificationListPaginationQuery")
  @argumentDefinitions(filter: { type: "ArchiveVerificationFilter" }, first: { type: "Int", defaultValue: 30 }, after: { type: "String" }) {
    archiveVerifications(filter: $filter, first: $first, after: $after) @connection(key: "VerificationList_archiveVerifications", filters: ["filter"]) {
      totalCount
      edges {
        node {
          id
          number
          title
          status
          createdAt
          createdBy {
            id
            name
            nameEn
          }
          archive {
            id
            name
            userName
          }
          modules {
            id
            moduleCode
            moduleName
            ...VerifyDialog_module @relay(mask: false)
          }
        }
      }
    }
  }
`;

type Task = NonNullable<VerificationList_query$data['archiveVerifications']['edges'][number]['node']>;
const STATUSES = ['UNVERIFIED', 'VERIFYING', 'VERIFIED'] as const;

function TaskDialog({ task, canVerify, onClose }: { task: Task; canVerify: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const [open, setOpen] = useState<string | null>(null);
  const moduleName = useModuleName();
  const module = task.modules.find((m) => m.id === open);
  return (
    <>
      <DialogShell
        title={`${task.number} · ${task.archive.name}`}
        onClose={onClose}
        testId="verification-task-dialog"
        size="lg"
        footer={
          <Button variant="outline" onClick={() => navigate(`/archives/detail/${encodeURIComponent(task.archive.id)}`)} data-testid="verification-open-archive">
            {t('archivesUi.verify.openArchive')}
          </Button>
        }
      >
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {task.title} · {t('archivesUi.verify.submittedBy')} {personName(task.createdBy, lang)} · {fmt.dateTime(task.createdAt as string)}
          </Text>
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" aria-label={t('archivesUi.verify.modules')}>
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>{t('archivesUi.verify.module')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('archivesUi.verify.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('archivesUi.verify.verifier')}</Table.ColumnHeader>
                  {canVerify && <ActionsHeader />}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {task.modules.map((m) => (
                  <Table.Row key={m.id} data-testid={`task-module-${m.moduleCode}`}>
                    <Table.Cell>{moduleName(m.moduleCode, m.moduleName)}</Table.Cell>
                    <Table.Cell>
                      <VerificationBadge status={m.status} />
                    </Table.Cell>
                    <Table.Cell>
                      {m.verifier ? `${personName(m.verifier, lang)} · ${m.verifiedAt ? fmt.dateTime(m.verifiedAt as string) : ''}` : ''}
                      {m.note ? ` · ${m.note}` : ''}
                    </Table.Cell>
                    {canVerify && (
                      <Table.Cell textAlign="end">
                        <Button size="xs" variant="outline" onClick={() => setOpen(m.id)} data-testid={`task-verify-${m.moduleCode}`}>
                          {t(m.status === 'VERIFIED' ? 'archivesUi.verify.sendBack' : 'archivesUi.verify.open')}
                        </Button>
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      </DialogShell>
      {module && (
        <Suspense fallback={<DialogLoading title={moduleName(module.moduleCode, module.moduleName)} onClose={() => setOpen(null)} testId="verify-dialog-loading" size="lg" />}>
          <VerifyDialog archiveName={task.archive.name} module={module} verificationId={task.id} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </>
  );
}

function Rows({ query, canVerify, stale }: { query: VerificationList_query$key; canVerify: boolean; stale: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.archiveVerifications.edges.map((e) => e.node).filter((n): n is Task => n != null);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = rows.find((r) => r.id === openId);
  const columns: Array<Column<Task>> = [
    { key: 'archive', header: t('archivesUi.verify.archive'), card: 'title', render: (r) => `${r.archive.name}${r.archive.userName && r.archive.userName !== r.archive.name ? ` ${r.archive.userName}` : ''}` },
    { key: 'status', header: t('archivesUi.verify.status'), card: 'state', render: (r) => <VerificationBadge status={r.status} /> },
    { key: 'number', header: t('archivesUi.verify.number'), card: 'fact', render: (r) => r.number },
    { key: 'modules', header: t('archivesUi.verify.modules'), card: 'fact', render: (r) => `${r.modules.filter((m) => m.status === 'VERIFIED').length} / ${r.modules.length}` },
    { key: 'by', header: t('archivesUi.verify.submittedBy'), card: 'hidden', render: (r) => personName(r.createdBy, lang) },
    { key: 'at', header: t('archivesUi.verify.submittedAt'), card: 'fact', render: (r) => fmt.dateTime(r.createdAt as string) },
  ];
  return (
    <Stack gap="2">
      <DataTable
        label={t('archivesUi.verify.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => r.archive.name}
        onOpen={(r) => setOpenId(r.id)}
        stale={stale}
        empty={{ title: t('archivesUi.verify.empty') }}
        testId="verification-table"
      />
      <LoadMore shown={rows.length} total={data.archiveVerifications.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(30)} testId="verification-more" />
      {open && <TaskDialog task={open} canVerify={canVerify} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

function Results({ queryRef, stale }: { queryRef: PreloadedQuery<VerificationListQuery>; stale: boolean }) {
  const data = usePreloadedQuery<VerificationListQuery>(listQuery, queryRef);
  const rights = useArchiveRights(data.viewer);
  return (
    <ModuleNamesProvider query={data}>
      <Rows query={data} canVerify={rights.verify} stale={stale} />
    </ModuleNamesProvider>
  );
}

/**
 * 档案审核 (`/archives-verification`): the verification tasks of the archives the viewer sees, by
 * state; a task opens with its modules, and verifiers verify or send back each (a reason
 * required) in VerifyDialog, which shows the module's history (docs/archives-ui.md).
 */
export default function VerificationList() {
  const { t } = useTranslation();
  const [state, setState] = useUrlState({ status: '' });
  const filter = useMemo(() => (STATUSES.includes(state.status as (typeof STATUSES)[number]) ? { status: state.status as (typeof STATUSES)[number] } : {}), [state.status]);
  const { queryRef, load, retry } = useRouteQuery(verificationListRoute, { filter });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  return (
    <Stack gap="3" data-testid="verification-list">
      <Flex align="center">
        <Heading size="lg">{t('archivesUi.verify.title')}</Heading>
      </Flex>
      <FilterBar
        pending={pending}
        search=""
        onSearch={() => undefined}
        searchLabel={t('archivesUi.search')}
        hideSearch
        chips={state.status ? [{ key: 'status', label: t('archivesUi.verify.status'), value: t(`archivesUi.verification.${state.status}`), onRemove: () => setState({ status: '' }) }] : []}
        onClearAll={() => setState({ status: '' })}
        primary={
          <SelectFilter
            label={t('archivesUi.verify.status')}
            all={`${t('archivesUi.verify.status')}: ${t('archivesUi.all')}`}
            value={state.status}
            onChange={(status) => setState({ status })}
            options={STATUSES.map((s) => ({ value: s, label: t(`archivesUi.verification.${s}`) }))}
            width="44"
            testId="verification-filter-status"
          />
        }
        testId="verification-filters"
      />
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('archivesUi.verify.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading />}>
          <Results queryRef={queryRef} stale={pending} />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}
