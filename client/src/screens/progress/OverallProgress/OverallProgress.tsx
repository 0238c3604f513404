import { Badge as Tag, Box, Flex, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Suspense, useEffect, useMemo, useRef, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DataTable, LoadMore } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter, type FilterChip } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { gradeName, schoolName } from '../../schools/shared/codes.ts';
import { STATE_PALETTE, STATES, type AppState } from '../shared/codes.ts';
import { OVERALL_DEFAULTS, overallFilterOf, overallProgressRoute, PAGE_SIZES, pageSizeOf } from './OverallProgress.route.ts';
import type { OverallProgress_query$data, OverallProgress_query$key } from './__generated__/OverallProgress_query.graphql.ts';
import type { OverallProgressQuery } from './__generated__/OverallProgressQuery.graphql.ts';

const overallQuery = graphql`
  query OverallProgressQuery($filter: OverallProgressFilter, $first: Int!) {
    ...OverallProgress_query @arguments(filter: $filter, first: $first)
  }
`;

const overallFragment = graphql`
  fragment OverallProgress_query on Query @refetchable(queryName: "OverallProgressPaginationQuery") @argumentDefinitions(filter: { type: "OverallProgressFilter" }, first: { type: "Int!" }, after: { type: "String" }) {
    overallProgress(filter: $filter, first: $first, after: $after) @connection(key: "OverallProgress_overallProgress", filters: ["filter"]) {
      totalCount
      edges {
        node {
          archiveId
          name
          userName
          grade
          year
          progress
          consultant {
            name
            nameEn
          }
          applications {
            id
            state
            progress
            school {
              name
              chineseName
            }
          }
        }
      }
    }
  }
`;

type Student = NonNullable<OverallProgress_query$data['overallProgress']['edges'][number]['node']>;

const ROW = 52;
const STUDENT_COL = 200;
const PROGRESS_COL = 72;
const APP_COL = 168;

function Grid({ query, stale, pageSize }: { query: OverallProgress_query$key; stale: boolean; pageSize: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(overallFragment, query);
  const students = useMemo(() => data.overallProgress.edges.map((e) => e.node).filter((n): n is Student => n != null), [data]);
  const slots = Math.max(1, ...students.map((s) => s.applications.length));
  const scroller = useRef<HTMLDivElement>(null);
  // TanStack Virtual returns fresh functions each render: the React Compiler leaves this component unmemoised, as it should.
  // eslint-disable-next-line react-hooks/incompatible-library
  const rows = useVirtualizer({ count: students.length, getScrollElement: () => scroller.current, estimateSize: () => ROW, overscan: 12 });
  const width = STUDENT_COL + PROGRESS_COL + slots * APP_COL;
  const columns = `${STUDENT_COL}px ${PROGRESS_COL}px repeat(${slots}, ${APP_COL}px)`;
  const cellBase = { px: '2', borderBottomWidth: '1px', borderRightWidth: '1px', display: 'flex', alignItems: 'center', minW: '0' } as const;
  if (!students.length) return <DataTable label={t('schoolsUi.overall.table')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} empty={{ title: t('schoolsUi.overall.empty') }} testId="overall-table" />;
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted" data-testid="overall-total">
        {t('schoolsUi.overall.students', { shown: students.length, total: data.overallProgress.totalCount })}
      </Text>
      {/* The students × applications table: sticky header and first column, rows virtualised (TanStack Virtual). */}
      <Box
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={t('schoolsUi.overall.table')}
        overflow="auto"
        h={{ base: '60vh', md: 'calc(100vh - 300px)' }}
        minH="320px"
        borderWidth="1px"
        borderRadius="md"
        bg="bg.panel"
        opacity={stale ? 0.6 : 1}
        data-testid="overall-scroller"
      >
        <Box role="table" aria-label={t('schoolsUi.overall.table')} aria-rowcount={students.length + 1} w={`${width}px`} position="relative">
          <Box role="rowgroup" position="sticky" top="0" zIndex="2">
            <Box role="row" aria-rowindex={1} display="grid" gridTemplateColumns={columns} h="9" bg="bg.subtle" fontSize="xs" fontWeight="semibold" color="fg.muted">
              <Box role="columnheader" {...cellBase} position="sticky" left="0" bg="bg.subtle" zIndex="3">
                {t('schoolsUi.app.student')}
              </Box>
              <Box role="columnheader" {...cellBase}>
                {t('schoolsUi.app.progress')}
              </Box>
              {Array.from({ length: slots }, (_, i) => (
                <Box role="columnheader" key={i} {...cellBase}>
                  {t('schoolsUi.overall.application', { n: i + 1 })}
                </Box>
              ))}
            </Box>
          </Box>
          <Box role="rowgroup" position="relative" h={`${rows.getTotalSize()}px`}>
            {rows.getVirtualItems().map((v) => {
              const s = students[v.index]!;
              const name = lang === 'en' && s.userName ? s.userName : s.name;
              return (
                <Box
                  role="row"
                  aria-rowindex={v.index + 2}
                  key={s.archiveId}
                  display="grid"
                  gridTemplateColumns={columns}
                  position="absolute"
                  top="0"
                  left="0"
                  h={`${ROW}px`}
                  transform={`translateY(${v.start}px)`}
                  fontSize="sm"
                  _hover={{ bg: 'bg.subtle' }}
                  data-testid="overall-row"
                >
                  <Box role="rowheader" {...cellBase} position="sticky" left="0" bg="bg.panel" zIndex="1" flexDirection="column" alignItems="flex-start" justifyContent="center">
                    <Text fontWeight="medium" truncate maxW="full">
                      {name}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" truncate maxW="full">
                      {[s.grade != null ? gradeName(s.grade, t) : null, s.year, s.consultant ? personName(s.consultant, lang) : null].filter(Boolean).join(' · ')}
                    </Text>
                  </Box>
                  <Box role="cell" {...cellBase} justifyContent="flex-end" fontVariantNumeric="tabular-nums">{`${s.progress}%`}</Box>
                  {Array.from({ length: slots }, (_, i) => {
                    const a = s.applications[i];
                    return (
                      <Box role="cell" key={i} {...cellBase} gap="1.5">
                        {a && (
                          <>
                            <Box w="1" alignSelf="stretch" my="2" borderRadius="full" bg={`${STATE_PALETTE[a.state as AppState] ?? 'gray'}.solid`} flexShrink={0} aria-hidden />
                            <Box minW="0" flex="1">
                              <Link
                                href={`#/application-progress/form/${encodeURIComponent(a.id)}`}
                                onClick={(e) => (e.preventDefault(), navigate(`/application-progress/form/${encodeURIComponent(a.id)}`))}
                                display="block"
                                truncate
                                fontSize="xs"
                                color="fg.link"
                              >
                                {schoolName(a.school, lang)}
                              </Link>
                              <Text fontSize="xs" color="fg.muted" truncate>{`${t(`schoolsUi.state.${a.state}`)} · ${a.progress}%`}</Text>
                            </Box>
                          </>
                        )}
                      </Box>
                    );
                  })}
                </Box>
              );
            })}
          </Box>
        </Box>
      </Box>
      <LoadMore shown={students.length} total={data.overallProgress.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(pageSize)} testId="overall-more" />
    </Stack>
  );
}

