import { Button, Field, Flex, Heading, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Suspense, useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import { DateTime } from 'luxon';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { DateField } from '../../../components/fields/DateField.tsx';
import { TimeField } from '../../../components/fields/TimeField.tsx';
import { sessionUser } from '../../../state/session.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { DataTable, LoadMore, SelectionBar, type Column } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { batchProgressRoute } from './BatchProgress.route.ts';
import type { BatchProgress_query$data, BatchProgress_query$key } from './__generated__/BatchProgress_query.graphql.ts';
import type { BatchProgressQuery } from './__generated__/BatchProgressQuery.graphql.ts';

const listQuery = graphql`
  query BatchProgressQuery($filter: ApplicationFilter) {
    ...BatchProgress_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment BatchProgress_query on Query
  @refetchable(queryName: "BatchProgressPaginationQuery")
  @argumentDefinitions(filter: { type: "ApplicationFilter" }, first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
    applications(filter: $filter, first: $first, after: $after) @connection(key: "BatchProgress_applications", filters: ["filter"]) {
      totalCount
      edges {
        node {
          id
          year
          locked
          inquiry
          interview
          submitResult
          thirdInterview
          archive {
            id
            name
            userName
          }
          school {
            id
            name
            chineseName
          }
        }
      }
    }
  }
`;

const FIELDS = {
  inquiry: ['NONE', 'SENT', 'ANSWERED'],
  interview: ['NONE', 'TO_ARRANGE', 'ARRANGED', 'DONE', 'WAIVED'],
  submitResult: ['NOT_SUBMITTED', 'SUBMITTED', 'RECEIVED'],
  thirdInterview: ['NONE', 'ARRANGED', 'DONE', 'NOT_REQUIRED'],
} as const;
type FieldKey = keyof typeof FIELDS;

const inquiryMutation = graphql`
  mutation BatchProgressInquiryMutation($input: UpdateApplicationInquiryBatchInput!) {
    updateApplicationInquiryBatch(input: $input) {
      __typename
      ... on ApplicationPayload {
        applications {
          id
          inquiry
          updatedAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const interviewMutation = graphql`
  mutation BatchProgressInterviewMutation($input: UpdateApplicationInterviewBatchInput!) {
    updateApplicationInterviewBatch(input: $input) {
      __typename
      ... on ApplicationPayload {
        applications {
          id
          interview
          updatedAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const submitResultMutation = graphql`
  mutation BatchProgressSubmitResultMutation($input: UpdateApplicationSubmitResultBatchInput!) {
    updateApplicationSubmitResultBatch(input: $input) {
      __typename
      ... on ApplicationPayload {
        applications {
          id
          submitResult
          updatedAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const thirdInterviewMutation = graphql`
  mutation BatchProgressThirdInterviewMutation($input: UpdateApplicationThirdInterviewBatchInput!) {
    updateApplicationThirdInterviewBatch(input: $input) {
      __typename
      ... on ApplicationPayload {
        applications {
          id
          thirdInterview
          updatedAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const MUTATIONS = {
  inquiry: { mutation: inquiryMutation, field: 'updateApplicationInquiryBatch' },
  interview: { mutation: interviewMutation, field: 'updateApplicationInterviewBatch' },
  submitResult: { mutation: submitResultMutation, field: 'updateApplicationSubmitResultBatch' },
  thirdInterview: { mutation: thirdInterviewMutation, field: 'updateApplicationThirdInterviewBatch' },
};

type Row = NonNullable<BatchProgress_query$data['applications']['edges'][number]['node']>;
type Answer = { readonly __typename: string; readonly message?: string };

function BatchDialog({ field, rows, onClose, onDone }: { field: FieldKey; rows: Row[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string>(FIELDS[field][1]);
  const [note, setNote] = useState('');
  // The interview batch may set the interview time too (one time for every chosen application).
  const [day, setDay] = useState('');
  const [time, setTime] = useState('');
  const zone = sessionUser.use()?.timeZone ?? 'local';
  const interviewAt = field === 'interview' && day && time ? DateTime.fromISO(`${day}T${time}`, { zone }).toUTC().toISO() : null;
  const { mutation, field: answerField } = MUTATIONS[field];
  const action = useMutationAction<MutationParameters, Answer>(mutation, (r) => (r as Record<string, Answer>)[answerField]!);
  return (
    <FormDialog
      title={t('archivesUi.batch.dialog', { field: t(`archivesUi.batch.field.${field}`), count: rows.length })}
      testId="batch-dialog"
      onClose={onClose}
      busy={action.busy}
      error={action.error}
      saveLabel={t('archivesUi.batch.apply', { count: rows.length })}
      onSave={() =>
        action.run(
          { input: { ids: rows.map((r) => r.id), [field]: value, ...(note.trim() ? { note: note.trim() } : {}), ...(interviewAt ? { interviewAt } : {}) } },
          { onDone: () => (notify('success', t('archivesUi.batch.done', { count: rows.length })), onDone(), onClose()) },
        )
      }
    >
      <Text fontSize="sm" color="fg.muted">
        {t('archivesUi.batch.allOrNothing')}
      </Text>
      <Field.Root>
        <Field.Label htmlFor="batch-value">{t(`archivesUi.batch.field.${field}`)}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field id="batch-value" value={value} onChange={(e) => setValue(e.target.value)} data-testid="batch-value">
            {FIELDS[field].map((v) => (
              <option key={v} value={v}>
                {t(`archivesUi.batch.${field}.${v}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {field === 'interview' && (
        <Flex gap="3" wrap="wrap">
          <Field.Root flex="1" minW="40">
            <Field.Label>{t('schoolsUi.app.interviewDay')}</Field.Label>
            <DateField value={day} onChange={setDay} label={t('schoolsUi.app.interviewDay')} testId="batch-interview-day" />
          </Field.Root>
          <Field.Root flex="1" minW="32">
            <Field.Label>{t('schoolsUi.app.interviewAt')}</Field.Label>
            <TimeField value={time} onChange={setTime} label={t('schoolsUi.app.interviewAt')} testId="batch-interview-time" />
          </Field.Root>
        </Flex>
      )}
      <Field.Root>
        <Field.Label htmlFor="batch-note">{t('archivesUi.verify.note')}</Field.Label>
        <Textarea id="batch-note" rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </Field.Root>
    </FormDialog>
  );
}

function Rows({ query, stale, bySchool }: { query: BatchProgress_query$key; stale: boolean; bySchool: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const loaded = data.applications.edges.map((e) => e.node).filter((n): n is Row => n != null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [field, setField] = useState<FieldKey | null>(null);
  const chosen = loaded.filter((r) => selected.has(r.id));
  const school = (r: Row) => (lang === 'zh' && r.school.chineseName ? r.school.chineseName : r.school.name);
  // The school view: the rows of the page grouped by school (many students of one school at once).
  const rows = bySchool ? [...loaded].sort((a, b) => school(a).localeCompare(school(b), lang === 'zh' ? 'zh-CN' : 'en') || (a.archive?.name ?? '').localeCompare(b.archive?.name ?? '')) : loaded;
  const studentColumn: Column<Row> = { key: 'student', header: t('archivesUi.col.name'), card: bySchool ? 'fact' : 'title', render: (r) => r.archive?.name ?? '' };
  const schoolColumn: Column<Row> = { key: 'school', header: t('archivesUi.batch.school'), card: bySchool ? 'title' : 'fact', render: school };
  const columns: Array<Column<Row>> = [
    ...(bySchool ? [schoolColumn, studentColumn] : [studentColumn, schoolColumn]),
    { key: 'year', header: t('archivesUi.col.year'), card: 'hidden', render: (r) => r.year ?? '' },
    ...(Object.keys(FIELDS) as FieldKey[]).map((f) => ({ key: f, header: t(`archivesUi.batch.field.${f}`), card: 'fact' as const, render: (r: Row) => t(`archivesUi.batch.${f}.${r[f]}`) })),
  ];
  return (
    <Stack gap="2">
      <SelectionBar count={chosen.length} onClear={() => setSelected(new Set())} testId="batch-selection">
        {(Object.keys(FIELDS) as FieldKey[]).map((f) => (
          <Button key={f} size="xs" variant="outline" onClick={() => setField(f)} data-testid={`batch-set-${f}`}>
            {t('archivesUi.batch.set', { field: t(`archivesUi.batch.field.${f}`) })}
          </Button>
        ))}
      </SelectionBar>
      <DataTable
        label={t('archivesUi.batch.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => `${r.archive?.name ?? ''} ${school(r)}`}
        selected={selected}
        onSelectedChange={setSelected}
        stale={stale}
        empty={{ title: t('archivesUi.batch.empty') }}
        testId="batch-table"
      />
      <LoadMore shown={rows.length} total={data.applications.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(50)} testId="batch-more" />
      {field && <BatchDialog field={field} rows={chosen} onClose={() => setField(null)} onDone={() => setSelected(new Set())} />}
    </Stack>
  );
}

function Results({ queryRef, stale, bySchool }: { queryRef: PreloadedQuery<BatchProgressQuery>; stale: boolean; bySchool: boolean }) {
  const data = usePreloadedQuery<BatchProgressQuery>(listQuery, queryRef);
  return <Rows query={data} stale={stale} bySchool={bySchool} />;
}

/**
 * 批量申请进度 (`/archives/detail/batch-operation`) and 快速进度 (`/quick-progress`): the
 * applications being applied for, searched by student or school; choose rows, then set the
 * inquiry, interview, submission or third interview of all of them at once. The server changes
 * all or none and names the refused row (docs/archives-ui.md).
 */
export function BatchProgress({ quick }: { quick: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useUrlState({ q: '', year: '', view: '' });
  const filter = useMemo(() => ({ state: 'APPLYING' as const, ...(state.q ? { search: state.q } : {}), ...(/^\d{4}$/.test(state.year) ? { year: Number(state.year) } : {}) }), [state.q, state.year]);
  const { queryRef, load, retry } = useRouteQuery(batchProgressRoute, { filter });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  const chips = [
    ...(state.q ? [{ key: 'q', label: t('archivesUi.batch.search'), value: state.q, onRemove: () => setState({ q: '' }) }] : []),
    ...(state.year ? [{ key: 'year', label: t('archivesUi.col.year'), value: state.year, onRemove: () => setState({ year: '' }) }] : []),
  ];
  return (
    <Stack gap="3" data-testid="batch-progress">
      <Flex align="center">
        <Heading size="lg">{t(quick ? 'archivesUi.batch.quickTitle' : 'archivesUi.batch.title')}</Heading>
      </Flex>
      <FilterBar
        pending={pending}
        search={state.q}
        onSearch={(q) => setState({ q })}
        searchLabel={t('archivesUi.batch.search')}
        chips={chips}
        onClearAll={() => setState({ q: '', year: '', view: state.view })}
        primary={
          <>
            <SelectFilter
              label={t('schoolsUi.progressList.view')}
              all={t('schoolsUi.progressList.byStudent')}
              value={state.view}
              onChange={(view) => setState({ view })}
              options={[{ value: 'school', label: t('schoolsUi.progressList.bySchool') }]}
              testId="batch-view"
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
              data-testid="batch-year"
            />
          </>
        }
        testId="batch-filters"
      />
      <ErrorBoundary onRetry={retry} compact>
        <Suspense fallback={<DataTable label={t('archivesUi.batch.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading />}>
          <Results queryRef={queryRef} stale={pending} bySchool={state.view === 'school'} />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}

export default function BatchOperationScreen() {
  return <BatchProgress quick={false} />;
}
