import { Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { Upload, Zap } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { findByPath, useMenu } from '../../../layout/menu.ts';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DataTable, LoadMore, SelectionBar, type Column, type RowAction, type Sort } from '../../../components/list/DataTable.tsx';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { FilterBar, SelectFilter, type FilterChip } from '../../../components/list/FilterBar.tsx';
import { ImportDialog, type ImportOutcome } from '../../../components/list/ImportDialog.tsx';
import { saveBlob } from '../../../components/list/download.ts';
import { fetchDownload } from '../../../components/list/fetchDownload.ts';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useIsPhone } from '../../../lib/useMedia.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { ActDialog } from '../shared/ActDialog.tsx';
import { AssignStaffDialog } from '../shared/AssignStaffDialog.tsx';
import { ApplyingBadge, LockBadge, StatusBadge } from '../shared/badges.tsx';
import { actsFor, APPLYING, gradeLabel, GRADES, STATUSES, type Act, type ArchiveRights } from '../shared/codes.ts';
import { useArchiveRights } from '../shared/rights.ts';
import { StaffSelect, useStaff } from '../shared/StaffOptions.tsx';
import { archiveListRoute } from './ArchiveList.route.ts';
import { exportArchivesFile } from './useArchiveExport.ts';
import { filterOf, LIST_DEFAULTS, orderOf, SORTS, VERIFICATION_STATES, type ListState } from './filters.ts';
import type { ArchiveList_query$data, ArchiveList_query$key } from './__generated__/ArchiveList_query.graphql.ts';
import type { ArchiveListImportMutation } from './__generated__/ArchiveListImportMutation.graphql.ts';
import type { ArchiveListQuery } from './__generated__/ArchiveListQuery.graphql.ts';
import { AddButton, PageHeader } from '../../../components/list/PageHeader.tsx';

const listQuery = graphql`
  query ArchiveListQuery($filter: ArchiveFilter, $order: ArchiveOrder) {
    viewer {
      ...rights_viewer
    }
    ...ArchiveList_query @arguments(filter: $filter, order: $order)
  }
`;

const listFragment = graphql`
  fragment ArchiveList_query on Query
  @refetchable(queryName: "ArchiveListPaginationQuery")
  @argumentDefinitions(filter: { type: "ArchiveFilter" }, order: { type: "ArchiveOrder" }, first: { type: "Int", defaultValue: 30 }, after: { type: "String" }) {
    archives(filter: $filter, order: $order, first: $first, after: $after) @connection(key: "ArchiveList_archives", filters: ["filter", "order"]) {
      __id
      totalCount
      edges {
        node {
          id
          databaseId
          name
          userName
          grade
          year
          status
          applyingStatus
          applicationType
          locked
          createdAt
          updatedAt
          ...AssignStaffDialog_staff @relay(mask: false)
        }
      }
    }
  }
`;

