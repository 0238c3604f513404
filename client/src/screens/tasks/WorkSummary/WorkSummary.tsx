import { Alert, Box, Button, Flex, Heading, NativeSelect, SegmentGroup, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import { BarChart3, Download, Table2 } from 'lucide-react';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { Link, useSearchParams } from 'react-router';
import { QueryBoundary } from '../../../components/ErrorBoundary.tsx';
import { DateField } from '../../../components/fields/DateField.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { ProjectAutocomplete } from '../../../components/selectors/ProjectAutocomplete.tsx';
import { UserSelect } from '../../../components/selectors/UserSelect.tsx';
import { downloadXlsx } from '../xlsx.ts';
import { defaults, rangeOf, summaryVariables, workSummaryRoute } from './WorkSummary.route.ts';
import { missingDays, periodsBetween, round, summarise, type Entry, type Granularity, type SummaryRow } from './summary.ts';
import type { WorkSummaryQuery } from './__generated__/WorkSummaryQuery.graphql.ts';
import type { WorkSummary_entries$key } from './__generated__/WorkSummary_entries.graphql.ts';

const summaryQuery = graphql`
  query WorkSummaryQuery($filter: ScheduleEntryFilter!, $from: Date!, $to: Date!, $userIds: [ID!], $projectId: ID) {
    viewer {
      team: can(right: "workdaily.readAll")
      user {
        id
        name
        nameEn
      }
    }
    workStatistics(from: $from, to: $to, groupBy: PERSON, userIds: $userIds, projectId: $projectId, withIdle: true) {
      __typename
      ... on WorkStatistics {
        total {
          hours
          days
          entries
        }
        rows {
          key
          name
          nameEn
          entries
        }
      }
      ... on Error {
        message
      }
    }
    ...WorkSummary_entries @arguments(filter: $filter)
  }
`;

/** The entries behind the breakdown: every page is read (500 at a time) before the numbers are drawn. */
const entriesFragment = graphql`
  fragment WorkSummary_entries on Query
  @refetchable(queryName: "WorkSummaryEntriesPaginationQuery")
  @argumentDefinitions(filter: { type: "ScheduleEntryFilter!" }, first: { type: "Int", defaultValue: 500 }, after: { type: "String" }) {
    scheduleEntries(filter: $filter, first: $first, after: $after) @connection(key: "WorkSummary_scheduleEntries", filters: ["filter"]) {
      totalCount
      edges {
        node {
          id
          workDate
          workHours
          employee {
            id
            name
            nameEn
          }
          project {
            id
            name
            nameEn
          }
        }
      }
    }
  }
`;

const COLOURS = ['blue.solid', 'green.solid', 'orange.solid', 'purple.solid', 'teal.solid', 'pink.solid', 'cyan.solid', 'yellow.solid', 'red.solid', 'gray.solid'];

type View = { from: string; to: string; by: Granularity; rows: 'person' | 'project'; mine: boolean; today: string };

function periodLabel(p: string, g: Granularity, lang: 'zh' | 'en'): string {
  const d = DateTime.fromISO(g === 'month' ? `${p}-01` : p).setLocale(lang === 'en' ? 'en-GB' : 'zh-CN');
  if (g === 'month') return d.toFormat(lang === 'en' ? 'MMM yyyy' : 'yyyy年M月');
  if (g === 'week') return lang === 'en' ? `w/c ${d.toFormat('d MMM')}` : `${d.toFormat('M月d日')}起`;
  return d.toFormat(lang === 'en' ? 'EEE d MMM' : 'M月d日 EEE');
}

function SummaryChart({ rows, periods, view }: { rows: SummaryRow[]; periods: string[]; view: View }) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  // The eight rows with most hours get a colour each; the rest are one "others" series.
  const top = rows.slice(0, 8);
  const rest = rows.slice(8);
  const data = periods.map((p) => {
    const point: Record<string, string | number> = { period: periodLabel(p, view.by, lang) };
    top.forEach((r, i) => (point[`s${i}`] = r.byPeriod[p] ?? 0));
    if (rest.length) point.others = round(rest.reduce((n, r) => n + (r.byPeriod[p] ?? 0), 0));
    return point;
  });
  const chart = useChart({
    data,
    series: [...top.map((r, i) => ({ name: `s${i}`, label: r.name, color: COLOURS[i], stackId: 'h' })), ...(rest.length ? [{ name: 'others', label: t('tasksUi.summary.others'), color: COLOURS[9], stackId: 'h' }] : [])],
  });
  return (
    <Box as="figure" aria-label={t('tasksUi.summary.chartLabel')} data-testid="summary-chart">
      <Chart.Root maxH="sm" chart={chart}>
        <BarChart data={chart.data} responsive style={{ width: '100%', height: '100%' }}>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis axisLine={false} tickLine={false} dataKey={chart.key('period')} />
          <YAxis axisLine={false} tickLine={false} width={36} />
          <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
          <Legend content={<Chart.Legend />} />
          {chart.series.map((s) => (
            <Bar key={s.name} isAnimationActive={false} dataKey={chart.key(s.name)} fill={chart.color(s.color)} stackId={s.stackId} name={String(s.label)} />
          ))}
        </BarChart>
      </Chart.Root>
    </Box>
  );
}

