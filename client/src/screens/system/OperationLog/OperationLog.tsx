import { Badge, Box, Button, Code, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useMemo, useRef, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DateField } from '../../../components/fields/DateField.tsx';
import { DataTable, LoadMore, type Column } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter, type FilterChip } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { LOG_DEFAULTS, logFilterOf } from './filters.ts';
import { ChangeTable } from './ChangeTable.tsx';
import { operationLogRoute } from './OperationLog.route.ts';
import type { OperationLog_query$data, OperationLog_query$key } from './__generated__/OperationLog_query.graphql.ts';
import type { OperationLogQuery } from './__generated__/OperationLogQuery.graphql.ts';

const logQuery = graphql`
  query OperationLogQuery($filter: OperationLogFilter) {
    ...OperationLog_query @arguments(filter: $filter)
  }
`;

const logFragment = graphql`
  fragment OperationLog_query on Query
  @refetchable(queryName: "OperationLogPaginationQuery")
  @argumentDefinitions(filter: { type: "OperationLogFilter" }, first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
    operationLogs(filter: $filter, first: $first, after: $after) @connection(key: "OperationLog_operationLogs", filters: ["filter"]) {
      __id
      edges {
        node {
          id
          databaseId
          createdAt
          operation
          operationLabel
          targetLabel
          errorMessage
          outcome
          errorCode
          door
          address
          requestId
          account
          targetType
          targetIds
          changes {
            entity
            entityId
            field
            label
            before
            after
            masked
          }
          user {
            id
            name
            nameEn
            account
          }
        }
      }
    }
  }
`;

type Row = NonNullable<OperationLog_query$data['operationLogs']['edges'][number]['node']>;

