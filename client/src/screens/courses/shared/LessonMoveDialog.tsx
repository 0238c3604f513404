import { Field, NativeSelect, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { ConflictList, type Clash } from '../../../components/calendar/ConflictList.tsx';
import { calendarChanged } from '../../../components/calendar/signal.ts';
import { DateField } from '../../../components/fields/DateField.tsx';
import { TimeField } from '../../../components/fields/TimeField.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { instantOf, viewerZone } from './ScheduleLessonsDialog.tsx';
import type { LessonMoveDialogRoomsQuery } from './__generated__/LessonMoveDialogRoomsQuery.graphql.ts';
import type { LessonMoveDialogUpdateMutation } from './__generated__/LessonMoveDialogUpdateMutation.graphql.ts';
import type { LessonMoveDialogMoveMutation } from './__generated__/LessonMoveDialogMoveMutation.graphql.ts';
import type { LessonMoveDialogDeleteMutation } from './__generated__/LessonMoveDialogDeleteMutation.graphql.ts';

const roomsQuery = graphql`
  query LessonMoveDialogRoomsQuery {
    classrooms(first: 200, filter: { state: IN_USE }) {
      edges {
        node {
          id
          databaseId
          no
          name
        }
      }
    }
  }
`;

const updateMutation = graphql`
  mutation LessonMoveDialogUpdateMutation($input: UpdateLessonsInput!) {
    updateLessons(input: $input) {
      __typename
      ... on LessonsPayload {
        lessons {
          id
          startAt
          endAt
          classroomId
          classroomName
        }
      }
      ...ConflictList_clash @relay(mask: false) @dangerously_unaliased_fixme
      ... on Error {
        message
      }
    }
  }
`;

const moveMutation = graphql`
  mutation LessonMoveDialogMoveMutation($input: MoveLessonsInput!) {
    moveLessons(input: $input) {
      __typename
      ... on LessonsPayload {
        lessons {
          id
          startAt
          endAt
          classroomId
          classroomName
        }
      }
      ...ConflictList_clash @relay(mask: false) @dangerously_unaliased_fixme
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation LessonMoveDialogDeleteMutation($input: DeleteLessonsInput!) {
    deleteLessons(input: $input) {
      __typename
      ... on DeleteLessonsPayload {
        deletedLessonIds
      }
      ... on Error {
        message
      }
    }
  }
`;

export type MovableLesson = { id: string; title: string; startAt: string; endAt: string; classroomId: number | null; seriesId: number | null; courseName: string };
type Scope = 'THIS' | 'FOLLOWING' | 'ALL';

function ScopeField({ value, onChange }: { value: Scope; onChange: (s: Scope) => void }) {
  const { t } = useTranslation();
  return (
    <Field.Root>
      <Field.Label>{t('coursesUi.lesson.scope')}</Field.Label>
      <RadioGroup.Root size="sm" value={value} onValueChange={(e) => onChange(e.value as Scope)} data-testid="lesson-scope">
        <Stack gap="1">
          {(['THIS', 'FOLLOWING', 'ALL'] as const).map((s) => (
            <RadioGroup.Item key={s} value={s} data-testid={`scope-${s}`}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t(`coursesUi.lesson.scope.${s}`)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Field.Root>
  );
}

/**
 * Move a lesson to another time (`updateLessons`) or another classroom (`moveLessons`), for this
 * lesson, this and the following ones, or the whole series; the same checks as scheduling
 * (lecturers, room, students), with the conflict list and "save anyway". Opened from the
 * course's lesson plan and by a drop on the course calendar (`proposal`: the dropped time/room).
 */
export function LessonMoveDialog({ lesson, proposal, onClose, onSaved }: { lesson: MovableLesson; proposal?: { start?: Date; end?: Date; classroomId?: number | null }; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const rooms = useLazyLoadQuery<LessonMoveDialogRoomsQuery>(roomsQuery, {}, { fetchPolicy: 'store-or-network' });
  const zone = viewerZone();
  const s0 = DateTime.fromJSDate(proposal?.start ?? new Date(lesson.startAt)).setZone(zone);
  const e0 = DateTime.fromJSDate(proposal?.end ?? new Date(lesson.endAt)).setZone(zone);
  const [day, setDay] = useState(s0.toISODate()!);
  const [start, setStart] = useState(s0.toFormat('HH:mm'));
  const [end, setEnd] = useState(e0.toFormat('HH:mm'));
  const [room, setRoom] = useState(String(proposal?.classroomId !== undefined ? (proposal.classroomId ?? '') : (lesson.classroomId ?? '')));
  const [scope, setScope] = useState<Scope>('THIS');
  const [clash, setClash] = useState<{ total: number; conflicts: readonly Clash[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useMutationAction<LessonMoveDialogUpdateMutation, LessonMoveDialogUpdateMutation['response']['updateLessons']>(updateMutation, (r) => r.updateLessons);
  const move = useMutationAction<LessonMoveDialogMoveMutation, LessonMoveDialogMoveMutation['response']['moveLessons']>(moveMutation, (r) => r.moveLessons);
  const orig = DateTime.fromISO(lesson.startAt).setZone(zone);
  const origEnd = DateTime.fromISO(lesson.endAt).setZone(zone);
  const timeChanged = day !== orig.toISODate() || start !== orig.toFormat('HH:mm') || end !== origEnd.toFormat('HH:mm');
  const roomChanged = room !== String(lesson.classroomId ?? '');
  const roomGid = rooms.classrooms.edges.find((e) => String(e.node.databaseId) === room)?.node.id ?? null;
  const handlers = {
    onDone: () => {
      calendarChanged();
      onSaved();
    },
    onRefused: (a: { __typename: string; total?: number; conflicts?: readonly Clash[] }) => {
      if (a.__typename === 'ScheduleConflictError') {
        setClash({ total: a.total ?? 0, conflicts: a.conflicts ?? [] });
        return true;
      }
      return false;
    },
  };
  const save = () => {
    if (!timeChanged && !roomChanged) return onClose();
    if (!start || !end || end <= start) return setProblem(t('coursesUi.schedule.timeOrder'));
    const force = !!clash;
    if (timeChanged) update.run({ input: { lessonId: lesson.id, startAt: instantOf(day, start), endAt: instantOf(day, end), timeZone: zone, scope, force, ...(roomChanged ? { classroomId: roomGid } : {}) } }, handlers);
    else if (roomGid) move.run({ input: { lessonId: lesson.id, classroomId: roomGid, scope, force } }, handlers);
  };
  const error = clash ? null : (update.error ?? move.error);
  return (
    <FormDialog
      title={t('coursesUi.lesson.moveTitle', { title: lesson.title || lesson.courseName })}
      testId="lesson-move-dialog"
      onClose={onClose}
      onSave={save}
      saveLabel={clash ? t('coursesUi.schedule.saveAnyway') : t('coursesUi.lesson.move')}
      destructive={!!clash}
      busy={update.busy || move.busy}
      error={error}
    >
      {clash && <ConflictList clashes={clash.conflicts} total={clash.total} />}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field.Root>
          <Field.Label>{t('coursesUi.lesson.day')}</Field.Label>
          <DateField size="sm" label={t('coursesUi.lesson.day')} value={day} onChange={(v) => (setDay(v), setClash(null))} testId="move-day" />
        </Field.Root>
        <Field.Root invalid={!!problem}>
          <Field.Label>{t('coursesUi.schedule.start')}</Field.Label>
          <TimeField size="sm" label={t('coursesUi.schedule.start')} value={start} onChange={(v) => (setStart(v), setClash(null), setProblem(null))} testId="move-start" />
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('coursesUi.schedule.end')}</Field.Label>
          <TimeField size="sm" label={t('coursesUi.schedule.end')} value={end} onChange={(v) => (setEnd(v), setClash(null), setProblem(null))} testId="move-end" />
        </Field.Root>
      </SimpleGrid>
      <Field.Root>
        <Field.Label>{t('coursesUi.field.classroomId')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={room} onChange={(e) => (setRoom(e.target.value), setClash(null))} data-testid="move-classroom">
            {!lesson.classroomId && <option value="">{t('coursesUi.form.noClassroom')}</option>}
            {rooms.classrooms.edges.map(({ node }) => (
              <option key={node.id} value={String(node.databaseId)}>
                {node.no} {node.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {lesson.seriesId ? (
        <ScopeField value={scope} onChange={(s) => (setScope(s), setClash(null))} />
      ) : (
        <Text fontSize="sm" color="fg.subtle">
          {t('coursesUi.lesson.single')}
        </Text>
      )}
    </FormDialog>
  );
}

/** Delete a lesson, the following ones or the whole series (refused where records exist). */
export function LessonDeleteDialog({ lesson, onClose, onSaved }: { lesson: MovableLesson; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [scope, setScope] = useState<Scope>('THIS');
  const del = useMutationAction<LessonMoveDialogDeleteMutation, LessonMoveDialogDeleteMutation['response']['deleteLessons']>(deleteMutation, (r) => r.deleteLessons);
  return (
    <FormDialog
      title={t('coursesUi.lesson.deleteTitle', { title: lesson.title || lesson.courseName })}
      testId="lesson-delete-dialog"
      onClose={onClose}
      destructive
      saveLabel={t('coursesUi.lesson.delete')}
      busy={del.busy}
      error={del.error}
      onSave={() => del.run({ input: { lessonId: lesson.id, scope } }, { onDone: () => (calendarChanged(), onSaved()) })}
    >
      <Text>{t('coursesUi.lesson.deleteMessage')}</Text>
      {lesson.seriesId ? <ScopeField value={scope} onChange={setScope} /> : null}
    </FormDialog>
  );
}
