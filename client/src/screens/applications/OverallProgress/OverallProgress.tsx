import { Badge as Tag, Box, Flex, Heading, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, Suspense, useEffect, useMemo, useRef, useState, useTransition } from 'react';
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
import { gradeName, schoolName } from '../../schools/index.ts';
import { STATE_PALETTE, STATES } from '../shared/codes.ts';
import { FIRST_PAGE, NEXT_PAGE, OVERALL_DEFAULTS, overallFilterOf, overallProgressRoute, PAGE_SIZES, pageSizeOf } from './OverallProgress.route.ts';
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

/**
 * One student's row: plain elements with inline positions and the scroller's class rules (no
 * style props), memoised, so a scroll renders only the rows that come into view (a Chakra style
 * prop per cell made every frame of the 500-row scroll slow).
 */
const StudentRow = memo(function StudentRow({ student: s, index, start, columns, slots, lang }: { student: Student; index: number; start: number; columns: string; slots: number; lang: 'zh' | 'en' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = lang === 'en' && s.userName ? s.userName : s.name;
  return (
    <div role="row" aria-rowindex={index + 2} className="op-row" style={{ gridTemplateColumns: columns, transform: `translateY(${start}px)` }} data-testid="overall-row">
      <div role="rowheader" className="op-cell op-student">
        <span className="op-name">{name}</span>
        <span className="op-sub">{[s.grade != null ? gradeName(s.grade, t) : null, s.year, s.consultant ? personName(s.consultant, lang) : null].filter(Boolean).join(' · ')}</span>
      </div>
      <div role="cell" className="op-cell op-num">{`${s.progress}%`}</div>
      {Array.from({ length: slots }, (_, i) => {
        const a = s.applications[i];
        return (
          <div role="cell" key={i} className="op-cell">
            {a && (
              <>
                <span className="op-mark" data-state={a.state} aria-hidden />
                <span className="op-app">
                  <a
                    href={`#/application-progress/form/${encodeURIComponent(a.id)}`}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(`/application-progress/form/${encodeURIComponent(a.id)}`);
                    }}
                  >
                    {schoolName(a.school, lang)}
                  </a>
                  <span className="op-sub">{`${t(`schoolsUi.state.${a.state}`)} · ${a.progress}%`}</span>
                </span>
              </>
            )}
          </div>
        );
      })}
    </div>
  );
});

