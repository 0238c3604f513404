import { Chart, useChart } from '@chakra-ui/charts';
import { Box, Flex, Heading, NativeSelect, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ScreenError } from '../../../components/ErrorBoundary.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { sessionUser } from '../../../state/session.ts';
import { defaultSpan, projectCostRoute } from './ProjectCost.route.ts';
import type { ProjectCostMonthQuery } from './__generated__/ProjectCostMonthQuery.graphql.ts';
import type { ProjectCostQuery } from './__generated__/ProjectCostQuery.graphql.ts';

const costQuery = graphql`
  query ProjectCostQuery($from: Date!, $to: Date!) {
    projects(first: 500) {
      edges {
        node {
          id
          databaseId
          name
          nameEn
          code
        }
      }
    }
    # Which projects have hours in the default span: the screen opens on the one with the most.
    workStatistics(from: $from, to: $to, groupBy: PROJECT) {
      ... on WorkStatistics {
        rows {
          key
          hours
        }
      }
    }
  }
`;

const monthQuery = graphql`
  query ProjectCostMonthQuery($from: Date!, $to: Date!, $projectId: ID!) {
    workStatistics(from: $from, to: $to, groupBy: PERSON, projectId: $projectId) {
      __typename
      ... on WorkStatistics {
        rows {
          key
          name
          nameEn
          hours
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const COLOURS = ['blue.solid', 'green.solid', 'orange.solid', 'purple.solid', 'teal.solid', 'pink.solid', 'cyan.solid', 'yellow.solid', 'red.solid', 'gray.solid'];
const SPANS = [3, 6, 12] as const;

type PersonRow = { key: string; name: string; byMonth: Record<string, number>; total: number };

/** The months (yyyy-MM) of the last `span` months up to this one, in the viewer's zone. */
function monthsOf(span: number): string[] {
  const now = DateTime.now().setZone(sessionUser.get()?.timeZone).startOf('month');
  return Array.from({ length: span }, (_, i) => now.minus({ months: span - 1 - i }).toFormat('yyyy-MM'));
}

const round = (n: number) => Math.round(n * 10) / 10;

function CostChart({ rows, months }: { rows: PersonRow[]; months: string[] }) {
  const { t } = useTranslation();
  const top = rows.slice(0, 9);
  const rest = rows.slice(9);
  const data = months.map((m) => {
    const point: Record<string, string | number> = { month: m };
    top.forEach((r, i) => (point[`s${i}`] = r.byMonth[m] ?? 0));
    if (rest.length) point.others = round(rest.reduce((n, r) => n + (r.byMonth[m] ?? 0), 0));
    return point;
  });
  const chart = useChart({
    data,
    series: [...top.map((r, i) => ({ name: `s${i}`, label: r.name, color: COLOURS[i], stackId: 'h' })), ...(rest.length ? [{ name: 'others', label: t('contentUi.cost.others'), color: COLOURS[9], stackId: 'h' }] : [])],
  });
  return (
    <Box as="figure" aria-label={t('contentUi.cost.chart')} data-testid="cost-chart">
      <Chart.Root maxH="sm" chart={chart}>
        <BarChart data={chart.data} responsive style={{ width: '100%', height: '100%' }}>
          <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
          <XAxis axisLine={false} tickLine={false} dataKey={chart.key('month')} />
          <YAxis axisLine={false} tickLine={false} width={36} />
          <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
          <Legend content={<Chart.Legend />} />
          {chart.series.map((s) => (
            <Bar key={s.name} isAnimationActive={false} maxBarSize={56} dataKey={chart.key(s.name)} fill={chart.color(s.color)} stackId={s.stackId} name={String(s.label)} />
          ))}
        </BarChart>
      </Chart.Root>
    </Box>
  );
}

/**
 * 项目成本 (`/project/cost`): the hours logged on one project (schedule entries, by person and
 * month, from the schedule's statistics) over the last 3, 6 or 12 months, as a stacked chart and
 * the same numbers as a table. Who sees whose hours is the server's rule (managers everyone's,
 * a project's manager that project's, others their own).
 */
export default function ProjectCost() {
  const { t } = useTranslation();
  const lang = useLang();
  const environment = useRelayEnvironment();
  const { queryRef } = useRouteQuery(projectCostRoute, defaultSpan());
  const data = usePreloadedQuery<ProjectCostQuery>(costQuery, queryRef);
  const projects = data.projects.edges.map((e) => e.node);
  const [url, setUrl] = useUrlState({ project: '', span: '6' });
  // Opens on the project with the most hours over the last six months (issue 32: it opened on one without data).
  const busiest = useMemo(() => {
    const rows = data.workStatistics.rows ?? [];
    const top = [...rows].filter((r) => r.key != null && r.hours > 0).sort((a, b) => b.hours - a.hours)[0];
    return projects.find((p) => p.databaseId === top?.key)?.id ?? null;
  }, [data, projects]);
  const projectId = url.project || busiest || projects[0]?.id || '';
  const noneHasData = !url.project && !busiest && projects.length > 0;
  const span = SPANS.includes(Number(url.span) as (typeof SPANS)[number]) ? Number(url.span) : 6;
  const months = useMemo(() => monthsOf(span), [span]);
  const [answer, setAnswer] = useState<{ key: string; rows: PersonRow[] } | { key: string; error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = `${projectId}|${months.join(',')}|${attempt}`;

  useEffect(() => {
    if (!projectId) return undefined;
    let live = true;
    Promise.all(
      months.map((m) => {
        const start = DateTime.fromFormat(m, 'yyyy-MM');
        return fetchQuery<ProjectCostMonthQuery>(environment, monthQuery, { from: start.toISODate()!, to: start.endOf('month').toISODate()!, projectId }, { fetchPolicy: 'network-only' })
          .toPromise()
          .then((d) => ({ month: m, stats: d?.workStatistics }));
      }),
    ).then(
      (answers) => {
        if (!live) return;
        const refused = answers.find((a) => !a.stats?.rows);
        if (refused) {
          // A typed refusal shows like a request failure: its (translated) message and a retry.
          setAnswer({ key, error: Object.assign(new Error(refused.stats?.message ?? t('transport.unknown')), { code: 'REFUSED' }) });
          return;
        }
        const people = new Map<string, PersonRow>();
        for (const { month, stats } of answers)
          for (const r of stats?.rows ?? []) {
            const id = String(r.key ?? '');
            const row = people.get(id) ?? { key: id, name: (lang === 'en' && r.nameEn) || r.name || '—', byMonth: {}, total: 0 };
            row.byMonth[month] = round((row.byMonth[month] ?? 0) + r.hours);
            row.total = round(row.total + r.hours);
            people.set(id, row);
          }
        setAnswer({ key, rows: [...people.values()].filter((r) => r.total > 0).sort((a, b) => b.total - a.total) });
      },
      (e: unknown) => live && setAnswer({ key, error: e }),
    );
    return () => {
      live = false;
    };
  }, [key, environment, months, projectId, lang, t]);

  const current = answer?.key === key ? answer : null;
  const totals = months.map((m) => round((current && 'rows' in current ? current.rows : []).reduce((n, r) => n + (r.byMonth[m] ?? 0), 0)));
  return (
    <Stack gap="3" data-testid="project-cost">
      <Heading size="lg">{t('contentUi.cost.title')}</Heading>
      <Flex gap="2" wrap="wrap" bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <NativeSelect.Root size="sm" width={{ base: 'full', sm: '80' }}>
          <NativeSelect.Field aria-label={t('contentUi.cost.project')} value={projectId} onChange={(e) => setUrl({ project: e.target.value })} data-testid="cost-project">
            {projects.map((p) => (
              <option key={p.id} value={p.id}>
                {`${lang === 'en' && p.nameEn ? p.nameEn : p.name} (${p.code})`}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" width="44">
          <NativeSelect.Field aria-label={t('contentUi.cost.span')} value={String(span)} onChange={(e) => setUrl({ span: e.target.value })} data-testid="cost-span">
            {SPANS.map((s) => (
              <option key={s} value={s}>
                {t('contentUi.cost.lastMonths', { count: s })}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Flex>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} minW="0">
        {!projectId && <Text color="fg.subtle">{t('contentUi.cost.noProjects')}</Text>}
        {noneHasData && (
          <Text color="fg.muted" mb="2" data-testid="cost-none-has-data">
            {t('contentUi.cost.noneHasData')}
          </Text>
        )}
        {projectId && !current && <Spinner />}
        {current && 'error' in current && <ScreenError error={current.error} onRetry={() => setAttempt((n) => n + 1)} compact />}
        {current && 'rows' in current && !current.rows.length && (
          <Text color="fg.subtle" data-testid="cost-empty">
            {t('contentUi.cost.empty')}
          </Text>
        )}
        {current && 'rows' in current && current.rows.length > 0 && (
          <Stack gap="4">
            <CostChart rows={current.rows} months={months} />
            <Box overflowX="auto" tabIndex={0} role="region" aria-label={t('contentUi.cost.table')}>
              <Table.Root size="sm" data-testid="cost-table">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('contentUi.cost.person')}</Table.ColumnHeader>
                    {months.map((m) => (
                      <Table.ColumnHeader key={m} textAlign="end">
                        {m}
                      </Table.ColumnHeader>
                    ))}
                    <Table.ColumnHeader textAlign="end">{t('contentUi.cost.total')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {current.rows.map((r) => (
                    <Table.Row key={r.key} data-testid="cost-row">
                      <Table.Cell>{r.name}</Table.Cell>
                      {months.map((m) => (
                        <Table.Cell key={m} textAlign="end">
                          {r.byMonth[m] ?? ''}
                        </Table.Cell>
                      ))}
                      <Table.Cell textAlign="end" fontWeight="semibold">
                        {r.total}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                  <Table.Row fontWeight="semibold">
                    <Table.Cell>{t('contentUi.cost.total')}</Table.Cell>
                    {totals.map((n, i) => (
                      <Table.Cell key={months[i]} textAlign="end">
                        {n || ''}
                      </Table.Cell>
                    ))}
                    <Table.Cell textAlign="end">{round(totals.reduce((a, b) => a + b, 0))}</Table.Cell>
                  </Table.Row>
                </Table.Body>
              </Table.Root>
            </Box>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
