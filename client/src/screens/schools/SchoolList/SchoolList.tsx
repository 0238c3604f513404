import { Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { Upload } from 'lucide-react';
import { Suspense, useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { useNavigate } from 'react-router';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { DataTable, LoadMore, type Column, type RowAction, type Sort } from '../../../components/list/DataTable.tsx';
import { ExportButton } from '../../../components/list/ExportButton.tsx';
import { FilterBar, SelectFilter, type FilterChip } from '../../../components/list/FilterBar.tsx';
import { ImportDialog, type ImportOutcome } from '../../../components/list/ImportDialog.tsx';
import { saveBlob, xlsxOf } from '../../../components/list/download.ts';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { Badge } from '../shared/Badge.tsx';
import { COUNTRIES, countryName, gradeName, PLATFORMS, SCHOOL_GRADES, schoolName, SEXES } from '../shared/codes.ts';
import { schoolListRoute } from './SchoolList.route.ts';
import { exportSchoolsFile } from './useSchoolExport.ts';
import { SCHOOL_DEFAULTS, schoolFilterOf, schoolOrderOf, type SchoolListState } from './filters.ts';
import type { SchoolList_query$data, SchoolList_query$key } from './__generated__/SchoolList_query.graphql.ts';
import type { SchoolListDeleteMutation } from './__generated__/SchoolListDeleteMutation.graphql.ts';
import type { SchoolListImportMutation } from './__generated__/SchoolListImportMutation.graphql.ts';
import type { SchoolListImportSportsMutation } from './__generated__/SchoolListImportSportsMutation.graphql.ts';
import type { SchoolListQuery } from './__generated__/SchoolListQuery.graphql.ts';
import { AddButton, PageHeader } from '../../../components/list/PageHeader.tsx';

const listQuery = graphql`
  query SchoolListQuery($filter: SchoolFilter, $order: SchoolOrder) {
    viewer {
      manage: can(right: "school.manage")
      import: can(right: "school.import")
    }
    ...SchoolList_query @arguments(filter: $filter, order: $order)
  }
`;

const listFragment = graphql`
  fragment SchoolList_query on Query
  @refetchable(queryName: "SchoolListPaginationQuery")
  @argumentDefinitions(filter: { type: "SchoolFilter" }, order: { type: "SchoolOrder" }, first: { type: "Int", defaultValue: 30 }, after: { type: "String" }) {
    schools(filter: $filter, order: $order, first: $first, after: $after) @connection(key: "SchoolList_schools", filters: ["filter", "order"]) {
      __id
      totalCount
      edges {
        node {
          id
          databaseId
          name
          chineseName
          abbreviation
          badgeUrl
          country
          province
          sex
          dayGrades
          boardingGrades
          studentCount
          boarderRatio
          toeflAverage
          ssatAverage
          rankings {
            source
            year
            rank
          }
          platforms {
            platform
          }
        }
      }
    }
  }
`;

const importMutation = graphql`
  mutation SchoolListImportMutation($input: ImportSchoolsInput!) {
    importSchools(input: $input) {
      __typename
      ... on ImportSchoolsPayload {
        created
        updated
      }
      ... on SchoolImportRowsError {
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

const importSportsMutation = graphql`
  mutation SchoolListImportSportsMutation($input: ImportSchoolSportsInput!) {
    importSchoolSports(input: $input) {
      __typename
      ... on ImportSchoolSportsPayload {
        schools
        sports
      }
      ... on SchoolImportRowsError {
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

const deleteMutation = graphql`
  mutation SchoolListDeleteMutation($input: DeleteSchoolInput!) {
    deleteSchool(input: $input) {
      __typename
      ... on DeleteSchoolPayload {
        deletedSchoolId @deleteRecord
      }
      ... on Error {
        message
      }
    }
  }
`;

type Row = NonNullable<SchoolList_query$data['schools']['edges'][number]['node']>;
type Rights = { manage: boolean; import: boolean };

/** The best (smallest) rank over all the school's rankings: what the server's RANK order reads. */
function bestRank(r: Row): number | null {
  if (!r.rankings.length) return null;
  return Math.min(...r.rankings.map((k) => k.rank));
}

/** The columns of figures a school may not have yet; the others (name, place, sex) every school has. */
const FIGURES = new Set(['grades', 'students', 'boarders', 'toefl', 'ssat', 'rank', 'platforms']);
const isBlank = (v: unknown) => v === null || v === undefined || v === '';

function Rows({
  query,
  rights,
  state,
  setState,
  stale,
  onDelete,
}: {
  query: SchoolList_query$key;
  rights: Rights;
  state: SchoolListState;
  setState: (p: Partial<SchoolListState>) => void;
  stale: boolean;
  onDelete: (r: Row) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const all = data.schools.edges.map((e) => e.node).filter((n): n is Row => n != null);
  const [sk, sd] = state.sort.split(':');
  const sort: Sort = sk ? { key: sk, dir: sd === 'desc' ? 'desc' : 'asc' } : null;
  // The server orders the whole list, every column (schoolOrderOf).
  const open = (r: Row) => navigate(`/school/details/${encodeURIComponent(r.id)}`);
  const pct = (v: number | null | undefined) => (v == null ? '' : `${v}%`);
  const columns: Array<Column<Row>> = [
    {
      key: 'name',
      header: t('schoolsUi.col.name'),
      sortable: true,
      card: 'title',
      render: (r) => (
        <Flex align="center" gap="2">
          <Badge url={r.badgeUrl} name={r.name} />
          <span>
            {schoolName(r, lang)}
            {lang === 'zh' && r.chineseName ? (
              <Text as="span" color="fg.muted" fontWeight="normal" fontSize="xs" display="block">
                {r.name}
              </Text>
            ) : r.abbreviation ? (
              <Text as="span" color="fg.muted" fontWeight="normal">{` ${r.abbreviation}`}</Text>
            ) : null}
          </span>
        </Flex>
      ),
    },
    { key: 'place', header: t('schoolsUi.col.country'), card: 'fact', render: (r) => [countryName(r.country, t), r.province].filter(Boolean).join(' · ') },
    { key: 'sex', header: t('schoolsUi.col.sex'), card: 'state', render: (r) => t(`schoolsUi.sex.${r.sex}`) },
    { key: 'grades', header: t('schoolsUi.col.grades'), card: 'fact', hideBelow: 1280, render: (r) => r.boardingGrades ?? r.dayGrades ?? '' },
    { key: 'students', header: t('schoolsUi.col.students'), sortable: true, card: 'hidden', align: 'end', hideBelow: 1280, render: (r) => r.studentCount ?? '' },
    { key: 'boarders', header: t('schoolsUi.col.boarderRatio'), sortable: true, card: 'hidden', align: 'end', hideBelow: 1280, render: (r) => pct(r.boarderRatio) },
    { key: 'toefl', header: t('schoolsUi.col.toefl'), sortable: true, card: 'hidden', align: 'end', render: (r) => r.toeflAverage ?? '' },
    { key: 'ssat', header: t('schoolsUi.col.ssat'), sortable: true, card: 'hidden', align: 'end', hideBelow: 1280, render: (r) => r.ssatAverage ?? '' },
    { key: 'rank', header: t('schoolsUi.col.rank'), sortable: true, card: 'hidden', align: 'end', render: (r) => bestRank(r) ?? '' },
    { key: 'platforms', header: t('schoolsUi.col.platforms'), card: 'hidden', hideBelow: 1280, render: (r) => r.platforms.map((p) => t(`schoolsUi.platform.${p.platform}`)).join(', ') },
  ];
  const actions = (r: Row): RowAction[] => [
    { key: 'open', label: t('schoolsUi.act.open'), onSelect: () => open(r) },
    ...(rights.manage
      ? [
          { key: 'edit', label: t('schoolsUi.act.edit'), onSelect: () => navigate(`/school/add?id=${encodeURIComponent(r.id)}`) },
          { key: 'delete', label: t('schoolsUi.act.delete'), danger: true, onSelect: () => onDelete(r) },
        ]
      : []),
  ];
  // A figure column empty in every row shown is left out (docs/ui-kit.md, "Empty columns"): the
  // demo's schools carry public facts only, no averages, rankings or platforms (issue 32 item 13).
  const shown = columns.filter((c) => !FIGURES.has(c.key) || all.some((r) => !isBlank(c.render(r))));
  return (
    <Stack gap="2">
      <Flex align="center" gap="2" wrap="wrap">
        <Text fontSize="sm" color="fg.muted" data-testid="school-total">
          {t('listKit.shownOf', { shown: all.length, total: data.schools.totalCount })}
        </Text>
      </Flex>
      <DataTable
        label={t('schoolsUi.title')}
        columns={shown}
        rows={all}
        rowId={(r) => r.id}
        rowLabel={(r) => schoolName(r, lang)}
        sort={sort}
        onSortChange={(s) => setState({ sort: s ? `${s.key}:${s.dir}` : '' })}
        actions={actions}
        onOpen={open}
        stale={stale}
        empty={{ title: t('schoolsUi.empty'), description: t('schoolsUi.emptyHint') }}
        testId="school-table"
      />
      <LoadMore shown={all.length} total={data.schools.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(30)} testId="school-more" />
    </Stack>
  );
}

function Results(props: { queryRef: PreloadedQuery<SchoolListQuery>; state: SchoolListState; setState: (p: Partial<SchoolListState>) => void; stale: boolean; onDelete: (r: Row) => void; onRights: (r: Rights) => void }) {
  const data = usePreloadedQuery<SchoolListQuery>(listQuery, props.queryRef);
  const { manage, import: canImport } = data.viewer;
  const { onRights } = props;
  useEffect(() => onRights({ manage, import: canImport }), [manage, canImport, onRights]);
  return <Rows query={data} rights={{ manage, import: canImport }} state={props.state} setState={props.setState} stale={props.stale} onDelete={props.onDelete} />;
}

/** A number filter: applied on Enter or blur, kept in the URL. */
function NumberFilter({ label, value, onChange, testId }: { label: string; value: string; onChange: (v: string) => void; testId: string }) {
  return (
    <Input
      size="sm"
      width="32"
      inputMode="decimal"
      aria-label={label}
      placeholder={label}
      defaultValue={value}
      key={value}
      onBlur={(e) => e.target.value.trim() !== value && onChange(e.target.value.trim())}
      onKeyDown={(e) => e.key === 'Enter' && onChange(e.currentTarget.value.trim())}
      data-testid={testId}
    />
  );
}

function DeleteDialog({ school, onClose }: { school: Row; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = schoolName(school, lang);
  const del = useMutationAction<SchoolListDeleteMutation>(deleteMutation, (r) => r.deleteSchool);
  return (
    <ConfirmDialog
      title={t('schoolsUi.deleteTitle')}
      message={t('schoolsUi.deleteMessage', { name })}
      confirmLabel={t('schoolsUi.act.delete')}
      destructive
      busy={del.busy}
      error={del.error}
      onClose={onClose}
      onConfirm={() => del.run({ input: { id: school.id } }, { onDone: () => (notify('success', t('schoolsUi.deleted', { name })), onClose()) })}
      testId="school-delete"
    />
  );
}

/**
 * 学校列表 (`/school/list`): filters in the URL (country, state, sex, grade, platform, boarders,
 * rank, TOEFL and SSAT averages, AP, search), the badge, columns sorted by the server,
 * Relay pagination, export with the same filter, import of schools and of sports (all or
 * nothing, the refused cells in a table), delete refused with what holds the school (docs/schools-ui.md).
 */
export default function SchoolList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const [state, setState] = useUrlState<keyof typeof SCHOOL_DEFAULTS>(SCHOOL_DEFAULTS);
  const filter = useMemo(() => schoolFilterOf(state), [state]);
  const order = schoolOrderOf(state);
  const { queryRef, load, retry } = useRouteQuery(schoolListRoute, { filter, order });
  const [pending, startTransition] = useTransition();
  const [importing, setImporting] = useState<'schools' | 'sports' | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [rights, setRights] = useState<Rights | null>(null);
  const key = JSON.stringify({ filter, order });
  useEffect(() => {
    if (JSON.stringify({ filter: queryRef.variables.filter ?? {}, order: queryRef.variables.order ?? null }) !== key) startTransition(() => load(JSON.parse(key) as { filter: typeof filter; order: typeof order }));
  }, [key, load, queryRef.variables.filter, queryRef.variables.order]);

  const upload =
    (kind: 'schools' | 'sports') =>
    async (file: File, onProgress: (f: number) => void): Promise<ImportOutcome> => {
      if (kind === 'schools') {
        const data = await sendWithFile<SchoolListImportMutation>(environment, importMutation, { input: { file: null } }, 'input.file', file, onProgress);
        const answer = data.importSchools;
        if (answer.__typename === 'ImportSchoolsPayload') {
          retry();
          return { ok: true, summary: t('schoolsUi.imported', { created: answer.created, updated: answer.updated }) };
        }
        if (answer.__typename === 'SchoolImportRowsError') return { ok: false, message: answer.message ?? t('transport.unknown'), rows: answer.rows };
        return { ok: false, message: ('message' in answer ? answer.message : null) ?? t('transport.unknown') };
      }
      const data = await sendWithFile<SchoolListImportSportsMutation>(environment, importSportsMutation, { input: { file: null } }, 'input.file', file, onProgress);
      const answer = data.importSchoolSports;
      if (answer.__typename === 'ImportSchoolSportsPayload') return { ok: true, summary: t('schoolsUi.importedSports', { schools: answer.schools, sports: answer.sports }) };
      if (answer.__typename === 'SchoolImportRowsError') return { ok: false, message: answer.message ?? t('transport.unknown'), rows: answer.rows };
      return { ok: false, message: ('message' in answer ? answer.message : null) ?? t('transport.unknown') };
    };
  // The school import reads the export's columns: its template is an export with no row.
  const schoolTemplate = async () => {
    const { blob } = await exportSchoolsFile({ filter: { search: '\u2063' } });
    saveBlob('school-import-template.xlsx', blob);
  };
  // The sports import reads four columns; their keys are accepted as titles in any language.
  const sportsTemplate = async () => {
    const blob = await xlsxOf<never>(
      'sports',
      ['name', 'sportGender', 'season', 'sport'].map((header) => ({ header, value: () => '' })),
      [],
    );
    saveBlob('school-sports-template.xlsx', blob);
  };

  const chips: FilterChip[] = [];
  const add = (k: keyof SchoolListState, label: string, value: string) => state[k] && chips.push({ key: k, label, value, onRemove: () => setState({ [k]: '' }) });
  add('q', t('schoolsUi.col.name'), state.q);
  add('country', t('schoolsUi.col.country'), countryName(state.country, t));
  add('province', t('schoolsUi.col.province'), state.province);
  add('sex', t('schoolsUi.col.sex'), state.sex && t(`schoolsUi.sex.${state.sex}`));
  add('grade', t('schoolsUi.filter.grade'), state.grade && gradeName(Number(state.grade), t));
  add('platform', t('schoolsUi.filter.platform'), state.platform && t(`schoolsUi.platform.${state.platform}`));
  add('boarderMin', t('schoolsUi.filter.boarderMin'), state.boarderMin);
  add('boarderMax', t('schoolsUi.filter.boarderMax'), state.boarderMax);
  add('rankMax', t('schoolsUi.filter.rankMax'), state.rankMax);
  add('toeflMin', t('schoolsUi.filter.toeflMin'), state.toeflMin);
  add('toeflMax', t('schoolsUi.filter.toeflMax'), state.toeflMax);
  add('ssatMin', t('schoolsUi.filter.ssatMin'), state.ssatMin);
  add('ssatMax', t('schoolsUi.filter.ssatMax'), state.ssatMax);
  add('ap', t('schoolsUi.filter.ap'), state.ap && t(state.ap === 'yes' ? 'schoolsUi.filter.apYes' : 'schoolsUi.filter.apNo'));
  const all = (label: string) => `${label}: ${t('schoolsUi.all')}`;

  return (
    <Stack gap="3" data-testid="school-list">
      <PageHeader title={t('schoolsUi.title')}>
        {rights?.manage && <AddButton label={t('schoolsUi.add')} onClick={() => navigate('/school/add')} testId="school-add" />}
        {rights?.import && (
          <>
            <Button size="sm" variant="outline" onClick={() => setImporting('schools')} data-testid="school-import">
              <Upload size={14} /> {t('schoolsUi.import')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setImporting('sports')} data-testid="school-import-sports">
              <Upload size={14} /> {t('schoolsUi.importSports')}
            </Button>
          </>
        )}
        <ExportButton load={(onProgress) => exportSchoolsFile({ filter }, onProgress)} label={t('schoolsUi.export')} testId="school-export" />
      </PageHeader>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3">
        <FilterBar
          pending={pending}
          search={state.q}
          onSearch={(q) => setState({ q })}
          searchLabel={t('schoolsUi.search')}
          chips={chips}
          onClearAll={() => setState({ ...SCHOOL_DEFAULTS, sort: state.sort })}
          testId="school-filters"
          primary={
            <>
              <SelectFilter
                label={t('schoolsUi.col.country')}
                all={all(t('schoolsUi.col.country'))}
                value={state.country}
                onChange={(country) => setState({ country })}
                options={COUNTRIES.map((c) => ({ value: c, label: countryName(c, t) }))}
                testId="filter-country"
              />
              <SelectFilter
                label={t('schoolsUi.col.sex')}
                all={all(t('schoolsUi.col.sex'))}
                value={state.sex}
                onChange={(sex) => setState({ sex })}
                options={SEXES.map((s) => ({ value: s, label: t(`schoolsUi.sex.${s}`) }))}
                testId="filter-sex"
              />
              <SelectFilter
                label={t('schoolsUi.filter.grade')}
                all={all(t('schoolsUi.filter.grade'))}
                value={state.grade}
                onChange={(grade) => setState({ grade })}
                options={SCHOOL_GRADES.map((g) => ({ value: String(g), label: gradeName(g, t) }))}
                testId="filter-grade"
              />
            </>
          }
          more={
            <>
              <Input
                size="sm"
                width="40"
                aria-label={t('schoolsUi.col.province')}
                placeholder={t('schoolsUi.col.province')}
                defaultValue={state.province}
                key={state.province}
                onBlur={(e) => e.target.value.trim() !== state.province && setState({ province: e.target.value.trim() })}
                onKeyDown={(e) => e.key === 'Enter' && setState({ province: e.currentTarget.value.trim() })}
                data-testid="filter-province"
              />
              <SelectFilter
                label={t('schoolsUi.filter.platform')}
                all={all(t('schoolsUi.filter.platform'))}
                value={state.platform}
                onChange={(platform) => setState({ platform })}
                options={PLATFORMS.map((p) => ({ value: p, label: t(`schoolsUi.platform.${p}`) }))}
                testId="filter-platform"
              />
              <SelectFilter
                label={t('schoolsUi.filter.ap')}
                all={all(t('schoolsUi.filter.ap'))}
                value={state.ap}
                onChange={(ap) => setState({ ap })}
                options={[
                  { value: 'yes', label: t('schoolsUi.filter.apYes') },
                  { value: 'no', label: t('schoolsUi.filter.apNo') },
                ]}
                testId="filter-ap"
              />
              <NumberFilter label={t('schoolsUi.filter.boarderMin')} value={state.boarderMin} onChange={(boarderMin) => setState({ boarderMin })} testId="filter-boarderMin" />
              <NumberFilter label={t('schoolsUi.filter.boarderMax')} value={state.boarderMax} onChange={(boarderMax) => setState({ boarderMax })} testId="filter-boarderMax" />
              <NumberFilter label={t('schoolsUi.filter.rankMax')} value={state.rankMax} onChange={(rankMax) => setState({ rankMax })} testId="filter-rankMax" />
              <NumberFilter label={t('schoolsUi.filter.toeflMin')} value={state.toeflMin} onChange={(toeflMin) => setState({ toeflMin })} testId="filter-toeflMin" />
              <NumberFilter label={t('schoolsUi.filter.toeflMax')} value={state.toeflMax} onChange={(toeflMax) => setState({ toeflMax })} testId="filter-toeflMax" />
              <NumberFilter label={t('schoolsUi.filter.ssatMin')} value={state.ssatMin} onChange={(ssatMin) => setState({ ssatMin })} testId="filter-ssatMin" />
              <NumberFilter label={t('schoolsUi.filter.ssatMax')} value={state.ssatMax} onChange={(ssatMax) => setState({ ssatMax })} testId="filter-ssatMax" />
            </>
          }
        />
      </Box>
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('schoolsUi.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading testId="school-table" />}>
          <Results queryRef={queryRef} state={state} setState={setState} stale={pending} onDelete={setDeleting} onRights={setRights} />
        </Suspense>
      </ErrorBoundary>
      {deleting && <DeleteDialog school={deleting} onClose={() => setDeleting(null)} />}
      {importing === 'schools' && (
        <ImportDialog title={t('schoolsUi.importTitle')} hint={t('schoolsUi.importHint')} onClose={() => setImporting(null)} upload={upload('schools')} onTemplate={schoolTemplate} testId="school-import-dialog" />
      )}
      {importing === 'sports' && (
        <ImportDialog
          title={t('schoolsUi.importSportsTitle')}
          hint={t('schoolsUi.importSportsHint')}
          onClose={() => setImporting(null)}
          upload={upload('sports')}
          onTemplate={sportsTemplate}
          testId="sports-import-dialog"
        />
      )}
    </Stack>
  );
}
