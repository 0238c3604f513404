import { Badge, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { DateTime } from 'luxon';
import { Suspense, useEffect, useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { ErrorBoundary } from '../../../components/ErrorBoundary.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { DataTable, LoadMore, type Column } from '../../../components/list/DataTable.tsx';
import { FilterBar, SelectFilter } from '../../../components/list/FilterBar.tsx';
import { useUrlState } from '../../../components/list/useUrlState.ts';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { classroomsRoute, CLASSROOM_DEFAULTS, classroomFilterOf } from './Classrooms.route.ts';
import type { Classrooms_query$data, Classrooms_query$key } from './__generated__/Classrooms_query.graphql.ts';
import type { ClassroomsQuery } from './__generated__/ClassroomsQuery.graphql.ts';
import type { ClassroomsWeekQuery } from './__generated__/ClassroomsWeekQuery.graphql.ts';
import type { ClassroomsCreateMutation } from './__generated__/ClassroomsCreateMutation.graphql.ts';
import type { ClassroomsUpdateMutation } from './__generated__/ClassroomsUpdateMutation.graphql.ts';
import type { ClassroomsEnableMutation } from './__generated__/ClassroomsEnableMutation.graphql.ts';
import type { ClassroomsDisableMutation } from './__generated__/ClassroomsDisableMutation.graphql.ts';
import type { ClassroomsDeleteMutation } from './__generated__/ClassroomsDeleteMutation.graphql.ts';

const listQuery = graphql`
  query ClassroomsQuery($filter: ClassroomFilter) {
    viewer {
      manage: can(right: "classroom.manage")
    }
    ...Classrooms_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment Classrooms_query on Query @refetchable(queryName: "ClassroomsPaginationQuery") @argumentDefinitions(filter: { type: "ClassroomFilter" }, first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
    classrooms(filter: $filter, first: $first, after: $after) @connection(key: "Classrooms_classrooms", filters: ["filter"]) {
      __id
      totalCount
      edges {
        node {
          id
          databaseId
          no
          name
          state
          address
          capacity
        }
      }
    }
  }
`;

const weekQuery = graphql`
  query ClassroomsWeekQuery($filter: LessonFilter!) {
    lessons(filter: $filter, first: 300) {
      edges {
        node {
          id
          title
          startAt
          endAt
          course {
            name
          }
        }
      }
    }
  }
`;

const FIELDS = graphql`
  fragment Classrooms_fields on Classroom {
    id
    no
    name
    state
    address
    capacity
  }
`;
void FIELDS;

const createMutation = graphql`
  mutation ClassroomsCreateMutation($input: CreateClassroomInput!, $connections: [ID!]!) {
    createClassroom(input: $input) {
      __typename
      ... on ClassroomPayload {
        classroom @appendNode(connections: $connections, edgeTypeName: "QueryClassroomsConnectionEdge") {
          ...Classrooms_fields @relay(mask: false)
          databaseId
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const updateMutation = graphql`
  mutation ClassroomsUpdateMutation($input: UpdateClassroomInput!) {
    updateClassroom(input: $input) {
      __typename
      ... on ClassroomPayload {
        classroom {
          ...Classrooms_fields @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const enableMutation = graphql`
  mutation ClassroomsEnableMutation($input: ClassroomRefInput!) {
    enableClassroom(input: $input) {
      __typename
      ... on ClassroomPayload {
        classroom {
          id
          state
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const disableMutation = graphql`
  mutation ClassroomsDisableMutation($input: ClassroomRefInput!) {
    disableClassroom(input: $input) {
      __typename
      ... on ClassroomPayload {
        classroom {
          id
          state
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation ClassroomsDeleteMutation($input: ClassroomRefInput!, $connections: [ID!]!) {
    deleteClassroom(input: $input) {
      __typename
      ... on DeleteClassroomPayload {
        deletedClassroomId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

type Room = NonNullable<Classrooms_query$data['classrooms']['edges'][number]['node']>;

function RoomDialog({ room, connection, onClose }: { room: Room | null; connection: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [f, setF] = useState({ no: room?.no ?? '', name: room?.name ?? '', address: room?.address ?? '', capacity: room?.capacity != null ? String(room.capacity) : '' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const create = useMutationAction<ClassroomsCreateMutation, ClassroomsCreateMutation['response']['createClassroom']>(createMutation, (r) => r.createClassroom);
  const update = useMutationAction<ClassroomsUpdateMutation, ClassroomsUpdateMutation['response']['updateClassroom']>(updateMutation, (r) => r.updateClassroom);
  const save = () => {
    const p: Record<string, string> = {};
    if (!f.name.trim()) p.name = t('coursesUi.classroom.nameRequired');
    if (f.capacity.trim() && !/^\d+$/.test(f.capacity.trim())) p.capacity = t('coursesUi.form.wholeNumber');
    setProblems(p);
    if (Object.keys(p).length) return;
    const fields = { no: f.no.trim() || null, name: f.name.trim(), address: f.address.trim(), capacity: f.capacity.trim() ? Number(f.capacity) : null };
    const done = { onDone: () => (notify('success', t('coursesUi.saved')), onClose()) };
    if (room) update.run({ input: { classroomId: room.id, ...fields } }, done);
    else create.run({ input: fields, connections: [connection] }, done);
  };
  const field = (k: keyof typeof f, required = false) => (
    <Field.Root required={required} invalid={!!problems[k]}>
      <Field.Label>
        {t(`coursesUi.classroom.${k}`)} {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input size="sm" value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} data-testid={`classroom-${k}`} />
      <Field.ErrorText>{problems[k]}</Field.ErrorText>
    </Field.Root>
  );
  return (
    <FormDialog
      title={room ? t('coursesUi.classroom.editTitle', { name: room.name }) : t('coursesUi.classroom.add')}
      testId="classroom-dialog"
      onClose={onClose}
      onSave={save}
      busy={create.busy || update.busy}
      error={create.error ?? update.error}
    >
      {field('name', true)}
      {field('no')}
      {field('address')}
      {field('capacity')}
    </FormDialog>
  );
}

/** The room's week at a glance: its lessons day by day. */
function WeekDialog({ room, onClose }: { room: Room; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const week = DateTime.now().startOf('week');
  const data = useLazyLoadQuery<ClassroomsWeekQuery>(weekQuery, { filter: { classroomId: room.id, from: week.toUTC().toISO()!, to: week.plus({ weeks: 1 }).toUTC().toISO()! } }, { fetchPolicy: 'store-and-network' });
  const lessons = data.lessons.edges.map((e) => e.node).filter((n) => n != null);
  const days = Array.from({ length: 7 }, (_, i) => week.plus({ days: i }));
  return (
    <DialogShell title={t('coursesUi.classroom.weekOf', { name: room.name })} onClose={onClose} testId="classroom-week-dialog" size="lg">
      <Stack gap="2">
        {days.map((d) => {
          const mine = lessons.filter((l) => DateTime.fromISO(l.startAt as string).hasSame(d, 'day'));
          return (
            <Flex key={d.toISODate()} gap="3" borderBottomWidth="1px" py="1" align="start">
              <Text w="28" flexShrink={0} fontSize="sm" fontWeight="medium">
                {fmt.date(d.toJSDate())}
              </Text>
              <Stack gap="0" flex="1" minW="0">
                {mine.map((l) => (
                  <Text key={l.id} fontSize="sm" truncate>
                    {fmt.time(l.startAt as string)}–{fmt.time(l.endAt as string)} {l.course.name}
                  </Text>
                ))}
                {!mine.length && (
                  <Text fontSize="sm" color="fg.subtle">
                    {t('coursesUi.classroom.free')}
                  </Text>
                )}
              </Stack>
            </Flex>
          );
        })}
      </Stack>
    </DialogShell>
  );
}

function Rows({ query, manage, stale, adding, onAdded }: { query: Classrooms_query$key; manage: boolean; stale: boolean; adding: boolean; onAdded: () => void }) {
  const { t } = useTranslation();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const rows = data.classrooms.edges.map((e) => e.node).filter((n): n is Room => n != null);
  const [dialog, setDialog] = useState<{ kind: 'edit' | 'week' | 'delete'; room: Room } | null>(null);
  const enable = useMutationAction<ClassroomsEnableMutation, ClassroomsEnableMutation['response']['enableClassroom']>(enableMutation, (r) => r.enableClassroom);
  const disable = useMutationAction<ClassroomsDisableMutation, ClassroomsDisableMutation['response']['disableClassroom']>(disableMutation, (r) => r.disableClassroom);
  const del = useMutationAction<ClassroomsDeleteMutation, ClassroomsDeleteMutation['response']['deleteClassroom']>(deleteMutation, (r) => r.deleteClassroom);
  useEffect(() => {
    const e = enable.error ?? disable.error;
    if (e) notify('error', e);
  }, [enable.error, disable.error]);
  const columns: Array<Column<Room>> = [
    { key: 'name', header: t('coursesUi.classroom.name'), card: 'title', render: (r) => r.name },
    { key: 'no', header: t('coursesUi.classroom.no'), card: 'fact', render: (r) => r.no },
    {
      key: 'state',
      header: t('coursesUi.classroom.state'),
      card: 'state',
      render: (r) => (
        <Badge colorPalette={r.state === 'IN_USE' ? 'green' : 'gray'} variant="subtle">
          {t(`coursesUi.classroom.${r.state}`)}
        </Badge>
      ),
    },
    { key: 'capacity', header: t('coursesUi.classroom.capacity'), card: 'fact', align: 'end', render: (r) => (r.capacity != null ? String(r.capacity) : '—') },
    { key: 'address', header: t('coursesUi.classroom.address'), card: 'fact', render: (r) => r.address || '—' },
  ];
  return (
    <Stack gap="2">
      <DataTable
        label={t('coursesUi.classroom.title')}
        columns={columns}
        rows={rows}
        rowId={(r) => r.id}
        rowLabel={(r) => r.name}
        onOpen={(r) => setDialog({ kind: 'week', room: r })}
        stale={stale}
        actions={(r) => [
          { key: 'week', label: t('coursesUi.classroom.week'), onSelect: () => setDialog({ kind: 'week', room: r }) },
          ...(manage
            ? [
                { key: 'edit', label: t('coursesUi.classroom.edit'), onSelect: () => setDialog({ kind: 'edit', room: r }) },
                r.state === 'IN_USE'
                  ? { key: 'disable', label: t('coursesUi.classroom.disable'), onSelect: () => disable.run({ input: { classroomId: r.id } }, { onDone: () => notify('success', t('coursesUi.saved')) }) }
                  : { key: 'enable', label: t('coursesUi.classroom.enable'), onSelect: () => enable.run({ input: { classroomId: r.id } }, { onDone: () => notify('success', t('coursesUi.saved')) }) },
                { key: 'delete', label: t('coursesUi.classroom.delete'), danger: true, onSelect: () => setDialog({ kind: 'delete', room: r }) },
              ]
            : []),
        ]}
        empty={{ title: t('coursesUi.classroom.empty') }}
        testId="classroom-table"
      />
      <LoadMore shown={rows.length} total={data.classrooms.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(50)} testId="classroom-more" />
      {adding && <RoomDialog room={null} connection={data.classrooms.__id} onClose={onAdded} />}
      {dialog?.kind === 'edit' && <RoomDialog room={dialog.room} connection={data.classrooms.__id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'week' && (
        <Suspense fallback={null}>
          <WeekDialog room={dialog.room} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t('coursesUi.classroom.deleteTitle')}
          message={t('coursesUi.classroom.deleteMessage', { name: dialog.room.name })}
          confirmLabel={t('coursesUi.classroom.delete')}
          destructive
          busy={del.busy}
          error={del.error}
          onClose={() => setDialog(null)}
          onConfirm={() => del.run({ input: { classroomId: dialog.room.id }, connections: [data.classrooms.__id] }, { onDone: () => (notify('success', t('coursesUi.classroom.deleted')), setDialog(null)) })}
          testId="classroom-delete-dialog"
        />
      )}
    </Stack>
  );
}

function Results({ queryRef, stale, adding, onAdded }: { queryRef: PreloadedQuery<ClassroomsQuery>; stale: boolean; adding: boolean; onAdded: () => void }) {
  const data = usePreloadedQuery<ClassroomsQuery>(listQuery, queryRef);
  return <Rows query={data} manage={data.viewer.manage} stale={stale} adding={adding && data.viewer.manage} onAdded={onAdded} />;
}

function AddButton({ queryRef, onAdd }: { queryRef: PreloadedQuery<ClassroomsQuery>; onAdd: () => void }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<ClassroomsQuery>(listQuery, queryRef);
  return data.viewer.manage ? (
    <Button size="sm" colorPalette="blue" onClick={onAdd} data-testid="classroom-add">
      <Plus size={16} /> {t('coursesUi.classroom.add')}
    </Button>
  ) : null;
}

/**
 * 教室管理 (`/class-room`): the classrooms with state, seats and address; add, edit, enable or
 * disable (a disabled room takes no new lessons), delete (refused while lessons use it), and the
 * room's week at a glance.
 */
export default function Classrooms() {
  const { t } = useTranslation();
  const [state, setState] = useUrlState(CLASSROOM_DEFAULTS);
  const filter = useMemo(() => classroomFilterOf(state), [state]);
  const { queryRef, load, retry } = useRouteQuery(classroomsRoute, { filter });
  const [pending, startTransition] = useTransition();
  const key = JSON.stringify(filter);
  useEffect(() => {
    if (JSON.stringify(queryRef.variables.filter ?? {}) !== key) startTransition(() => load({ filter: JSON.parse(key) as typeof filter }));
  }, [key, load, queryRef.variables.filter]);
  const [adding, setAdding] = useState(false);
  return (
    <Stack gap="3" minW="0" maxW="full" data-testid="classrooms">
      {/* The query also feeds the header and filters: a failed load shows here, with a retry. */}
      <ErrorBoundary onRetry={retry} compact>
        <Flex align="center" gap="2">
          <Heading size="lg" flex="1">
            {t('coursesUi.classroom.title')}
          </Heading>
          <Suspense fallback={null}>
            <AddButton queryRef={queryRef} onAdd={() => setAdding(true)} />
          </Suspense>
        </Flex>
        <FilterBar
          pending={pending}
          search={state.search}
          onSearch={(search) => setState({ search })}
          searchLabel={t('coursesUi.classroom.search')}
          chips={state.state ? [{ key: 'state', label: t('coursesUi.classroom.state'), value: t(`coursesUi.classroom.${state.state}`), onRemove: () => setState({ state: '' }) }] : []}
          onClearAll={() => setState({ state: '', search: '' })}
          primary={
            <SelectFilter
              label={t('coursesUi.classroom.state')}
              all={`${t('coursesUi.classroom.state')}: ${t('coursesUi.all')}`}
              value={state.state}
              onChange={(s) => setState({ state: s })}
              options={(['IN_USE', 'DISABLED'] as const).map((s) => ({ value: s, label: t(`coursesUi.classroom.${s}`) }))}
              width="40"
              testId="classroom-filter-state"
            />
          }
          testId="classroom-filters"
        />
        <ErrorBoundary onRetry={retry} compact>
          <Suspense fallback={<DataTable label={t('coursesUi.classroom.title')} columns={[]} rows={[]} rowId={() => ''} rowLabel={() => ''} loading />}>
            <Results queryRef={queryRef} stale={pending} adding={adding} onAdded={() => setAdding(false)} />
          </Suspense>
        </ErrorBoundary>
      </ErrorBoundary>
    </Stack>
  );
}