const importMutation = graphql`
  mutation ArchiveListImportMutation($input: ImportArchivesInput!) {
    importArchives(input: $input) {
      __typename
      ... on ArchivesPayload {
        archives {
          id
        }
      }
      ... on ArchiveImportError {
        message
        rows {
          row
          column
          message
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Row = NonNullable<ArchiveList_query$data['archives']['edges'][number]['node']>;
type Pending = { act: Act; archive: { id: string; name: string } } | { assign: ReadonlyArray<{ id: string; name: string }> } | null;

function Rows({
  query,
  rights,
  state,
  setState,
  stale,
  onAct,
  light,
}: {
  query: ArchiveList_query$key;
  rights: ArchiveRights;
  state: ListState;
  setState: (p: Partial<ListState>) => void;
  stale: boolean;
  onAct: (p: Pending) => void;
  light: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const all = data.archives.edges.map((e) => e.node).filter((n): n is Row => n != null);
  const [sk, sd] = state.sort.split(':');
  const sort: Sort = sk ? { key: sk, dir: sd === 'desc' ? 'desc' : 'asc' } : null;
  // The server answers in the order asked for (ArchiveOrder, orderOf): the rows are shown as they come.
  const rows = all;
  // Open only where the viewer's menu has the detail page (a role may read the list without it).
  const canOpen = !!findByPath(useMenu(), '/archives/detail/any');
  const open = (r: Row) => navigate(`/archives/detail/${encodeURIComponent(r.id)}`);
  const columns: Array<Column<Row>> = [
    {
      key: 'name',
      header: t('archivesUi.col.name'),
      sortable: true,
      card: 'title',
      render: (r) => (
        <span>
          {r.name}
          {r.userName && r.userName !== r.name ? <Text as="span" color="fg.muted" fontWeight="normal">{` ${r.userName}`}</Text> : null}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('archivesUi.col.status'),
      sortable: true,
      card: 'state',
      render: (r) => (
        <Flex gap="1" wrap="wrap">
          <StatusBadge status={r.status} />
          <LockBadge locked={r.locked} />
        </Flex>
      ),
    },
    { key: 'applying', header: t('archivesUi.col.applying'), card: 'fact', render: (r) => <ApplyingBadge status={r.applyingStatus} /> },
    { key: 'grade', header: t('archivesUi.col.grade'), sortable: true, card: 'fact', render: (r) => gradeLabel(r.grade, t) },
    { key: 'year', header: t('archivesUi.col.year'), sortable: true, card: 'hidden', render: (r) => r.year ?? '' },
    {
      key: 'consultant',
      header: t('archivesUi.col.consultant'),
      sortable: true,
      card: 'fact',
      render: (r) => [personName(r.consultant, lang), r.actingConsultant ? `(${personName(r.actingConsultant, lang)})` : ''].filter(Boolean).join(' '),
    },
    { key: 'salesperson', header: t('archivesUi.col.salesperson'), sortable: true, card: 'hidden', hideBelow: 1280, render: (r) => personName(r.salesperson, lang) },
    { key: 'updated', header: t('archivesUi.col.updated'), sortable: true, card: 'hidden', hideBelow: 1280, render: (r) => fmt.date(r.updatedAt as string) },
  ];
  const LIGHT_COLUMNS = ['name', 'grade', 'year', 'consultant', 'updated'];
  const shown = light ? columns.filter((c) => LIGHT_COLUMNS.includes(c.key)).map((c) => (c.key === 'year' || c.key === 'updated' ? { ...c, card: 'fact' as const } : c)) : columns;
  const actions = (r: Row): RowAction[] => [
    ...(canOpen ? [{ key: 'open', label: t('archivesUi.act.open'), onSelect: () => open(r) }] : []),
    ...(rights.assign && !r.locked ? [{ key: 'assign', label: t('archivesUi.act.assign'), onSelect: () => onAct({ assign: [{ id: r.id, name: r.name }] }) }] : []),
    ...actsFor(r, rights).map((act) => ({ key: act, label: t(`archivesUi.act.${act}`), danger: act === 'delete', onSelect: () => onAct({ act, archive: { id: r.id, name: r.name } }) })),
  ];
  const chosen = all.filter((r) => selected.has(r.id));
  return (
    <Stack gap="2">
      <Flex align="center" gap="2" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" data-testid="archive-total">
          {t('listKit.shownOf', { shown: all.length, total: data.archives.totalCount })}
        </Text>
      </Flex>
      {rights.assign && (
        <SelectionBar count={chosen.length} onClear={() => setSelected(new Set())}>
          <Button size="xs" colorPalette="blue" onClick={() => onAct({ assign: chosen.map((r) => ({ id: r.id, name: r.name })) })} data-testid="bulk-assign">
            {t('archivesUi.act.assign')}
          </Button>
        </SelectionBar>
      )}
      <DataTable
        label={t('archivesUi.title')}
        columns={shown}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => r.name}
        sort={sort}
        onSortChange={(s) => setState({ sort: s ? `${s.key}:${s.dir}` : '' })}
        selected={rights.assign ? selected : undefined}
        onSelectedChange={rights.assign ? setSelected : undefined}
        actions={actions}
        onOpen={canOpen ? open : undefined}
        stale={stale}
        empty={{ title: t('archivesUi.empty'), description: t('archivesUi.emptyHint') }}
        testId="archive-table"
      />
      <LoadMore shown={all.length} total={data.archives.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(30)} testId="archive-more" />
    </Stack>
  );
}

function Results(props: {
  queryRef: PreloadedQuery<ArchiveListQuery>;
  state: ListState;
  setState: (p: Partial<ListState>) => void;
  stale: boolean;
  onAct: (p: Pending) => void;
  onRights: (r: ArchiveRights) => void;
  light: boolean;
}) {
  const data = usePreloadedQuery<ArchiveListQuery>(listQuery, props.queryRef);
  const rights = useArchiveRights(data.viewer);
  const { onRights } = props;
  useEffect(() => onRights(rights), [rights, onRights]);
  return <Rows query={data} rights={rights} state={props.state} setState={props.setState} stale={props.stale} onAct={props.onAct} light={props.light} />;
}

function StaffFilter({ kind, value, onChange, label, testId }: { kind: 'consultants' | 'sales'; value: string; onChange: (v: string) => void; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={null}>
      <StaffSelect kind={kind} value={value} onChange={onChange} empty={`${label}: ${t('archivesUi.anyone')}`} label={label} size="sm" width="48" testId={testId} />
    </Suspense>
  );
}

function useChips(state: ListState, set: (p: Partial<ListState>) => void): FilterChip[] {
  const { t } = useTranslation();
  const staff = useStaff();
  const nameOf = (id: string, list: Array<{ id: string; name: string }>) => list.find((p) => p.id === id)?.name ?? id;
  const chips: FilterChip[] = [];
  const add = (key: keyof ListState, label: string, value: string) => state[key] && chips.push({ key, label, value, onRemove: () => set({ [key]: '' }) });
  add('q', t('archivesUi.col.name'), state.q);
  add('status', t('archivesUi.col.status'), state.status && t(`archivesUi.status.${state.status}`));
  add('applying', t('archivesUi.col.applying'), state.applying && t(`archivesUi.applying.${state.applying}`));
  add('grade', t('archivesUi.col.grade'), state.grade && gradeLabel(Number(state.grade), t));
  add('year', t('archivesUi.col.year'), state.year);
  add('consultant', t('archivesUi.col.consultant'), state.consultant && nameOf(state.consultant, staff.consultants));
  add('sales', t('archivesUi.col.salesperson'), state.sales && nameOf(state.sales, staff.sales));
  add('locked', t('archivesUi.filter.locked'), state.locked && t(state.locked === 'yes' ? 'archivesUi.filter.lockedYes' : 'archivesUi.filter.lockedNo'));
  add('type', t('archivesUi.col.type'), state.type && t(`archivesUi.type.${state.type}`));
  add('verification', t('archivesUi.filter.verification'), state.verification && t(`archivesUi.verificationState.${state.verification}`));
  return chips;
}

function Chips({ state, set, children }: { state: ListState; set: (p: Partial<ListState>) => void; children: (chips: FilterChip[]) => React.ReactNode }) {
  return <>{children(useChips(state, set))}</>;
}

/**
 * 档案列表 (`/archives/list`, kept alive between tabs): filters in the URL, the count, Relay
 * pagination, row acts by state with confirmation, the choose-consultant dialog for one or many
 * rows, export of the filtered list and import of an .xlsx (docs/archives-ui.md).
 */
export default function ArchiveList() {
  return <ArchiveListView light={false} />;
}

/**
 * The list itself; `light` is 简易档案 (`/archivess/list`): the same store with the quick-entry
 * columns and add form, without import.
 */
export function ArchiveListView({ light }: { light: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const [state, setState] = useUrlState<keyof typeof LIST_DEFAULTS>(LIST_DEFAULTS);
  // Phone cards have no column headers: the order is a select there.
  const phone = useIsPhone();
  const filter = useMemo(() => filterOf(state), [state]);
  const order = orderOf(state.sort);
  const { queryRef, load, retry } = useRouteQuery(archiveListRoute, { filter, order });
  const [pending, startTransition] = useTransition();
  const [acting, setActing] = useState<Pending>(null);
  const [importing, setImporting] = useState(false);
  const [rights, setRights] = useState<ArchiveRights | null>(null);
  const key = JSON.stringify({ filter, order: order ?? null });
  const loadedKey = JSON.stringify({ filter: queryRef.variables.filter ?? {}, order: queryRef.variables.order ?? null });
  useEffect(() => {
    if (loadedKey !== key) {
      const next = JSON.parse(key) as { filter: typeof filter; order: typeof order | null };
      startTransition(() => load({ filter: next.filter, order: next.order ?? undefined }));
    }
  }, [key, loadedKey, load]);

  const exportFile = (onProgress: (share: number) => void) => exportArchivesFile({ filter, order }, onProgress);
  const importFile = async (file: File, onProgress: (f: number) => void): Promise<ImportOutcome> => {
    const data = await sendWithFile<ArchiveListImportMutation>(environment, importMutation, { input: { file: null } }, 'input.file', file, onProgress);
    const answer = data.importArchives;
    if (answer.__typename === 'ArchivesPayload') {
      retry();
      return { ok: true, summary: t('archivesUi.imported', { count: answer.archives?.length ?? 0 }) };
    }
    if (answer.__typename === 'ArchiveImportError') return { ok: false, message: answer.message ?? t('transport.unknown'), rows: answer.rows ?? [] };
    return { ok: false, message: ('message' in answer ? answer.message : null) ?? t('transport.unknown') };
  };
  const template = async () => {
    const { fileName, blob } = await fetchDownload('/api/admin/archive/downloadImportTemplate.htm', 'archive-import-template.xlsx');
    saveBlob(fileName, blob);
  };

  return (
    <Stack gap="3" data-testid="archive-list">
      <PageHeader title={t(light ? 'archivesUi.light.title' : 'archivesUi.title')}>
        {rights?.create && light && <AddButton label={t('archivesUi.light.add')} onClick={() => navigate('/archivess/add')} testId="archive-light-add" />}
        {rights?.create && !light && (
          <>
            <AddButton label={t('archivesUi.add')} onClick={() => navigate('/archives/add')} testId="archive-add" />
            <Button size="sm" variant="outline" onClick={() => navigate('/archives/new-add')} data-testid="archive-quick-add">
              <Zap size={14} /> {t('archivesUi.quickAdd')}
            </Button>
          </>
        )}
        {rights?.import && !light && (
          <Button size="sm" variant="outline" onClick={() => setImporting(true)} data-testid="archive-import">
            <Upload size={14} /> {t('archivesUi.import')}
          </Button>
        )}
        {rights?.export && <ExportButton load={exportFile} label={t('archivesUi.export')} testId="archive-export" />}
      </PageHeader>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <Suspense fallback={null}>
          <Chips state={state} set={setState}>
            {(chips) => (
              <FilterBar
                pending={pending}
                search={state.q}
                onSearch={(q) => setState({ q })}
                searchLabel={t('archivesUi.search')}
                chips={chips}
                onClearAll={() => setState({ ...LIST_DEFAULTS, sort: state.sort })}
                testId="archive-filters"
                primary={
                  <>
                    <SelectFilter
                      label={t('archivesUi.col.status')}
                      all={`${t('archivesUi.col.status')}: ${t('archivesUi.all')}`}
                      value={state.status}
                      onChange={(status) => setState({ status })}
                      options={STATUSES.map((s) => ({ value: s, label: t(`archivesUi.status.${s}`) }))}
                      testId="filter-status"
                    />
                    <StaffFilter kind="consultants" value={state.consultant} onChange={(consultant) => setState({ consultant })} label={t('archivesUi.col.consultant')} testId="filter-consultant" />
                    <SelectFilter
                      label={t('archivesUi.col.grade')}
                      all={`${t('archivesUi.col.grade')}: ${t('archivesUi.all')}`}
                      value={state.grade}
                      onChange={(grade) => setState({ grade })}
                      options={GRADES.map((g) => ({ value: String(g), label: gradeLabel(g, t) }))}
                      testId="filter-grade"
                    />
                    {phone && (
                      <SelectFilter
                        label={t('archivesUi.order.label')}
                        all={`${t('archivesUi.order.label')}: ${t('archivesUi.order.newest')}`}
                        value={state.sort}
                        onChange={(sort) => setState({ sort })}
                        options={SORTS.map((o) => ({ value: o, label: `${t('archivesUi.order.label')}: ${t(`archivesUi.order.${o.replace(':', '_')}`)}` }))}
                        width="56"
                        testId="archive-order"
                      />
                    )}
                  </>
                }
                more={
                  <>
                    <SelectFilter
                      label={t('archivesUi.filter.verification')}
                      all={`${t('archivesUi.filter.verification')}: ${t('archivesUi.all')}`}
                      value={state.verification}
                      onChange={(verification) => setState({ verification })}
                      options={VERIFICATION_STATES.map((v) => ({ value: v, label: t(`archivesUi.verificationState.${v}`) }))}
                      width="44"
                      testId="filter-verification"
                    />
                    <SelectFilter
                      label={t('archivesUi.col.applying')}
                      all={`${t('archivesUi.col.applying')}: ${t('archivesUi.all')}`}
                      value={state.applying}
                      onChange={(applying) => setState({ applying })}
                      options={APPLYING.map((s) => ({ value: s, label: t(`archivesUi.applying.${s}`) }))}
                      width="44"
                      testId="filter-applying"
                    />
                    <Input
                      size="sm"
                      width="32"
                      inputMode="numeric"
                      aria-label={t('archivesUi.col.year')}
                      placeholder={t('archivesUi.col.year')}
                      defaultValue={state.year}
                      key={state.year}
                      onBlur={(e) => e.target.value.trim() !== state.year && setState({ year: e.target.value.trim() })}
                      onKeyDown={(e) => e.key === 'Enter' && setState({ year: e.currentTarget.value.trim() })}
                      data-testid="filter-year"
                    />
                    <StaffFilter kind="sales" value={state.sales} onChange={(sales) => setState({ sales })} label={t('archivesUi.col.salesperson')} testId="filter-sales" />
                    <SelectFilter
                      label={t('archivesUi.filter.locked')}
                      all={`${t('archivesUi.filter.locked')}: ${t('archivesUi.all')}`}
                      value={state.locked}
                      onChange={(locked) => setState({ locked })}
                      options={[
                        { value: 'yes', label: t('archivesUi.filter.lockedYes') },
                        { value: 'no', label: t('archivesUi.filter.lockedNo') },
                      ]}
                      testId="filter-locked"
                    />
                    <SelectFilter
                      label={t('archivesUi.col.type')}
                      all={`${t('archivesUi.col.type')}: ${t('archivesUi.all')}`}
                      value={state.type}
                      onChange={(type) => setState({ type })}
                      options={['APPLICATION', 'RETAIL'].map((s) => ({ value: s, label: t(`archivesUi.type.${s}`) }))}
                      width="44"
                      testId="filter-type"
                    />
                  </>
                }
              />
            )}
          </Chips>
        </Suspense>
      </Box>
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('archivesUi.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="archive-table" />}>
          <Results queryRef={queryRef} state={state} setState={setState} stale={pending} onAct={setActing} onRights={setRights} light={light} />
        </Suspense>
      </ErrorBoundary>
      {acting && 'act' in acting && <ActDialog archive={acting.archive} act={acting.act} onClose={() => setActing(null)} />}
      {acting && 'assign' in acting && <AssignStaffDialog archives={acting.assign} onClose={() => setActing(null)} />}
      {importing && <ImportDialog title={t('archivesUi.importTitle')} hint={t('archivesUi.importHint')} onClose={() => setImporting(false)} upload={importFile} onTemplate={template} />}
    </Stack>
  );
}
