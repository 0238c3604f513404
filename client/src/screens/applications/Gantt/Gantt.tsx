import { Box, Flex, Heading, Input, Link, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { Suspense, useEffect, useMemo, useState, useTransition, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { StudentSelect } from '../../../components/selectors/StudentSelect.tsx';
import { DataTable, LoadMore, type Column } from '../../../components/list/DataTable.tsx';
import { useMenuParams } from '../../../layout/menu.ts';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { schoolName } from '../../schools/index.ts';
import { ganttRoute } from './Gantt.route.ts';
import type { GanttQuery } from './__generated__/GanttQuery.graphql.ts';
import type { Gantt_query$data, Gantt_query$key } from './__generated__/Gantt_query.graphql.ts';

const ganttQuery = graphql`
  query GanttQuery($filter: ApplicationFilter) {
    ...Gantt_query @arguments(filter: $filter)
  }
`;

/** The applications in pages of 100 (newest students first); "load more" appends the next page to both the chart and the table. */
const ganttFragment = graphql`
  fragment Gantt_query on Query @refetchable(queryName: "GanttPaginationQuery") @argumentDefinitions(filter: { type: "ApplicationFilter" }, first: { type: "Int", defaultValue: 100 }, after: { type: "String" }) {
    applications(filter: $filter, first: $first, after: $after) @connection(key: "Gantt_applications", filters: ["filter"]) {
      totalCount
      edges {
        node {
          id
          state
          deadline
          interviewAt
          createdAt
          archive {
            id
            name
            userName
          }
          school {
            name
            chineseName
          }
          logs {
            action
            toValue
            createdAt
          }
        }
      }
    }
  }
`;

type App = NonNullable<Gantt_query$data['applications']['edges'][number]['node']>;
type Mark = { kind: 'deadline' | 'interview' | 'submitted' | 'result'; at: number; label: string };

const DAY = 86_400_000;
const ROW = 34;
/** The header: 今天 on the top band, the period labels on the lower one; neither crosses the other (issue 32 item 13). */
const HEAD = 44;
const LABEL = 220;
const PAGE = 100;

/** The zoom: pixels per day and the ticks of the time axis. */
export const SCALES = {
  month: { pxPerDay: 4, step: { months: 1 }, format: { zh: 'yyyy/MM', en: 'MM/yyyy' } },
  quarter: { pxPerDay: 1.5, step: { months: 3 }, format: { zh: "yyyy'Q'q", en: "'Q'q yyyy" } },
  year: { pxPerDay: 0.5, step: { years: 1 }, format: { zh: 'yyyy', en: 'yyyy' } },
} as const;
export type Scale = keyof typeof SCALES;

/** The dated events of an application: its deadline, interview, submission and result. */
function marksOf(a: App, t: (k: string) => string): Mark[] {
  const marks: Mark[] = [];
  if (a.deadline) marks.push({ kind: 'deadline', at: Date.parse(`${a.deadline as string}T00:00:00Z`), label: t('schoolsUi.gantt.deadline') });
  if (a.interviewAt) marks.push({ kind: 'interview', at: Date.parse(a.interviewAt as string), label: t('schoolsUi.gantt.interview') });
  const submitted = a.logs.find((l) => l.action === 'SUBMIT_RESULT' && l.toValue === '1');
  if (submitted) marks.push({ kind: 'submitted', at: Date.parse(submitted.createdAt as string), label: t('schoolsUi.gantt.submitted') });
  const result = a.logs.find((l) => l.action === 'STATE');
  if (result && a.state !== 'APPLYING') marks.push({ kind: 'result', at: Date.parse(result.createdAt as string), label: `${t('schoolsUi.gantt.result')}: ${t(`schoolsUi.state.${a.state}`)}` });
  return marks;
}

const COLOURS: Record<Mark['kind'], string> = {
  deadline: 'var(--chakra-colors-red-600)',
  interview: 'var(--chakra-colors-blue-600)',
  submitted: 'var(--chakra-colors-green-700)',
  result: 'var(--chakra-colors-purple-600)',
};

function Marker({ mark, x, y }: { mark: Mark; x: number; y: number }) {
  const c = COLOURS[mark.kind];
  const shape =
    mark.kind === 'deadline' ? (
      <path d={`M ${x} ${y - 7} L ${x + 7} ${y} L ${x} ${y + 7} L ${x - 7} ${y} Z`} fill={c} />
    ) : mark.kind === 'interview' ? (
      <circle cx={x} cy={y} r={6} fill={c} />
    ) : mark.kind === 'submitted' ? (
      <rect x={x - 5.5} y={y - 5.5} width={11} height={11} fill={c} />
    ) : (
      <path d={`M ${x} ${y - 7} L ${x + 7} ${y + 6} L ${x - 7} ${y + 6} Z`} fill={c} />
    );
  return <g data-kind={mark.kind}>{shape}</g>;
}

function Chart({ apps, today, scale }: { apps: App[]; today: number; scale: Scale }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const rows = useMemo(() => apps.map((a) => ({ a, marks: marksOf(a, t), start: Date.parse(a.createdAt as string) })), [apps, t]);
  const times = rows.flatMap((r) => [r.start, ...r.marks.map((m) => m.at)]).concat(today);
  const { pxPerDay, step, format } = SCALES[scale];
  const unit = scale === 'month' ? 'month' : scale === 'quarter' ? 'quarter' : 'year';
  const from = DateTime.fromMillis(Math.min(...times))
    .toUTC()
    .startOf(unit)
    .toMillis();
  const to = DateTime.fromMillis(Math.max(...times))
    .toUTC()
    .startOf(unit)
    .plus(step)
    .toMillis();
  const width = Math.round(((to - from) / DAY) * pxPerDay);
  const x = (ms: number) => ((ms - from) / DAY) * pxPerDay;
  const ticks: number[] = [];
  for (let m = DateTime.fromMillis(from).toUTC(); m.toMillis() < to; m = m.plus(step)) ticks.push(m.toMillis());
  const height = HEAD + rows.length * ROW;
  return (
    <Box borderWidth="1px" borderRadius="md" bg="bg.panel" overflow="auto" maxH="70vh" tabIndex={0} role="region" aria-label={t('schoolsUi.gantt.title')} data-testid="gantt-chart">
      <Flex minW="max-content">
        <Box position="sticky" left="0" zIndex="1" bg="bg.panel" borderRightWidth="1px" w={`${LABEL}px`} flexShrink={0}>
          <Box h={`${HEAD}px`} borderBottomWidth="1px" />
          {rows.map(({ a }) => {
            const student = lang === 'en' && a.archive?.userName ? a.archive.userName : (a.archive?.name ?? '');
            return (
              <Flex key={a.id} h={`${ROW}px`} align="center" px="2" borderBottomWidth="1px" fontSize="xs" gap="1" data-testid="gantt-row">
                <Text truncate>
                  <Link color="fg.link" href={`#/application-progress/form/${encodeURIComponent(a.id)}`} onClick={(e) => (e.preventDefault(), navigate(`/application-progress/form/${encodeURIComponent(a.id)}`))}>
                    {student}
                  </Link>
                  {` · ${schoolName(a.school, lang)}`}
                </Text>
              </Flex>
            );
          })}
        </Box>
        <svg width={width} height={height} role="img" aria-label={t('schoolsUi.gantt.title')}>
          {ticks.map((m) => (
            <g key={m} data-testid="gantt-tick">
              <line x1={x(m)} x2={x(m)} y1={16} y2={height} stroke="var(--chakra-colors-border)" />
              <text x={x(m) + 4} y={HEAD - 8} fontSize="11" fill="var(--chakra-colors-fg-muted)" data-testid="gantt-tick-label">
                {DateTime.fromMillis(m)
                  .toUTC()
                  .toFormat(format[lang === 'zh' ? 'zh' : 'en'])}
              </text>
            </g>
          ))}
          {rows.map(({ a, marks, start }, i) => {
            const y = HEAD + i * ROW + ROW / 2;
            const end = Math.max(start, ...marks.map((m) => m.at));
            return (
              <g key={a.id}>
                <line x1={0} x2={width} y1={HEAD + (i + 1) * ROW} y2={HEAD + (i + 1) * ROW} stroke="var(--chakra-colors-border)" />
                <rect x={x(start)} y={y - 4} width={Math.max(2, x(end) - x(start))} height={8} rx={4} fill={a.state === 'APPLYING' ? 'var(--chakra-colors-blue-100)' : 'var(--chakra-colors-gray-200)'} />
                {marks.map((m) => (
                  <g key={m.kind}>
                    <title>{`${m.label} ${m.kind === 'deadline' ? fmt.date(new Date(m.at).toISOString().slice(0, 10)) : fmt.dateTime(new Date(m.at))}`}</title>
                    <Marker mark={m} x={x(m.at)} y={y} />
                  </g>
                ))}
              </g>
            );
          })}
          <line x1={x(today)} x2={x(today)} y1={HEAD} y2={height} stroke="var(--chakra-colors-orange-600)" strokeWidth={2} data-testid="gantt-today" />
          <line x1={x(today)} x2={x(today)} y1={0} y2={14} stroke="var(--chakra-colors-orange-600)" strokeWidth={2} />
          <text x={x(today) + 4} y={11} fontSize="10" fontWeight="bold" fill="var(--chakra-colors-orange-700)" data-testid="gantt-today-label">
            {t('schoolsUi.gantt.today')}
          </text>
        </svg>
      </Flex>
    </Box>
  );
}

function Legend() {
  const { t } = useTranslation();
  const kinds: Array<Mark['kind']> = ['deadline', 'interview', 'submitted', 'result'];
  return (
    <Flex gap="4" wrap="wrap" fontSize="xs" color="fg.muted">
      {kinds.map((k) => (
        <Flex key={k} align="center" gap="1">
          <svg width="16" height="16" aria-hidden>
            <Marker mark={{ kind: k, at: 0, label: '' }} x={8} y={8} />
          </svg>
          {t(`schoolsUi.gantt.${k}`)}
        </Flex>
      ))}
    </Flex>
  );
}

/** The chart's facts as a table (the same marks, one row per application): for reading and screen readers. */
function GanttTable({ apps }: { apps: App[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const rows = useMemo(() => apps.map((a) => ({ a, marks: new Map(marksOf(a, t).map((m) => [m.kind, m])) })), [apps, t]);
  type Row = (typeof rows)[number];
  const at = (r: Row, kind: Mark['kind']) => {
    const m = r.marks.get(kind);
    if (!m) return '—';
    return kind === 'deadline' ? fmt.date(new Date(m.at).toISOString().slice(0, 10)) : fmt.dateTime(new Date(m.at));
  };
  const columns: Array<Column<Row>> = [
    { key: 'student', header: t('schoolsUi.app.student'), card: 'title', render: (r) => (lang === 'en' && r.a.archive?.userName ? r.a.archive.userName : (r.a.archive?.name ?? '')) },
    { key: 'school', header: t('schoolsUi.app.school'), card: 'fact', render: (r) => schoolName(r.a.school, lang) },
    { key: 'state', header: t('schoolsUi.app.state'), card: 'state', render: (r) => t(`schoolsUi.state.${r.a.state}`) },
    { key: 'added', header: t('schoolsUi.gantt.added'), card: 'fact', hideBelow: 1200, render: (r) => fmt.date((r.a.createdAt as string).slice(0, 10)) },
    { key: 'deadline', header: t('schoolsUi.gantt.deadline'), card: 'fact', render: (r) => at(r, 'deadline') },
    { key: 'interview', header: t('schoolsUi.gantt.interview'), card: 'fact', render: (r) => at(r, 'interview') },
    { key: 'submitted', header: t('schoolsUi.gantt.submitted'), card: 'fact', render: (r) => at(r, 'submitted') },
    { key: 'result', header: t('schoolsUi.gantt.result'), card: 'fact', render: (r) => at(r, 'result') },
  ];
  return (
    <DataTable
      label={t('schoolsUi.gantt.title')}
      columns={columns}
      rows={rows}
      rowId={(r) => r.a.id}
      rowLabel={(r) => `${r.a.archive?.name ?? ''} · ${schoolName(r.a.school, lang)}`}
      onOpen={(r) => navigate(`/application-progress/form/${encodeURIComponent(r.a.id)}`)}
      testId="gantt-table"
    />
  );
}

function Results({ queryRef, title, toolbar }: { queryRef: PreloadedQuery<GanttQuery>; title: (apps: App[]) => string; toolbar: ReactNode }) {
  const { t } = useTranslation();
  const root = usePreloadedQuery<GanttQuery>(ganttQuery, queryRef);
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(ganttFragment, root as Gantt_query$key);
  const apps = useMemo(() => data.applications.edges.map((e) => e.node).filter((n): n is App => n != null), [data]);
  const [today] = useState(() => Date.now());
  const [asTable, setAsTable] = useState(false);
  const [scale, setScale] = useState<Scale>('month');
  const total = data.applications.totalCount ?? apps.length;
  return (
    <Stack gap="2">
      <Heading size="lg" data-testid="gantt-title">
        {title(apps)}
      </Heading>
      {toolbar}
      <Flex gap="3" wrap="wrap" align="center">
        <Legend />
        <Flex gap="3" wrap="wrap" ms="auto">
          {!asTable && (
            <SegmentGroup.Root size="xs" value={scale} onValueChange={(e) => setScale(e.value as Scale)} aria-label={t('schoolsUi.gantt.scale')}>
              <SegmentGroup.Indicator />
              <SegmentGroup.Items items={(Object.keys(SCALES) as Scale[]).map((k) => ({ value: k, label: <span data-testid={`gantt-scale-${k}`}>{t(`schoolsUi.gantt.scale.${k}`)}</span> }))} />
            </SegmentGroup.Root>
          )}
          <SegmentGroup.Root size="xs" value={asTable ? 'table' : 'chart'} onValueChange={(e) => setAsTable(e.value === 'table')} aria-label={t('schoolsUi.gantt.show')}>
            <SegmentGroup.Indicator />
            <SegmentGroup.Items
              items={[
                { value: 'chart', label: <span data-testid="gantt-as-chart">{t('schoolsUi.gantt.chart')}</span> },
                { value: 'table', label: <span data-testid="gantt-as-table">{t('schoolsUi.gantt.table')}</span> },
              ]}
            />
          </SegmentGroup.Root>
        </Flex>
      </Flex>
      {total > apps.length && (
        <Text fontSize="sm" color="fg.muted" data-testid="gantt-partial">
          {t('schoolsUi.gantt.partial', { shown: apps.length, total })}
        </Text>
      )}
      {!apps.length ? (
        <DataTable label={t('schoolsUi.gantt.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} empty={{ title: t('schoolsUi.gantt.empty') }} />
      ) : asTable ? (
        <GanttTable apps={apps} />
      ) : (
        <Chart apps={apps} today={today} scale={scale} />
      )}
      {apps.length > 0 && <LoadMore shown={apps.length} total={total} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(PAGE)} testId="gantt-more" />}
    </Stack>
  );
}

function GanttView({ archiveId }: { archiveId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLang();
  const [search, setSearch] = useState('');
  const filter = useMemo(() => (archiveId ? { archiveId } : search ? { search } : {}), [archiveId, search]);
  const { queryRef, load, retry } = useRouteQuery(ganttRoute, { filter });
  const [, startTransition] = useTransition();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  return (
    <Stack gap="3" data-testid="gantt">
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('schoolsUi.gantt.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading />}>
          <Results
            queryRef={queryRef}
            toolbar={
              archiveId ? (
                <Link color="fg.link" fontSize="sm" href="#/gantt" onClick={(e) => (e.preventDefault(), navigate('/gantt'))} data-testid="gantt-all">
                  {t('schoolsUi.gantt.all')}
                </Link>
              ) : (
                <Flex gap="2" wrap="wrap" align="center">
                  <Input
                    size="sm"
                    maxW="72"
                    aria-label={t('schoolsUi.app.search')}
                    placeholder={t('schoolsUi.app.search')}
                    onKeyDown={(e) => e.key === 'Enter' && setSearch(e.currentTarget.value.trim())}
                    onBlur={(e) => setSearch(e.target.value.trim())}
                    defaultValue={search}
                    data-testid="gantt-search"
                  />
                  <Box flex="1" minW={{ base: 'full', md: '96' }} maxW="2xl">
                    <StudentSelect value={null} onChange={(o) => o && navigate(`/gantt/student/${encodeURIComponent(o.id)}`)} label={t('schoolsUi.gantt.openStudent')} testId="gantt-student" />
                  </Box>
                </Flex>
              )
            }
            title={(apps) => {
              const a = apps[0]?.archive;
              return archiveId && a ? t('schoolsUi.gantt.studentTitle', { name: lang === 'en' && a.userName ? a.userName : a.name }) : t('schoolsUi.gantt.title');
            }}
          />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}

/**
 * 甘特图 (`/gantt`): each application's timeline (added, deadline, interview, submission, result)
 * on a time axis with today marked, drawn with SVG; searched by student or school.
 */
export default function Gantt() {
  return <GanttView archiveId={null} />;
}

/** 学员甘特图 (`/gantt/student/:id`, an Archive id): one student's applications. */
export function StudentGantt() {
  const params = useMenuParams();
  return <GanttView archiveId={params.id ?? ''} />;
}