function SummaryTable({ rows, periods, view }: { rows: SummaryRow[]; periods: string[]; view: View }) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const showMissing = view.rows === 'person';
  return (
    <Box overflowX="auto" tabIndex={0} aria-label={t('tasksUi.summary.tableLabel')} data-testid="summary-table">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader position="sticky" left="0" bg="bg.subtle" whiteSpace="nowrap">
              {t(view.rows === 'person' ? 'tasksUi.summary.person' : 'tasksUi.field.project')}
            </Table.ColumnHeader>
            {periods.map((p) => (
              <Table.ColumnHeader key={p} textAlign="end" whiteSpace="nowrap">
                {periodLabel(p, view.by, lang)}
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
              {t('tasksUi.summary.total')}
            </Table.ColumnHeader>
            {showMissing && (
              <Table.ColumnHeader textAlign="end" whiteSpace="nowrap">
                {t('tasksUi.summary.missing')}
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((r) => {
            const missing = showMissing ? missingDays(r.days, view.from, view.to, view.today) : [];
            const gap = new Set(missing);
            return (
              <Table.Row key={r.key} data-testid="summary-row">
                <Table.Cell position="sticky" left="0" bg="bg.panel" fontWeight="semibold" whiteSpace="nowrap">
                  {r.name}
                </Table.Cell>
                {periods.map((p) => {
                  const none = view.by === 'day' && showMissing && gap.has(p);
                  return (
                    <Table.Cell
                      key={p}
                      textAlign="end"
                      color={none ? 'fg.warning' : r.byPeriod[p] ? undefined : 'fg.subtle'}
                      bg={none ? 'orange.subtle' : undefined}
                      title={none ? t('tasksUi.summary.noLog') : undefined}
                      data-missing={none || undefined}
                    >
                      {none ? t('tasksUi.summary.noLogShort') : (r.byPeriod[p] ?? 0)}
                    </Table.Cell>
                  );
                })}
                <Table.Cell textAlign="end" fontWeight="semibold" data-testid="summary-row-total">
                  {r.total}
                </Table.Cell>
                {showMissing && (
                  <Table.Cell textAlign="end" color={missing.length ? 'fg.warning' : undefined} data-testid="summary-row-missing">
                    {view.mine && missing.length ? (
                      <Link to={`/mission/daily-work?day=${missing[0]}`} style={{ textDecoration: 'underline' }}>
                        {missing.length}
                      </Link>
                    ) : (
                      missing.length
                    )}
                  </Table.Cell>
                )}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function Breakdown({
  query,
  view,
  total,
  onExport,
  me,
  idle,
}: {
  query: WorkSummary_entries$key;
  view: View;
  total: { hours: number; days: number; entries: number } | null;
  onExport: (x: () => Promise<void>) => void;
  me: { id: string; name: string; nameEn?: string | null };
  /** The team members without hours in the range (workStatistics withIdle): listed with zeros. */
  idle: ReadonlyArray<{ key: number | null | undefined; name: string | null | undefined; nameEn: string | null | undefined }>;
}) {
  const { t } = useTranslation();
  const { lang } = useFormat();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(entriesFragment, query);
  // Every page before the numbers: a half-read month would show wrong totals.
  useEffect(() => {
    if (hasNext && !isLoadingNext) loadNext(500);
  }, [hasNext, isLoadingNext, loadNext]);
  const [asTable, setAsTable] = useState(false);
  const entries: Entry[] = useMemo(
    () =>
      data.scheduleEntries.edges
        .filter((e) => e.node)
        .map(({ node: n }) => ({
          workDate: n.workDate,
          workHours: n.workHours,
          personId: n.employee.id,
          personName: personName(n.employee, lang),
          projectId: n.project?.id ?? null,
          projectName: n.project ? personName(n.project, lang) : t('calendarUi.noProject'),
        })),
    [data, lang, t],
  );
  const periods = useMemo(() => periodsBetween(view.from, view.to, view.by), [view]);
  // One's own row is there even without any hours: its empty workdays are what it shows.
  const rows = useMemo(() => {
    const found = summarise(entries, view.rows, view.by);
    if (view.mine && view.rows === 'person' && !found.some((r) => r.key === me.id)) found.push({ key: me.id, name: personName(me, lang), byPeriod: {}, total: 0, days: new Set() });
    // The whole team, not only those who logged hours (issue 32).
    if (!view.mine && view.rows === 'person') for (const p of idle) found.push({ key: `idle-${p.key}`, name: personName({ name: p.name ?? '—', nameEn: p.nameEn }, lang), byPeriod: {}, total: 0, days: new Set() });
    return found;
  }, [entries, view, me, lang, idle]);
  useEffect(
    () =>
      onExport(async () => {
        const header = [
          t(view.rows === 'person' ? 'tasksUi.summary.person' : 'tasksUi.field.project'),
          ...periods.map((p) => periodLabel(p, view.by, lang)),
          t('tasksUi.summary.total'),
          ...(view.rows === 'person' ? [t('tasksUi.summary.missing')] : []),
        ];
        const body = rows.map((r) => [r.name, ...periods.map((p) => r.byPeriod[p] ?? 0), r.total, ...(view.rows === 'person' ? [missingDays(r.days, view.from, view.to, view.today).length] : [])]);
        await downloadXlsx(`${t('tasksUi.summary.title')}-${view.from}-${view.to}.xlsx`, t('tasksUi.summary.title'), header, body);
      }),
    [onExport, rows, periods, view, lang, t],
  );
  if (hasNext)
    return (
      <Flex p="6" justify="center" gap="2" align="center" data-testid="summary-loading">
        <Spinner size="sm" /> <Text fontSize="sm">{t('tasksUi.summary.reading', { count: data.scheduleEntries.edges.length, total: data.scheduleEntries.totalCount })}</Text>
      </Flex>
    );
  const ownDays = new Set(entries.map((e) => e.workDate));
  const missingMine = view.mine ? missingDays(ownDays, view.from, view.to, view.today) : [];
  return (
    <Stack gap="3" data-testid="summary-breakdown">
      <Flex gap="4" wrap="wrap" fontSize="sm" data-testid="summary-totals">
        <Text>
          {t('tasksUi.summary.hours')}: <b data-testid="summary-hours">{total?.hours ?? round(rows.reduce((n, r) => n + r.total, 0))}</b>
        </Text>
        <Text>
          {t('tasksUi.summary.days')}: <b>{total?.days ?? '—'}</b>
        </Text>
        <Text>
          {t('tasksUi.summary.entries')}: <b>{total?.entries ?? entries.length}</b>
        </Text>
        <SegmentGroup.Root size="xs" ms="auto" value={asTable ? 'table' : 'chart'} onValueChange={(e) => setAsTable(e.value === 'table')} aria-label={t('tasksUi.summary.show')}>
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              {
                value: 'chart',
                label: (
                  <Flex gap="1" align="center" data-testid="summary-as-chart">
                    <BarChart3 size={12} /> {t('tasksUi.summary.chart')}
                  </Flex>
                ),
              },
              {
                value: 'table',
                label: (
                  <Flex gap="1" align="center" data-testid="summary-as-table">
                    <Table2 size={12} /> {t('tasksUi.summary.table')}
                  </Flex>
                ),
              },
            ]}
          />
        </SegmentGroup.Root>
      </Flex>
      {view.mine && missingMine.length > 0 && (
        <Alert.Root status="warning" size="sm" data-testid="summary-missing-banner">
          <Alert.Indicator />
          <Alert.Description>
            {t('tasksUi.summary.missingBanner', { count: missingMine.length })}{' '}
            <Link to={`/mission/daily-work?day=${missingMine[0]}`} style={{ textDecoration: 'underline' }} data-testid="summary-missing-link">
              {t('tasksUi.daily.fillFirst', { day: missingMine[0] })}
            </Link>
          </Alert.Description>
        </Alert.Root>
      )}
      {!rows.length ? (
        <Text color="fg.subtle" p="6" textAlign="center" data-testid="summary-empty">
          {t('tasksUi.summary.empty')}
        </Text>
      ) : asTable ? (
        <SummaryTable rows={rows} periods={periods} view={view} />
      ) : (
        <SummaryChart rows={rows} periods={periods} view={view} />
      )}
    </Stack>
  );
}

function Results({ queryRef, view, onExport }: { queryRef: PreloadedQuery<WorkSummaryQuery>; view: View; onExport: (x: () => Promise<void>) => void }) {
  const data = usePreloadedQuery<WorkSummaryQuery>(summaryQuery, queryRef);
  const stats = data.workStatistics;
  const idle = useMemo(() => (stats.__typename === 'WorkStatistics' ? (stats.rows ?? []).filter((r) => r.entries === 0) : []), [stats]);
  return (
    <Stack gap="3">
      {stats.__typename !== 'WorkStatistics' && stats.__typename !== '%other' && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>{stats.message}</Alert.Description>
        </Alert.Root>
      )}
      <Breakdown query={data} view={view} me={data.viewer.user} total={stats.__typename === 'WorkStatistics' ? (stats.total ?? null) : null} idle={idle} onExport={onExport} />
    </Stack>
  );
}

/**
 * 任务汇总 (/mission/summary): hours from the work logs (schedule entries) by person or project
 * × day, week or month, for oneself or (managers: workdaily.readAll) the team, one person or one
 * project; a stacked bar chart (Chakra's charts on Recharts) with the same numbers as a table one
 * click away, workdays without a work log marked, and the table as .xlsx. The server's
 * workStatistics gives the totals; the breakdown sums the entries it lists.
 */
export default function WorkSummary() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const d = defaults(f.zone);
  const { from, to } = rangeOf(params, d);
  const by = (params.get('by') as Granularity) || 'day';
  const person = params.get('person') ? { id: params.get('person')!, label: params.get('personName') ?? '' } : null;
  const project = params.get('project') ? { id: params.get('project')!, name: params.get('projectName') ?? '', nameEn: params.get('projectName') ?? null } : null;
  const rowsBy = (params.get('rows') as 'person' | 'project') || 'person';
  const { queryRef, load, retry } = useRouteQuery(workSummaryRoute, workSummaryRoute.variables({}));
  // Who the viewer is and whether they may read the team's hours: the server's answer (viewer.can).
  const { team, user } = usePreloadedQuery<WorkSummaryQuery>(summaryQuery, queryRef).viewer;
  // Managers start with the team, everyone else with their own hours (the server gives nothing more).
  const scope = team ? params.get('scope') || 'team' : 'me';
  const userIds = !team ? null : scope === 'me' ? [user.id] : scope === 'person' && person ? [person.id] : null;
  const variables = summaryVariables({ from, to, userIds, projectId: project?.id ?? null });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(variables);
  const [loaded, setLoaded] = useState(JSON.stringify(queryRef.variables));
  if (loaded !== key) {
    setLoaded(key);
    startTransition(() => load(variables));
  }
  const [exporter, setExporter] = useState<{ run: () => Promise<void> } | null>(null);
  const onExport = useMemo(() => (run: () => Promise<void>) => setExporter({ run }), []);
  const [exporting, setExporting] = useState(false);
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const rangeBad = from > to;
  // One object per set of choices: the breakdown's memos and its export follow it.
  const view = useMemo<View>(() => ({ from, to, by, rows: rowsBy, today: d.today, mine: scope === 'me' }), [from, to, by, rowsBy, d.today, scope]);

  return (
    <Stack gap="3" data-testid="work-summary">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading size="lg" as="h1" flex="1">
          {t('tasksUi.summary.title')}
        </Heading>
        <Button
          size="sm"
          variant="outline"
          disabled={!exporter}
          loading={exporting}
          onClick={() => {
            setExporting(true);
            exporter!
              .run()
              .catch((e: unknown) => notify('error', e instanceof Error ? e.message : t('transport.unknown')))
              .finally(() => setExporting(false));
          }}
          data-testid="summary-export"
        >
          <Download size={14} /> {t('tasksUi.all.export')}
        </Button>
      </Flex>
      <Flex gap="2" p="2" wrap="wrap" bg="bg.panel" borderWidth="1px" borderRadius="lg" align="center" data-testid="summary-filters">
        <Flex gap="1" align="center" w={{ base: 'full', md: 'auto' }}>
          <Box flex="1" minW="0">
            <DateField size="sm" value={from} onChange={(v) => v && set({ from: v })} label={t('tasksUi.summary.from')} testId="summary-from" invalid={rangeBad} />
          </Box>
          <Text color="fg.muted">–</Text>
          <Box flex="1" minW="0">
            <DateField size="sm" value={to} onChange={(v) => v && set({ to: v })} label={t('tasksUi.summary.to')} testId="summary-to" invalid={rangeBad} />
          </Box>
        </Flex>
        <NativeSelect.Root size="sm" width="28">
          <NativeSelect.Field aria-label={t('tasksUi.summary.by')} value={by} onChange={(e) => set({ by: e.target.value })} data-testid="summary-by">
            {(['day', 'week', 'month'] as const).map((g) => (
              <option key={g} value={g}>
                {t(`tasksUi.summary.by.${g}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" width="32">
          <NativeSelect.Field aria-label={t('tasksUi.summary.rows')} value={rowsBy} onChange={(e) => set({ rows: e.target.value })} data-testid="summary-rows">
            <option value="person">{t('tasksUi.summary.rows.person')}</option>
            <option value="project">{t('tasksUi.summary.rows.project')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {team && (
          <NativeSelect.Root size="sm" width="32">
            <NativeSelect.Field aria-label={t('tasksUi.summary.scope')} value={scope} onChange={(e) => set({ scope: e.target.value })} data-testid="summary-scope">
              <option value="me">{t('tasksUi.summary.scope.me')}</option>
              <option value="team">{t('tasksUi.summary.scope.team')}</option>
              <option value="person">{t('tasksUi.summary.scope.person')}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        )}
        {team && scope === 'person' && (
          <Box w={{ base: 'full', md: '72' }}>
            <UserSelect value={person} onChange={(o) => set({ person: o?.id ?? null, personName: o?.label ?? null })} label={t('tasksUi.summary.person')} testId="summary-person" withDepartments />
          </Box>
        )}
        <Box w={{ base: 'full', md: '52' }}>
          <ProjectAutocomplete
            value={project}
            onChange={(p) => set({ project: p?.id ?? null, projectName: p ? personName(p, f.lang) : null })}
            testId="summary-project"
            placeholder={t('tasksUi.list.allProjects')}
            label={t('tasksUi.field.project')}
          />
        </Box>
      </Flex>
      {rangeBad ? (
        <Text color="fg.error" data-testid="summary-range-error">
          {t('tasksUi.summary.rangeBad')}
        </Text>
      ) : (
        <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3" opacity={pending ? 0.6 : 1} aria-busy={pending}>
          <QueryBoundary onRetry={retry}>
            <Results queryRef={queryRef} view={view} onExport={onExport} />
          </QueryBoundary>
        </Box>
      )}
    </Stack>
  );
}
