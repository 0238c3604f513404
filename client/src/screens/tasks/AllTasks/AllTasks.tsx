import { Badge, Box, Button, Checkbox, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Filter, X } from 'lucide-react';
import { useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useFragment, usePaginationFragment, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { SearchBox } from '../../../components/list/SearchBox.tsx';
import { QueryBoundary } from '../../../components/ErrorBoundary.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { CodeSelect } from '../../../components/task/CodeSelect.tsx';
import { PRIORITIES, PriorityBadge, STATES, StateBadge, TYPES, personName, type TaskPriorityCode } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { DateField } from '../../../components/fields/DateField.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useIsPhone } from '../../../lib/useMedia.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { ProjectAutocomplete } from '../../../components/selectors/ProjectAutocomplete.tsx';
import { UserSelect } from '../../../components/selectors/UserSelect.tsx';
import { downloadXlsx, todayText } from '../xlsx.ts';
import { allTasksRoute } from './AllTasks.route.ts';
import { filterFromParams, orderOf, type Sort } from './params.ts';
import type { AllTasks_query$key } from './__generated__/AllTasks_query.graphql.ts';
import type { AllTasksQuery } from './__generated__/AllTasksQuery.graphql.ts';
import type { AllTasksRow_task$data, AllTasksRow_task$key } from './__generated__/AllTasksRow_task.graphql.ts';
import type { AllTasksExportQuery } from './__generated__/AllTasksExportQuery.graphql.ts';
import type { AllTasksCompleteMutation } from './__generated__/AllTasksCompleteMutation.graphql.ts';
import type { AllTasksPriorityMutation } from './__generated__/AllTasksPriorityMutation.graphql.ts';
import type { AllTasksDeleteMutation } from './__generated__/AllTasksDeleteMutation.graphql.ts';

const listQuery = graphql`
  query AllTasksQuery($filter: TaskFilter, $order: TaskOrder) {
    ...AllTasks_query @arguments(filter: $filter, order: $order)
  }
`;

const listFragment = graphql`
  fragment AllTasks_query on Query
  @refetchable(queryName: "AllTasksPaginationQuery")
  @argumentDefinitions(filter: { type: "TaskFilter" }, order: { type: "TaskOrder" }, first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
    tasks(filter: $filter, order: $order, first: $first, after: $after) @connection(key: "AllTasks_tasks", filters: ["filter", "order"]) {
      totalCount
      totalCountCapped
      edges {
        node {
          id
          ...AllTasksRow_task
        }
      }
    }
  }
`;

const rowFragment = graphql`
  fragment AllTasksRow_task on Task {
    id
    databaseId
    title
    priority
    state
    type
    createdAt
    viewerTransitions
    viewerCanChangePriority
    viewerCanEdit
    ...TaskRow_people @relay(mask: false)
  }
`;

const exportQuery = graphql`
  query AllTasksExportQuery($filter: TaskFilter, $order: TaskOrder, $after: String) {
    tasks(filter: $filter, order: $order, first: 200, after: $after) {
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          databaseId
          title
          priority
          state
          type
          progress
          createdAt
          completedAt
          ...TaskRow_people @relay(mask: false)
        }
      }
    }
  }
`;

const completeMutation = graphql`
  mutation AllTasksCompleteMutation($input: CompleteTaskInput!) {
    completeTask(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          id
          ...AllTasksRow_task
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const priorityMutation = graphql`
  mutation AllTasksPriorityMutation($input: ChangeTaskPriorityInput!) {
    changeTaskPriority(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          id
          ...AllTasksRow_task
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const deleteMutation = graphql`
  mutation AllTasksDeleteMutation($input: DeleteTasksInput!) {
    deleteTasks(input: $input) {
      __typename
      ... on DeleteTasksPayload {
        deletedTaskIds @deleteRecord
      }
      ... on Error {
        message
      }
    }
  }
`;

type RowData = AllTasksRow_task$data;
type Bulk = 'complete' | 'priority' | 'delete';

/** Who may do a bulk act on a row: the server's answer on the row (never recomputed). */
const allowed: Record<Bulk, (r: RowData) => boolean> = {
  // A bug needs feedback to complete: it is completed from its own page, one at a time.
  complete: (r) => r.viewerTransitions.includes('complete') && r.type !== 'BUG',
  priority: (r) => r.viewerCanChangePriority,
  delete: (r) => r.viewerCanEdit,
};

function SortHeader({ label, by, sort, onSort }: { label: string; by: 'title' | 'priority' | 'state' | 'created'; sort: Sort; onSort: (s: Sort) => void }) {
  const { t } = useTranslation();
  const active = sort.by === by;
  const Icon = !active ? ArrowUpDown : sort.dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Button
      variant="ghost"
      size="xs"
      px="1"
      fontWeight="semibold"
      onClick={() => onSort({ by, dir: active && sort.dir === 'asc' ? 'desc' : 'asc' })}
      aria-label={t('tasksUi.all.sortBy', { name: label })}
      aria-pressed={active}
      data-testid={`sort-${by}`}
    >
      {label} <Icon size={12} />
    </Button>
  );
}

/** One row read through its fragment; reports its data up for the bulk bar. */
function Row({ task, selected, onToggle, onData, phone }: { task: AllTasksRow_task$key; selected: boolean; onToggle: () => void; onData: (r: RowData) => void; phone: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const r = useFragment(rowFragment, task);
  useEffect(() => onData(r), [r, onData]);
  const link = `/mission/details/${r.databaseId}`;
  const check = (
    <Checkbox.Root checked={selected} onCheckedChange={onToggle} aria-label={t('tasksUi.all.select', { title: r.title })} data-testid="row-select">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
    </Checkbox.Root>
  );
  if (phone)
    return (
      <Box borderBottomWidth="1px" p="3" data-testid="all-task-row" bg={selected ? 'bg.selected' : undefined}>
        <Flex gap="2" align="flex-start">
          {check}
          <Stack gap="1" flex="1" minW="0">
            <Flex gap="2" align="center" wrap="wrap">
              <PriorityBadge priority={r.priority} />
              <Link to={link} style={{ fontWeight: 600, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="row-title">
                {r.title}
              </Link>
            </Flex>
            <Flex gap="2" fontSize="xs" color="fg.muted" wrap="wrap" align="center">
              <StateBadge state={r.state} />
              <Text>{personName(r.project, f.lang)}</Text>
              <Text>
                {personName(r.assigner, f.lang)} → {r.executor ? personName(r.executor, f.lang) : t('tasksUi.unassigned')}
              </Text>
            </Flex>
          </Stack>
        </Flex>
      </Box>
    );
  return (
    <Table.Row data-testid="all-task-row" data-selected={selected || undefined} bg={selected ? 'bg.selected' : undefined}>
      <Table.Cell w="8">{check}</Table.Cell>
      <Table.Cell maxW="md">
        <Link to={link} style={{ fontWeight: 600, overflowWrap: 'anywhere', color: 'var(--chakra-colors-fg-link)' }} data-testid="row-title">
          {r.title}
        </Link>
      </Table.Cell>
      <Table.Cell>
        <PriorityBadge priority={r.priority} />
      </Table.Cell>
      <Table.Cell>
        <StateBadge state={r.state} />
      </Table.Cell>
      <Table.Cell>{t(`tasksUi.type.${r.type === 'BUG' ? 'BUG' : 'NEW_TASK'}`)}</Table.Cell>
      <Table.Cell>{personName(r.project, f.lang)}</Table.Cell>
      <Table.Cell>{personName(r.assigner, f.lang)}</Table.Cell>
      <Table.Cell>{r.executor ? personName(r.executor, f.lang) : t('tasksUi.unassigned')}</Table.Cell>
      <Table.Cell whiteSpace="nowrap">{f.dateTime(r.createdAt)}</Table.Cell>
    </Table.Row>
  );
}

function Rows({
  query,
  sort,
  onSort,
  selected,
  setSelected,
  rowData,
  onData,
}: {
  query: AllTasks_query$key;
  sort: Sort;
  onSort: (s: Sort) => void;
  selected: Set<string>;
  setSelected: (s: Set<string>) => void;
  rowData: Map<string, RowData>;
  onData: (r: RowData) => void;
}) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const edges = data.tasks.edges.filter((e) => e.node != null);
  const ids = edges.map((e) => e.node.id);
  const allOn = ids.length > 0 && ids.every((id) => selected.has(id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const toggleAll = () => setSelected(allOn ? new Set() : new Set(ids));
  void rowData;
  const rows = edges.map(({ node }) => <Row key={node.id} task={node} selected={selected.has(node.id)} onToggle={() => toggle(node.id)} onData={onData} phone={phone} />);
  return (
    <Stack gap="0" data-testid="all-task-rows">
      <Flex px="3" py="2" align="center" gap="3">
        <Text fontSize="sm" color="fg.muted" data-testid="all-task-total">
          {t(data.tasks.totalCountCapped ? 'tasksUi.list.totalAtLeast' : 'tasksUi.list.total', { count: data.tasks.totalCount.toLocaleString('en-US') })}
        </Text>
        {phone && ids.length > 0 && (
          <Button size="xs" variant="outline" onClick={toggleAll} data-testid="select-all">
            {t(allOn ? 'tasksUi.all.selectNone' : 'tasksUi.all.selectPage')}
          </Button>
        )}
      </Flex>
      {!edges.length ? (
        <Stack align="center" p="8" gap="3" data-testid="all-task-empty">
          <Text color="fg.subtle">{t('tasksUi.all.empty')}</Text>
          <Button asChild size="sm" colorPalette="blue">
            <Link to="/mission/add">{t('tasksUi.list.add')}</Link>
          </Button>
        </Stack>
      ) : phone ? (
        rows
      ) : (
        <Table.Root size="sm" stickyHeader interactive>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader w="8">
                <Checkbox.Root checked={allOn ? true : selected.size ? 'indeterminate' : false} onCheckedChange={toggleAll} aria-label={t('tasksUi.all.selectPage')} data-testid="select-all">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <SortHeader label={t('tasksUi.field.title')} by="title" sort={sort} onSort={onSort} />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <SortHeader label={t('tasksUi.field.priority')} by="priority" sort={sort} onSort={onSort} />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <SortHeader label={t('tasksUi.field.state')} by="state" sort={sort} onSort={onSort} />
              </Table.ColumnHeader>
              <Table.ColumnHeader>{t('tasksUi.field.type')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('tasksUi.field.project')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('tasksUi.field.assigner')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('tasksUi.field.executor')}</Table.ColumnHeader>
              <Table.ColumnHeader>
                <SortHeader label={t('tasksUi.field.createdAt')} by="created" sort={sort} onSort={onSort} />
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>{rows}</Table.Body>
        </Table.Root>
      )}
      {hasNext && (
        <Button variant="ghost" size="sm" m="2" onClick={() => loadNext(50)} loading={isLoadingNext} data-testid="all-task-more">
          {t('tasksUi.list.more')}
        </Button>
      )}
    </Stack>
  );
}

function Results(props: Omit<Parameters<typeof Rows>[0], 'query'> & { queryRef: PreloadedQuery<AllTasksQuery> }) {
  const data = usePreloadedQuery<AllTasksQuery>(listQuery, props.queryRef);
  return <Rows query={data} {...props} />;
}

/** The confirmation of a bulk act: names how many tasks, and how many of the chosen the viewer may act on. */
function BulkDialog({ act, rows, onClose, onDone }: { act: Bulk; rows: RowData[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [priority, setPriority] = useState<TaskPriorityCode | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const complete = useMutationAction<AllTasksCompleteMutation>(completeMutation, (r) => r.completeTask);
  const change = useMutationAction<AllTasksPriorityMutation>(priorityMutation, (r) => r.changeTaskPriority);
  const remove = useMutationAction<AllTasksDeleteMutation>(deleteMutation, (r) => r.deleteTasks);
  const able = rows.filter(allowed[act]);
  const count = able.length;

  async function run() {
    if (act === 'priority' && !priority) return setError(t('tasksUi.all.priorityRequired'));
    setBusy(true);
    setError(null);
    const one = <T,>(fn: (done: () => void, failed: () => void) => T) =>
      new Promise<boolean>((resolve) =>
        fn(
          () => resolve(true),
          () => resolve(false),
        ),
      );
    let ok = 0;
    if (act === 'delete') {
      if (await one((d, f) => remove.run({ input: { ids: able.map((r) => r.id) } }, { onDone: d, onFailed: f }))) ok = count;
    } else {
      // One task at a time: each is its own write, so one refusal leaves the others done.
      for (const r of able) {
        const done =
          act === 'complete'
            ? await one((d, f) => complete.run({ input: { id: r.id } }, { onDone: d, onFailed: f }))
            : await one((d, f) => change.run({ input: { id: r.id, priority: priority as TaskPriorityCode } }, { onDone: d, onFailed: f }));
        if (done) ok += 1;
      }
    }
    setBusy(false);
    if (ok === count) {
      notify('success', t(`tasksUi.all.done.${act}`, { count: ok }));
      onDone();
    } else setError(t('tasksUi.all.partly', { ok, count, reason: complete.error ?? change.error ?? remove.error ?? '' }));
  }

  return (
    <FormDialog
      title={t(`tasksUi.all.bulk.${act}`)}
      testId="bulk-dialog"
      onClose={onClose}
      onSave={() => void run()}
      busy={busy}
      error={error}
      saveLabel={t(`tasksUi.all.confirm.${act}`, { count })}
      saveTestId="bulk-confirm"
      destructive={act === 'delete'}
      size="sm"
    >
      <Text data-testid="bulk-question">{t(`tasksUi.all.question.${act}`, { count })}</Text>
      {count < rows.length && (
        <Text fontSize="sm" color="fg.warning" data-testid="bulk-skipped">
          {t(`tasksUi.all.skipped.${act}`, { count: rows.length - count })}
        </Text>
      )}
      {act === 'priority' && (
        <CodeSelect codes={PRIORITIES} prefix="tasksUi.priority" value={priority} onChange={setPriority} all={t('tasksUi.all.choosePriority')} label={t('tasksUi.field.priority')} testId="bulk-priority" />
      )}
    </FormDialog>
  );
}

/**
 * 全部任务 (/mission/list): every task the viewer may see (the server decides: managers and
 * administrators all, others what they assigned, execute or manage), with the filters, sort and
 * search in the URL, a table with a sticky header (cards on a phone), 50 rows a page, bulk
 * complete / priority / delete of the selection, and the filtered list as .xlsx.
 */
export default function AllTasks() {
  const { t } = useTranslation();
  const f = useFormat();
  const environment = useRelayEnvironment();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params, f.zone), [params, f.zone]);
  const sort: Sort = { by: (params.get('sort') as Sort['by']) || 'created', dir: params.get('dir') === 'asc' ? 'asc' : 'desc' };
  const order = orderOf(sort);
  const { queryRef, load, retry } = useRouteQuery(allTasksRoute, { filter, order });
  const [pending, startTransition] = useTransition();
  const [more, setMore] = useState(['type', 'project', 'assigner', 'executor', 'from', 'to'].some((k) => params.has(k)));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rowData] = useState(() => new Map<string, RowData>());
  const [bulk, setBulk] = useState<Bulk | null>(null);
  const [exporting, setExporting] = useState(false);
  const onData = useMemo(() => (r: RowData) => void rowData.set(r.id, r), [rowData]);

  // The URL is the list's state: back, reload and a shared link show the same list.
  const key = JSON.stringify({ filter, order });
  const [loadedKey, setLoadedKey] = useState(key);
  if (loadedKey !== key) {
    setLoadedKey(key);
    setSelected(new Set());
    startTransition(() => load({ filter, order }));
  }

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  const person = (k: 'assigner' | 'executor') => (params.get(k) ? { id: params.get(k)!, label: params.get(`${k}Name`) ?? '' } : null);
  const project = params.get('project') ? { id: params.get('project')!, name: params.get('projectName') ?? '', nameEn: params.get('projectName') ?? null } : null;

  const chips: { key: string; label: string; clear: Record<string, null> }[] = [];
  if (params.get('q')) chips.push({ key: 'q', label: `${t('tasksUi.list.search')}: ${params.get('q')}`, clear: { q: null } });
  for (const [k, prefix] of [
    ['state', 'tasksUi.state'],
    ['priority', 'tasksUi.priority'],
    ['type', 'tasksUi.type'],
  ] as const)
    if (params.get(k)) chips.push({ key: k, label: `${t(`tasksUi.field.${k}`)}: ${t(`${prefix}.${params.get(k)}`)}`, clear: { [k]: null } });
  if (project) chips.push({ key: 'project', label: `${t('tasksUi.field.project')}: ${project.name}`, clear: { project: null, projectName: null } });
  for (const k of ['assigner', 'executor'] as const) if (params.get(k)) chips.push({ key: k, label: `${t(`tasksUi.field.${k}`)}: ${params.get(`${k}Name`)}`, clear: { [k]: null, [`${k}Name`]: null } });
  if (params.get('from')) chips.push({ key: 'from', label: `${t('tasksUi.all.from')}: ${params.get('from')}`, clear: { from: null } });
  if (params.get('to')) chips.push({ key: 'to', label: `${t('tasksUi.all.to')}: ${params.get('to')}`, clear: { to: null } });

  const chosen = [...selected].map((id) => rowData.get(id)).filter((r): r is RowData => !!r);

  async function exportList() {
    setExporting(true);
    try {
      const rows: (string | number | null)[][] = [];
      let after: string | null = null;
      for (;;) {
        const data: AllTasksExportQuery['response'] | undefined = await fetchQuery<AllTasksExportQuery>(environment, exportQuery, { filter, order, after }, { fetchPolicy: 'network-only' }).toPromise();
        if (!data) break;
        for (const { node: n } of data.tasks.edges)
          rows.push([
            n.databaseId,
            n.title,
            t(`tasksUi.priority.${n.priority}`),
            t(`tasksUi.state.${n.state}`),
            t(`tasksUi.type.${n.type === 'BUG' ? 'BUG' : 'NEW_TASK'}`),
            personName(n.project, f.lang),
            personName(n.assigner, f.lang),
            n.executor ? personName(n.executor, f.lang) : '',
            n.progress,
            f.dateTime(n.createdAt),
            n.completedAt ? f.dateTime(n.completedAt) : '',
          ]);
        if (!data.tasks.pageInfo.hasNextPage) break;
        after = data.tasks.pageInfo.endCursor ?? null;
      }
      const header = ['ID', 'title', 'priority', 'state', 'type', 'project', 'assigner', 'executor', 'progress', 'createdAt', 'completedAt'].map((k) =>
        t(k === 'ID' ? 'tasksUi.all.id' : k === 'completedAt' ? 'tasksUi.all.completedAt' : `tasksUi.field.${k}`),
      );
      await downloadXlsx(`${t('tasksUi.all.title')}-${todayText(f.zone)}.xlsx`, t('tasksUi.all.title'), header, rows);
      notify('success', t('tasksUi.all.exported', { count: rows.length }));
    } catch (e) {
      notify('error', e instanceof Error ? e.message : t('transport.unknown'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="3" data-testid="all-tasks">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading size="lg" flex="1" as="h1">
          {t('tasksUi.all.title')}
        </Heading>
        <Button size="sm" variant="outline" onClick={() => void exportList()} loading={exporting} loadingText={t('tasksUi.all.exporting')} data-testid="all-export">
          <Download size={14} /> {t('tasksUi.all.export')}
        </Button>
        <Button asChild size="sm" colorPalette="blue">
          <Link to="/mission/add" data-testid="all-add">
            {t('tasksUi.list.add')}
          </Link>
        </Button>
      </Flex>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg">
        <Flex gap="2" p="2" wrap="wrap" borderBottomWidth="1px" data-testid="all-filters">
          <SearchBox value={params.get('q') ?? ''} onSearch={(q) => set({ q: q || null })} label={t('tasksUi.list.search')} pending={pending} testId="all-search" maxWidth={480} />
          <CodeSelect
            codes={STATES}
            prefix="tasksUi.state"
            value={(params.get('state') as (typeof STATES)[number]) ?? ''}
            onChange={(v) => set({ state: v })}
            all={t('tasksUi.list.allStates')}
            label={t('tasksUi.field.state')}
            size="sm"
            width="36"
            testId="all-state"
          />
          <CodeSelect
            codes={PRIORITIES}
            prefix="tasksUi.priority"
            value={(params.get('priority') as TaskPriorityCode) ?? ''}
            onChange={(v) => set({ priority: v })}
            all={t('tasksUi.list.allPriorities')}
            label={t('tasksUi.field.priority')}
            size="sm"
            width="36"
            testId="all-priority"
          />
          <Button size="sm" variant={more ? 'subtle' : 'outline'} onClick={() => setMore(!more)} aria-expanded={more} data-testid="all-more-filters">
            <Filter size={14} /> {t('tasksUi.all.moreFilters')}
          </Button>
        </Flex>
        {more && (
          <Flex gap="2" p="2" wrap="wrap" borderBottomWidth="1px" bg="bg.subtle" data-testid="all-more">
            <CodeSelect
              codes={TYPES}
              prefix="tasksUi.type"
              value={(params.get('type') as (typeof TYPES)[number]) ?? ''}
              onChange={(v) => set({ type: v })}
              all={t('tasksUi.all.allTypes')}
              label={t('tasksUi.field.type')}
              size="sm"
              width="32"
              testId="all-type"
            />
            <Box w={{ base: 'full', md: '52' }}>
              <ProjectAutocomplete
                value={project}
                onChange={(p) => set({ project: p?.id ?? null, projectName: p ? personName(p, f.lang) : null })}
                testId="all-project"
                placeholder={t('tasksUi.list.allProjects')}
                label={t('tasksUi.field.project')}
              />
            </Box>
            <Box w={{ base: 'full', md: '48' }}>
              <UserSelect
                value={person('assigner')}
                onChange={(o) => set({ assigner: o?.id ?? null, assignerName: o?.label ?? null })}
                label={t('tasksUi.field.assigner')}
                placeholder={t('tasksUi.field.assigner')}
                testId="all-assigner"
              />
            </Box>
            <Box w={{ base: 'full', md: '48' }}>
              <UserSelect
                value={person('executor')}
                onChange={(o) => set({ executor: o?.id ?? null, executorName: o?.label ?? null })}
                label={t('tasksUi.field.executor')}
                placeholder={t('tasksUi.field.executor')}
                testId="all-executor"
              />
            </Box>
            <Flex gap="1" align="center" w={{ base: 'full', md: 'auto' }}>
              <Box flex="1" minW="0">
                <DateField size="sm" value={params.get('from') ?? ''} onChange={(v) => set({ from: v || null })} label={t('tasksUi.all.from')} testId="all-from" />
              </Box>
              <Text color="fg.muted">–</Text>
              <Box flex="1" minW="0">
                <DateField size="sm" value={params.get('to') ?? ''} onChange={(v) => set({ to: v || null })} label={t('tasksUi.all.to')} testId="all-to" />
              </Box>
            </Flex>
          </Flex>
        )}
        {chips.length > 0 && (
          <Flex gap="2" p="2" wrap="wrap" align="center" borderBottomWidth="1px" data-testid="all-chips">
            {chips.map((c) => (
              <Badge key={c.key} variant="subtle" colorPalette="blue" size="md" gap="1">
                {c.label}
                <Box as="button" aria-label={t('tasksUi.all.removeFilter', { name: c.label })} onClick={() => set(c.clear)} data-testid={`chip-${c.key}`} display="inline-flex">
                  <X size={12} />
                </Box>
              </Badge>
            ))}
            <Button size="xs" variant="ghost" onClick={() => setParams(new URLSearchParams(params.get('sort') ? { sort: params.get('sort')!, dir: params.get('dir') ?? 'desc' } : {}))} data-testid="chips-clear">
              {t('tasksUi.all.clearFilters')}
            </Button>
          </Flex>
        )}
        {selected.size > 0 && (
          <Flex gap="2" p="2" wrap="wrap" align="center" bg="bg.selected" borderBottomWidth="1px" role="region" aria-label={t('tasksUi.all.bulkBar')} data-testid="bulk-bar">
            <Text fontSize="sm" fontWeight="semibold" data-testid="bulk-count">
              {t('tasksUi.all.selected', { count: selected.size })}
            </Text>
            <Button size="xs" colorPalette="blue" onClick={() => setBulk('complete')} data-testid="bulk-complete">
              {t('tasksUi.all.bulk.complete')}
            </Button>
            <Button size="xs" variant="outline" onClick={() => setBulk('priority')} data-testid="bulk-priority-open">
              {t('tasksUi.all.bulk.priority')}
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => setBulk('delete')} data-testid="bulk-delete">
              {t('tasksUi.all.bulk.delete')}
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setSelected(new Set())} data-testid="bulk-clear">
              {t('tasksUi.all.selectNone')}
            </Button>
          </Flex>
        )}
        <Box opacity={pending ? 0.6 : 1} aria-busy={pending} pointerEvents={pending ? 'none' : undefined} inert={pending || undefined} data-stale={pending || undefined} overflowX="auto">
          <QueryBoundary onRetry={retry}>
            <Results queryRef={queryRef} sort={sort} onSort={(s) => set({ sort: s.by, dir: s.dir })} selected={selected} setSelected={setSelected} rowData={rowData} onData={onData} />
          </QueryBoundary>
        </Box>
      </Box>
      {bulk && (
        <BulkDialog
          act={bulk}
          rows={chosen}
          onClose={() => setBulk(null)}
          onDone={() => {
            setBulk(null);
            setSelected(new Set());
          }}
        />
      )}
    </Stack>
  );
}