function Results({ queryRef, stale, pageSize }: { queryRef: PreloadedQuery<OverallProgressQuery>; stale: boolean; pageSize: number }) {
  const data = usePreloadedQuery<OverallProgressQuery>(overallQuery, queryRef);
  return <Grid query={data} stale={stale} pageSize={pageSize} />;
}

/**
 * 总体进度 (`/overall-progress`): every student with applications × their applications, each
 * with its school, state and progress; sticky header and student column, rows virtualised so a
 * page of 500 students × 8 applications scrolls smoothly (docs/schools-ui.md).
 */
export default function OverallProgress() {
  const { t } = useTranslation();
  const [state, setState] = useUrlState<keyof typeof OVERALL_DEFAULTS>(OVERALL_DEFAULTS);
  const filter = useMemo(() => overallFilterOf(state), [state]);
  const first = pageSizeOf(state.size);
  const { queryRef, load, retry } = useRouteQuery(overallProgressRoute, { filter, first });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify({ filter, first });
  useEffect(() => {
    if (JSON.stringify({ filter: queryRef.variables.filter ?? {}, first: queryRef.variables.first }) !== key) startTransition(() => load(JSON.parse(key) as { filter: typeof filter; first: number }));
  }, [key, load, queryRef.variables.filter, queryRef.variables.first]);
  const chips: FilterChip[] = [];
  if (state.q) chips.push({ key: 'q', label: t('schoolsUi.overall.search'), value: state.q, onRemove: () => setState({ q: '' }) });
  if (state.state) chips.push({ key: 'state', label: t('schoolsUi.app.state'), value: t(`schoolsUi.state.${state.state}`), onRemove: () => setState({ state: '' }) });
  if (state.year) chips.push({ key: 'year', label: t('schoolsUi.app.year'), value: state.year, onRemove: () => setState({ year: '' }) });
  return (
    <Stack gap="3" data-testid="overall-progress">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading size="lg" flex="1">
          {t('schoolsUi.overall.title')}
        </Heading>
        <Flex gap="1" align="center" flexWrap="wrap" fontSize="xs" aria-hidden>
          {STATES.map((s) => (
            <Tag key={s} colorPalette={STATE_PALETTE[s]} variant="subtle">
              {t(`schoolsUi.state.${s}`)}
            </Tag>
          ))}
        </Flex>
      </Flex>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <FilterBar
          search={state.q}
          onSearch={(q) => setState({ q })}
          searchLabel={t('schoolsUi.overall.search')}
          chips={chips}
          onClearAll={() => setState({ ...OVERALL_DEFAULTS, size: state.size })}
          testId="overall-filters"
          primary={
            <>
              <SelectFilter
                label={t('schoolsUi.app.state')}
                all={`${t('schoolsUi.app.state')}: ${t('schoolsUi.all')}`}
                value={state.state}
                onChange={(s) => setState({ state: s })}
                options={STATES.map((s) => ({ value: s, label: t(`schoolsUi.state.${s}`) }))}
                testId="overall-state"
              />
              <Input
                size="sm"
                width="32"
                inputMode="numeric"
                aria-label={t('schoolsUi.app.year')}
                placeholder={t('schoolsUi.app.year')}
                defaultValue={state.year}
                key={state.year}
                onBlur={(e) => e.target.value.trim() !== state.year && setState({ year: e.target.value.trim() })}
                onKeyDown={(e) => e.key === 'Enter' && setState({ year: e.currentTarget.value.trim() })}
                data-testid="overall-year"
              />
              <SelectFilter
                label={t('schoolsUi.overall.pageSize')}
                all={`${t('schoolsUi.overall.pageSize')}: ${PAGE_SIZES[0]}`}
                value={state.size}
                onChange={(size) => setState({ size })}
                options={PAGE_SIZES.slice(1).map((n) => ({ value: String(n), label: `${t('schoolsUi.overall.pageSize')}: ${n}` }))}
                testId="overall-size"
              />
            </>
          }
        />
      </Box>
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('schoolsUi.overall.table')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="overall-table" />}>
          <Results queryRef={queryRef} stale={pending} pageSize={first} />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}