function Rows({ query, stale, onOpen }: { query: OperationLog_query$key; stale: boolean; onOpen: (r: Row) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(logFragment, query);
  const rows = data.operationLogs.edges.map((e) => e.node).filter((n): n is Row => n != null);
  const columns: Array<Column<Row>> = [
    { key: 'when', header: t('orgUi.log.when'), card: 'fact', render: (r) => fmt.dateTime(r.createdAt as string) },
    {
      key: 'operation',
      header: t('orgUi.log.operation'),
      card: 'title',
      render: (r) => (
        <Text as="span" title={r.operation}>
          {r.operationLabel}
        </Text>
      ),
    },
    {
      key: 'outcome',
      header: t('orgUi.log.outcome'),
      card: 'state',
      render: (r) => (
        <Flex gap="2" align="center" wrap="wrap">
          <OutcomeBadge outcome={r.outcome} />
          {r.errorMessage && (
            <Text as="span" fontSize="sm" color="fg.muted">
              {r.errorMessage}
            </Text>
          )}
        </Flex>
      ),
    },
    { key: 'who', header: t('orgUi.log.who'), card: 'fact', render: (r) => (r.user ? personName(r.user, lang) : (r.account ?? '')) },
    {
      key: 'target',
      header: t('orgUi.log.target'),
      card: 'fact',
      render: (r) => r.targetLabel ?? '',
    },
    { key: 'door', header: t('orgUi.log.door'), card: 'hidden', hideBelow: 1280, render: (r) => t(`orgUi.log.door.${r.door}`) },
  ];
  return (
    <Stack gap="2">
      <DataTable
        label={t('orgUi.log.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => `${r.operationLabel} ${fmt.dateTime(r.createdAt as string)}`}
        actions={(r) => [{ key: 'open', label: t('orgUi.act.open'), onSelect: () => onOpen(r) }]}
        onOpen={onOpen}
        stale={stale}
        empty={{ title: t('orgUi.log.empty') }}
        testId="log-table"
      />
      <LoadMore shown={rows.length} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(50)} testId="log-more" />
    </Stack>
  );
}

function OutcomeBadge({ outcome }: { outcome: string }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={outcome === 'SUCCESS' ? 'green' : 'red'} variant="subtle">
      {t(`orgUi.log.outcome.${outcome}`)}
    </Badge>
  );
}

function Results(props: { queryRef: PreloadedQuery<OperationLogQuery>; stale: boolean; onOpen: (r: Row) => void }) {
  const data = usePreloadedQuery<OperationLogQuery>(logQuery, props.queryRef);
  return <Rows query={data} stale={props.stale} onOpen={props.onOpen} />;
}

/** One entry: everything the log keeps, with the fields the write changed (masked where the viewer may not read them). */
function Entry({ row, onClose }: { row: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const fact = (label: string, value: React.ReactNode) => (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box wordBreak="break-all">{value === '' || value == null ? <Text color="fg.subtle">—</Text> : value}</Box>
    </Box>
  );
  return (
    <DialogShell title={t('orgUi.log.entry', { id: row.databaseId })} onClose={onClose} testId="log-entry" footer={<Button onClick={onClose}>{t('client.close')}</Button>}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3" tabIndex={0} role="group" aria-label={t('orgUi.log.entry', { id: row.databaseId })}>
        {fact(t('orgUi.log.when'), fmt.dateTime(row.createdAt as string))}
        {fact(t('orgUi.log.operation'), row.operationLabel)}
        {fact(t('orgUi.log.operationName'), <Code>{row.operation}</Code>)}
        {fact(t('orgUi.log.outcome'), <OutcomeBadge outcome={row.outcome} />)}
        {fact(t('orgUi.log.refusal'), row.errorMessage ? `${row.errorMessage} (${row.errorCode ?? ''})` : null)}
        {fact(t('orgUi.log.target'), row.targetLabel)}
        {fact(t('orgUi.log.who'), row.user ? `${personName(row.user, lang)} (${row.user.account ?? ''})` : null)}
        {fact(t('orgUi.col.account'), row.account)}
        {fact(t('orgUi.log.targetType'), row.targetType)}
        {fact(t('orgUi.log.targetIds'), row.targetIds.join(', '))}
        {fact(t('orgUi.log.door'), t(`orgUi.log.door.${row.door}`))}
        {fact(t('orgUi.log.address'), row.address)}
        {fact(t('orgUi.log.requestId'), row.requestId ? <Code title={t('orgUi.log.requestIdHint')}>{row.requestId}</Code> : null)}
      </SimpleGrid>
      <ChangeTable changes={row.changes} />
    </DialogShell>
  );
}

/**
 * 操作日志 (`/operation-log`, administrators): every write on either door, newest first; filters
 * by who, operation, target, outcome and days in the URL; an entry opens with all it keeps.
 */
export default function OperationLog() {
  const { t } = useTranslation();
  const [state, setState] = useUrlState<keyof typeof LOG_DEFAULTS>(LOG_DEFAULTS);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const filter = useMemo(() => logFilterOf(state, zone), [state, zone]);
  const { queryRef, load, retry } = useRouteQuery(operationLogRoute, { filter });
  const [pending, startTransition] = useTransition();
  const [open, setOpen] = useState<Row | null>(null);
  const key = JSON.stringify(filter);
  useEffect(() => {
    // network-only: a log is read for its newest rows, and its words follow the language of the moment.
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }, 'network-only'));
  }, [key, load, queryRef.variables.filter]);
  // The server words operations, targets and refusals in the viewer's language: ask again when it changes.
  const lang = useLang();
  const shownLang = useRef(lang);
  useEffect(() => {
    if (shownLang.current === lang) return;
    shownLang.current = lang;
    startTransition(() => load({ filter: JSON.parse(key) as typeof filter }, 'network-only'));
  }, [lang, key, load]);
  const chips: FilterChip[] = [];
  const chip = (k: keyof typeof LOG_DEFAULTS, label: string, value = state[k]) => state[k] && chips.push({ key: k, label, value, onRemove: () => setState({ [k]: '' }) });
  chip('who', t('orgUi.log.who'));
  chip('operation', t('orgUi.log.operation'));
  chip('target', t('orgUi.log.targetType'));
  chip('outcome', t('orgUi.log.outcome'), state.outcome && t(`orgUi.log.outcome.${state.outcome}`));
  chip('from', t('orgUi.log.from'));
  chip('to', t('orgUi.log.to'));
  const text = (k: 'operation' | 'target', label: string, placeholder: string) => (
    <Input
      size="sm"
      width="44"
      aria-label={label}
      placeholder={placeholder}
      defaultValue={state[k]}
      key={`${k}-${state[k]}`}
      onBlur={(e) => e.target.value.trim() !== state[k] && setState({ [k]: e.target.value.trim() })}
      onKeyDown={(e) => e.key === 'Enter' && setState({ [k]: e.currentTarget.value.trim() })}
      data-testid={`filter-${k}`}
    />
  );
  return (
    <Stack gap="3" data-testid="operation-log">
      <Heading size="lg">{t('orgUi.log.title')}</Heading>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <FilterBar
          search={state.who}
          onSearch={(who) => setState({ who })}
          searchLabel={t('orgUi.log.whoSearch')}
          chips={chips}
          onClearAll={() => setState({ ...LOG_DEFAULTS })}
          testId="log-filters"
          primary={
            <>
              {text('operation', t('orgUi.log.operation'), t('orgUi.log.operationExample'))}
              <SelectFilter
                label={t('orgUi.log.outcome')}
                all={`${t('orgUi.log.outcome')}: ${t('orgUi.all')}`}
                value={state.outcome}
                onChange={(outcome) => setState({ outcome })}
                options={['SUCCESS', 'FAILURE'].map((o) => ({ value: o, label: t(`orgUi.log.outcome.${o}`) }))}
                testId="filter-outcome"
              />
            </>
          }
          more={
            <Flex gap="2" wrap="wrap" align="center">
              {text('target', t('orgUi.log.targetType'), t('orgUi.log.targetExample'))}
              <Box width="40">
                <DateField value={state.from} onChange={(from) => setState({ from })} label={t('orgUi.log.from')} size="sm" testId="filter-from" />
              </Box>
              <Box width="40">
                <DateField value={state.to} onChange={(to) => setState({ to })} label={t('orgUi.log.to')} size="sm" testId="filter-to" />
              </Box>
            </Flex>
          }
        />
      </Box>
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('orgUi.log.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="log-table" />}>
          <Results queryRef={queryRef} stale={pending} onOpen={setOpen} />
        </Suspense>
      </ErrorBoundary>
      {open && <Entry row={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
