import { Chart, useChart } from '@chakra-ui/charts';
import { Badge, Box, Button, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { BookOpen, CalendarDays, Clock, ListTodo, Mail, Megaphone } from 'lucide-react';
import { DateTime } from 'luxon';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { personName, PriorityBadge } from '../../../components/task/TaskBadges.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { homeRoute, homeVariables } from './Home.route.ts';
import type { HomeQuery, HomeQuery$data } from './__generated__/HomeQuery.graphql.ts';

const homeQuery = graphql`
  query HomeQuery($from: DateTime!, $to: DateTime!, $weekFrom: Date!, $weekTo: Date!) {
    viewer {
      team: can(right: "schedule.manage")
      user {
        name
        nameEn
      }
    }
    calendar(from: $from, to: $to) {
      occurrences {
        eventId
        title
        startAt
        endAt
        allDay
        event {
          lesson {
            id
          }
        }
      }
    }
    tasks(filter: { role: ASSIGNED_TO_ME, state: INCOMPLETE }, first: 6) {
      totalCount
      edges {
        node {
          id
          title
          priority
          project {
            name
            nameEn
          }
        }
      }
    }
    unreadLetterCount
    myLetters(readState: UNREAD, first: 5) {
      edges {
        node {
          id
          title
          sentAt
          sender {
            name
            nameEn
          }
        }
      }
    }
    notices(first: 5) {
      edges {
        node {
          id
          title
          publishedAt
        }
      }
    }
    workStatistics(from: $weekFrom, to: $weekTo, groupBy: PERSON) {
      __typename
      ... on WorkStatistics {
        rows {
          key
          name
          nameEn
          hours
        }
        total {
          hours
        }
      }
      ... on Error {
        message
      }
    }
    projectsEnding: projects(filter: { excludeStates: [FINISHED, CANCELLED] }, first: 100) {
      edges {
        node {
          id
          name
          nameEn
          endDate
        }
      }
    }
  }
`;

function Panel({ title, icon, count, children, action, testId }: { title: string; icon: ReactNode; count?: number; children: ReactNode; action?: ReactNode; testId: string }) {
  return (
    <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="lg" p="4" aria-label={title} data-testid={testId} minW="0">
      <Flex align="center" gap="2" mb="3">
        {icon}
        <Heading size="sm" flex="1">
          {title}
        </Heading>
        {count !== undefined && count > 0 && (
          <Badge colorPalette="red" variant="solid">
            {count}
          </Badge>
        )}
        {action}
      </Flex>
      {children}
    </Box>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <Text color="fg.subtle" fontSize="sm">
      {children}
    </Text>
  );
}

function Row({ onClick, children, testId }: { onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <Flex as="button" textAlign="left" w="full" gap="2" py="1.5" px="1" borderRadius="sm" align="center" _hover={{ bg: 'bg.subtle' }} onClick={onClick} data-testid={testId} minW="0">
      {children}
    </Flex>
  );
}

type Stats = { rows: NonNullable<HomeQuery$data['workStatistics']['rows']>; total: NonNullable<HomeQuery$data['workStatistics']['total']> };

function TeamHours({ stats }: { stats: Stats }) {
  const { t } = useTranslation();
  const lang = useLang();
  const data = useMemo(() => stats.rows.filter((r) => r.hours > 0).map((r) => ({ name: (lang === 'en' && r.nameEn) || r.name || '—', hours: Math.round(r.hours * 10) / 10 })), [stats, lang]);
  const chart = useChart({ data, series: [{ name: 'hours', color: 'blue.solid', label: t('contentUi.home.hours') }] });
  if (!data.length) return <Empty>{t('contentUi.home.noHours')}</Empty>;
  return (
    <Stack gap="2">
      <Box as="figure" aria-label={t('contentUi.home.teamHours')} data-testid="home-team-chart">
        <Chart.Root maxH="xs" chart={chart}>
          <BarChart data={chart.data} responsive style={{ width: '100%', height: '100%' }}>
            <CartesianGrid stroke={chart.color('border')} vertical={false} />
            <XAxis dataKey={'name'} tickLine={false} interval={0} tick={{ fontSize: 11 }} />
            <YAxis tickLine={false} axisLine={false} width={32} />
            <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
            <Bar isAnimationActive={false} maxBarSize={56} dataKey={chart.key('hours')} fill={chart.color('blue.solid')} name={t('contentUi.home.hours')} />
          </BarChart>
        </Chart.Root>
      </Box>
      {/* The same numbers as text, for screen readers and narrow screens. */}
      <Flex as="ul" gap="3" wrap="wrap" fontSize="sm" color="fg.muted" listStyleType="none" data-testid="home-team-rows">
        {data.map((d) => (
          <li key={d.name}>{t('contentUi.home.personHours', { name: d.name, hours: d.hours })}</li>
        ))}
      </Flex>
    </Stack>
  );
}

/**
 * 首页 (`/home`): the viewer's day at a glance (docs/projects-ui.md). Today's events and lessons,
 * open tasks, unread letters, the latest notices, deadlines of the coming week (projects ending),
 * and the hours logged this week: the team's as a chart for those who manage the schedule, one's
 * own otherwise.
 */
export default function Home() {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  const { queryRef } = useRouteQuery(homeRoute, homeVariables());
  const data = usePreloadedQuery<HomeQuery>(homeQuery, queryRef);
  const vars = queryRef.variables;
  const deadlineTo = DateTime.fromISO(vars.from, { setZone: true }).plus({ days: 7 }).toISODate() ?? '';
  const today = [...data.calendar.occurrences].sort((a, b) => String(a.startAt).localeCompare(String(b.startAt)));
  const tasks = data.tasks.edges.map((e) => e.node);
  const letters = data.myLetters.edges.map((e) => e.node);
  const notices = data.notices.edges.map((e) => e.node);
  const ending = data.projectsEnding.edges
    .map((e) => e.node)
    .filter((p) => p.endDate && (p.endDate as string) >= vars.from.slice(0, 10) && (p.endDate as string) <= deadlineTo)
    .sort((a, b) => String(a.endDate).localeCompare(String(b.endDate)));
  const w = data.workStatistics;
  const stats: Stats | null = w.rows && w.total ? { rows: w.rows, total: w.total } : null;
  const open = (path: string) => () => navigate(path);
  return (
    <Stack gap="4" data-testid="home">
      <Box>
        <Heading size="lg">{t('contentUi.home.hello', { name: personName(data.viewer.user, lang) })}</Heading>
        <Text color="fg.muted">{fmt.date(vars.from)}</Text>
      </Box>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr', xl: 'repeat(3, 1fr)' }} gap="4" alignItems="start">
        <Panel
          title={t('contentUi.home.today')}
          icon={<CalendarDays size={18} />}
          testId="home-today"
          action={
            <Button size="xs" variant="ghost" onClick={open('/working')}>
              {t('contentUi.home.calendar')}
            </Button>
          }
        >
          {!today.length && <Empty>{t('contentUi.home.nothingToday')}</Empty>}
          {today.map((o) => (
            <Row key={`${o.eventId}-${String(o.startAt)}`} onClick={open('/working')} testId="home-event">
              {o.event?.lesson ? <BookOpen size={14} aria-label={t('contentUi.home.lesson')} /> : <Clock size={14} aria-hidden />}
              <Text fontSize="sm" color="fg.muted" flexShrink={0} minW="24">
                {o.allDay ? t('contentUi.home.allDay') : `${fmt.time(o.startAt as string)}–${fmt.time(o.endAt as string)}`}
              </Text>
              <Text fontSize="sm" truncate>
                {o.title}
              </Text>
            </Row>
          ))}
        </Panel>
        <Panel
          title={t('contentUi.home.tasks')}
          icon={<ListTodo size={18} />}
          count={data.tasks.totalCount}
          testId="home-tasks"
          action={
            <Button size="xs" variant="ghost" onClick={open('/mission/task-list')}>
              {t('contentUi.home.all')}
            </Button>
          }
        >
          {!tasks.length && <Empty>{t('contentUi.home.noTasks')}</Empty>}
          {tasks.map((task) => (
            <Row key={task.id} onClick={open(`/mission/details/${encodeURIComponent(task.id)}`)} testId="home-task">
              <PriorityBadge priority={task.priority} />
              <Text fontSize="sm" truncate flex="1">
                {task.title}
              </Text>
              <Text fontSize="xs" color="fg.muted" truncate maxW="32" hideBelow="sm">
                {personName(task.project, lang)}
              </Text>
            </Row>
          ))}
        </Panel>
        <Panel
          title={t('contentUi.home.letters')}
          icon={<Mail size={18} />}
          count={data.unreadLetterCount}
          testId="home-letters"
          action={
            <Button size="xs" variant="ghost" onClick={open('/notice?tab=letters')}>
              {t('contentUi.home.all')}
            </Button>
          }
        >
          {!letters.length && <Empty>{t('contentUi.home.noLetters')}</Empty>}
          {letters.map((l) => (
            <Row key={l.id} onClick={open(`/notification/detail/${encodeURIComponent(l.id)}`)} testId="home-letter">
              <Text fontSize="sm" fontWeight="semibold" truncate flex="1">
                {l.title}
              </Text>
              <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                {personName(l.sender, lang)}
              </Text>
            </Row>
          ))}
        </Panel>
        <Panel
          title={t('contentUi.home.notices')}
          icon={<Megaphone size={18} />}
          testId="home-notices"
          action={
            <Button size="xs" variant="ghost" onClick={open('/notice')}>
              {t('contentUi.home.all')}
            </Button>
          }
        >
          {!notices.length && <Empty>{t('contentUi.home.noNotices')}</Empty>}
          {notices.map((n) => (
            <Row key={n.id} onClick={open(`/notification/detail/${encodeURIComponent(n.id)}`)} testId="home-notice">
              <Text fontSize="sm" truncate flex="1">
                {n.title}
              </Text>
              <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                {fmt.date(n.publishedAt as string)}
              </Text>
            </Row>
          ))}
        </Panel>
        {
          <Panel title={t('contentUi.home.deadlines')} icon={<CalendarDays size={18} />} testId="home-deadlines">
            {!ending.length && <Empty>{t('contentUi.home.noDeadlines')}</Empty>}
            {ending.map((p) => (
              <Row key={p.id} onClick={open(`/project/detail/${encodeURIComponent(p.id)}`)} testId="home-deadline">
                <Text fontSize="sm" color="fg.muted" flexShrink={0} minW="24">
                  {fmt.date(p.endDate as string)}
                </Text>
                <Text fontSize="sm" truncate>
                  {t('contentUi.home.projectEnds', { name: personName(p, lang) })}
                </Text>
              </Row>
            ))}
          </Panel>
        }
        <Panel title={t(data.viewer.team ? 'contentUi.home.teamHours' : 'contentUi.home.myHours')} icon={<Clock size={18} />} testId="home-hours">
          {!stats && <Empty>{w.message ?? ''}</Empty>}
          {stats && data.viewer.team && <TeamHours stats={stats} />}
          {stats && !data.viewer.team && (
            <Text fontSize="2xl" fontWeight="semibold" data-testid="home-my-hours">
              {t('contentUi.home.hoursValue', { hours: Math.round(stats.total.hours * 10) / 10 })}
            </Text>
          )}
          {data.viewer.team && (
            <Button size="xs" variant="plain" color="fg.link" px="0" onClick={open('/mission/summary')}>
              {t('contentUi.home.summary')}
            </Button>
          )}
        </Panel>
      </Grid>
    </Stack>
  );
}