/** The grid's rules, once on the scroller (semantic tokens as CSS variables). */
const GRID_CSS = {
  '& .op-row': { position: 'absolute', top: 0, left: 0, display: 'grid', height: `${ROW}px`, fontSize: 'sm' },
  '& .op-row:hover .op-cell': { background: 'var(--chakra-colors-bg-subtle)' },
  '& .op-cell': {
    display: 'flex',
    alignItems: 'center',
    gap: '6px',
    minWidth: 0,
    padding: '0 8px',
    borderBottom: '1px solid var(--chakra-colors-border)',
    borderRight: '1px solid var(--chakra-colors-border)',
    background: 'var(--chakra-colors-bg-panel)',
  },
  '& .op-student': { position: 'sticky', left: 0, zIndex: 1, flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center', gap: 0 },
  '& .op-num': { justifyContent: 'flex-end', fontVariantNumeric: 'tabular-nums' },
  '& .op-name': { fontWeight: 500, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .op-sub': { display: 'block', fontSize: 'var(--chakra-font-sizes-xs)', color: 'var(--chakra-colors-fg-muted)', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .op-app': { minWidth: 0, flex: 1 },
  '& .op-app a': { display: 'block', fontSize: 'var(--chakra-font-sizes-xs)', color: 'var(--chakra-colors-fg-link)', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  '& .op-mark': { width: '4px', alignSelf: 'stretch', margin: '8px 0', borderRadius: '9999px', flexShrink: 0, background: 'var(--chakra-colors-gray-solid)' },
  '& .op-mark[data-state=APPLYING]': { background: 'var(--chakra-colors-blue-solid)' },
  '& .op-mark[data-state=APPROVED]': { background: 'var(--chakra-colors-green-solid)' },
  '& .op-mark[data-state=SCHOOL_REJECTED]': { background: 'var(--chakra-colors-red-solid)' },
  '& .op-mark[data-state=STUDENT_REJECTED]': { background: 'var(--chakra-colors-orange-solid)' },
} as const;

function Grid({ query, stale, pageSize }: { query: OverallProgress_query$key; stale: boolean; pageSize: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(overallFragment, query);
  // How many students the viewer asked for: the size (100 or 500), plus a size per "load more".
  // A size change sets it back to the size (rows already loaded beyond it are kept, not shown).
  const [target, setTarget] = useState(pageSize);
  const [targetOf, setTargetOf] = useState(pageSize);
  if (targetOf !== pageSize) {
    setTargetOf(pageSize);
    setTarget(pageSize);
  }
  const loaded = useMemo(() => data.overallProgress.edges.map((e) => e.node).filter((n): n is Student => n != null), [data]);
  const students = loaded.length > target ? loaded.slice(0, target) : loaded;
  const total = data.overallProgress.totalCount;
  // Progressive loading: after the first small page is painted, read on in the background in
  // pages of NEXT_PAGE until `target` students are loaded. loadNext does not suspend: the rows
  // already painted stay and scroll while the next page comes; the indicator says how far it is.
  const filling = hasNext && loaded.length < target;
  useEffect(() => {
    if (!hasNext || isLoadingNext || loaded.length >= target) return;
    loadNext(Math.min(NEXT_PAGE, target - loaded.length));
  }, [hasNext, isLoadingNext, loaded.length, target, loadNext]);
  const wanted = Math.min(target, total);
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
      <Flex align="center" gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" data-testid="overall-total">
          {t('schoolsUi.overall.students', { shown: students.length, total })}
        </Text>
        {/* Always in the page (an empty live region), so screen readers announce the progress. */}
        <Flex role="status" aria-live="polite" align="center" gap="1.5" fontSize="xs" color="fg.muted" data-testid="overall-loading">
          {filling && (
            <>
              <Spinner size="xs" aria-hidden />
              {t('schoolsUi.overall.loading', { shown: loaded.length, total: wanted })}
            </>
          )}
        </Flex>
      </Flex>
      {/* The students × applications table: sticky header and first column, rows virtualised (TanStack Virtual). */}
      <Box
        ref={scroller}
        tabIndex={0}
        role="region"
        aria-label={t('schoolsUi.overall.table')}
        overflow="auto"
        maxH={{ base: '60vh', md: 'calc(100vh - 300px)' }}
        borderWidth="1px"
        borderRadius="md"
        bg="bg.panel"
        opacity={stale ? 0.6 : 1}
        css={GRID_CSS}
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
          <div role="rowgroup" style={{ position: 'relative', height: rows.getTotalSize() }}>
            {rows.getVirtualItems().map((v) => (
              <StudentRow key={students[v.index]!.archiveId} student={students[v.index]!} index={v.index} start={v.start} columns={columns} slots={slots} lang={lang} />
            ))}
          </div>
        </Box>
      </Box>
      {/* "Load more" once the background loading has reached the size: a size more each time. */}
      <LoadMore shown={students.length} total={total} hasNext={!filling && (hasNext || loaded.length > target)} loading={false} onMore={() => setTarget((n) => n + pageSize)} testId="overall-more" />
    </Stack>
  );
}

function Results({ queryRef, stale, pageSize }: { queryRef: PreloadedQuery<OverallProgressQuery>; stale: boolean; pageSize: number }) {
  const data = usePreloadedQuery<OverallProgressQuery>(overallQuery, queryRef);
  // A new filter is a new list: its own first small page, its own target and scroll position.
  return <Grid key={JSON.stringify(queryRef.variables.filter ?? {})} query={data} stale={stale} pageSize={pageSize} />;
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
  const size = pageSizeOf(state.size);
  // The query asks for the first small page only; the size is how far the grid reads on.
  const { queryRef, load, retry } = useRouteQuery(overallProgressRoute, { filter, first: FIRST_PAGE });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter, first: FIRST_PAGE }));
  }, [key, load, queryRef.variables.filter]);
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
          pending={pending}
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
                width="48"
              />
            </>
          }
        />
      </Box>
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('schoolsUi.overall.table')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="overall-table" />}>
          <Results queryRef={queryRef} stale={pending} pageSize={size} />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}
