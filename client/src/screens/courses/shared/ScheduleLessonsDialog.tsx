import { Field, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { ConflictList, type Clash } from '../../../components/calendar/ConflictList.tsx';
import { DateField } from '../../../components/fields/DateField.tsx';
import { TimeField } from '../../../components/fields/TimeField.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { calendarChanged } from '../../../components/calendar/signal.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { sessionUser } from '../../../state/session.ts';
import { RecurrenceFields } from '../../../components/calendar/RecurrenceFields.tsx';
import { NO_REPEAT, recurrenceInput, repeatProblem, type Repeat } from '../../../components/calendar/recurrence.ts';
import type { ScheduleLessonsDialogCoursesQuery } from './__generated__/ScheduleLessonsDialogCoursesQuery.graphql.ts';
import type { ScheduleLessonsDialogMutation } from './__generated__/ScheduleLessonsDialogMutation.graphql.ts';
import { ChoiceSelect } from '../../../components/fields/ChoiceSelect.tsx';

const coursesQuery = graphql`
  query ScheduleLessonsDialogCoursesQuery {
    courses(first: 200) {
      edges {
        node {
          id
          name
          no
          durationMin
          viewerCanManage
          classroom {
            id
          }
        }
      }
    }
    classrooms(first: 200, filter: { state: IN_USE }) {
      edges {
        node {
          id
          no
          name
          capacity
        }
      }
    }
  }
`;

const scheduleMutation = graphql`
  mutation ScheduleLessonsDialogMutation($input: ScheduleLessonsInput!) {
    scheduleLessons(input: $input) {
      __typename
      ... on LessonsPayload {
        lessons {
          id
        }
        course {
          id
          lessons(first: 0) {
            totalCount
          }
        }
      }
      ...ConflictList_clash @relay(mask: false) @dangerously_unaliased_fixme
      ... on Error {
        message
      }
    }
  }
`;

/** The zone lessons are written in: the viewer's (the server keeps the series in it). */
export const viewerZone = () => sessionUser.get()?.timeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A day and a wall time of the viewer's zone as an ISO instant. */
export const instantOf = (day: string, time: string) => DateTime.fromISO(`${day}T${time}`, { zone: viewerZone() }).toISO()!;

/**
 * Schedule a course's lessons (`scheduleLessons`): one lesson or a series (daily, weekly on
 * chosen days, monthly; N times or until a day), in the course's classroom or another. The
 * server checks the lecturers, the classroom and every enrolled student on every occurrence:
 * a clash answers the conflict list, and "save anyway" sends the same lessons with `force`.
 */
export function ScheduleLessonsDialog({ courseId, onClose, onSaved }: { courseId?: string; onClose: () => void; onSaved: (count: number) => void }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<ScheduleLessonsDialogCoursesQuery>(coursesQuery, {}, { fetchPolicy: 'store-and-network' });
  const courses = data.courses.edges.map((e) => e.node).filter((c) => c.viewerCanManage);
  const [course, setCourse] = useState(courseId ?? '');
  const chosen = courses.find((c) => c.id === course);
  const [day, setDay] = useState(() => DateTime.now().setZone(viewerZone()).plus({ days: 1 }).toISODate()!);
  const [start, setStart] = useState('18:00');
  const [end, setEnd] = useState(() =>
    DateTime.fromISO('2000-01-01T18:00')
      .plus({ minutes: chosen?.durationMin || 90 })
      .toFormat('HH:mm'),
  );
  const [classroom, setClassroom] = useState(chosen?.classroom?.id ?? '');
  const [title, setTitle] = useState('');
  const [repeat, setRepeat] = useState<Repeat>({ ...NO_REPEAT, freq: 'WEEKLY', byWeekday: [], count: '8' });
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [clash, setClash] = useState<{ total: number; conflicts: readonly Clash[] } | null>(null);
  const save = useMutationAction<ScheduleLessonsDialogMutation, ScheduleLessonsDialogMutation['response']['scheduleLessons']>(scheduleMutation, (r) => r.scheduleLessons);

  const pickCourse = (id: string) => {
    setCourse(id);
    const c = courses.find((x) => x.id === id);
    if (c?.classroom?.id) setClassroom(c.classroom.id);
    if (c?.durationMin) setEnd(DateTime.fromISO(`2000-01-01T${start}`).plus({ minutes: c.durationMin }).toFormat('HH:mm'));
    setClash(null);
  };
  const check = () => {
    const p: Record<string, string> = {};
    if (!course) p.course = t('coursesUi.schedule.courseRequired');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) p.day = t('coursesUi.schedule.dayRequired');
    if (!start || !end || end <= start) p.time = t('coursesUi.schedule.timeOrder');
    const r = repeatProblem(repeat.freq === 'WEEKLY' && !repeat.byWeekday.length ? { ...repeat, byWeekday: [weekdayOf(day)] } : repeat);
    if (r) p.repeat = t(r);
    return p;
  };
  const submit = (force: boolean) => {
    const p = check();
    setProblems(p);
    if (Object.keys(p).length) return;
    const r = repeat.freq === 'WEEKLY' && !repeat.byWeekday.length ? { ...repeat, byWeekday: [weekdayOf(day)] } : repeat;
    save.run(
      {
        input: {
          courseId: course,
          startAt: instantOf(day, start),
          endAt: instantOf(day, end),
          timeZone: viewerZone(),
          classroomId: classroom || null,
          title: title.trim() || null,
          recurrence: recurrenceInput(r),
          force,
        },
      },
      {
        onDone: (a) => {
          if (a.__typename !== 'LessonsPayload') return;
          calendarChanged();
          onSaved(a.lessons?.length ?? 0);
        },
        onRefused: (a) => {
          if (a.__typename === 'ScheduleConflictError') {
            setClash({ total: a.total ?? 0, conflicts: a.conflicts ?? [] });
            return true;
          }
          setClash(null);
          return false;
        },
      },
    );
  };

  return (
    <FormDialog
      title={chosen ? t('coursesUi.schedule.titleOf', { name: chosen.name }) : t('coursesUi.schedule.title')}
      testId="schedule-lessons-dialog"
      onClose={onClose}
      onSave={() => submit(!!clash)}
      saveLabel={clash ? t('coursesUi.schedule.saveAnyway') : t('coursesUi.schedule.save')}
      destructive={!!clash}
      busy={save.busy}
      error={clash ? null : save.error}
      size="lg"
    >
      {clash && <ConflictList clashes={clash.conflicts} total={clash.total} />}
      {!courseId && (
        <Field.Root required invalid={!!problems.course}>
          <Field.Label>
            {t('coursesUi.field.course')} <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={course} onChange={(e) => pickCourse(e.target.value)} data-testid="schedule-course">
              <option value="">{t('coursesUi.schedule.chooseCourse')}</option>
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.no} {c.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{problems.course}</Field.ErrorText>
        </Field.Root>
      )}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field.Root required invalid={!!problems.day}>
          <Field.Label>
            {t('coursesUi.schedule.firstDay')} <Field.RequiredIndicator />
          </Field.Label>
          <DateField size="sm" label={t('coursesUi.schedule.firstDay')} value={day} onChange={(v) => (setDay(v), setClash(null))} testId="schedule-day" />
          <Field.ErrorText>{problems.day}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!!problems.time}>
          <Field.Label>{t('coursesUi.schedule.start')}</Field.Label>
          <TimeField size="sm" label={t('coursesUi.schedule.start')} value={start} onChange={(v) => (setStart(v), setClash(null))} testId="schedule-start" />
          <Field.ErrorText>{problems.time}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!!problems.time}>
          <Field.Label>{t('coursesUi.schedule.end')}</Field.Label>
          <TimeField size="sm" label={t('coursesUi.schedule.end')} value={end} onChange={(v) => (setEnd(v), setClash(null))} testId="schedule-end" />
        </Field.Root>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root>
          <Field.Label>{t('coursesUi.field.classroomId')}</Field.Label>
          <ChoiceSelect
            size="sm"
            value={classroom}
            onChange={(value) => (setClassroom(value), setClash(null))}
            empty={t('coursesUi.form.noClassroom')}
            options={data.classrooms.edges.map(({ node }) => ({ value: node.id, label: `${node.no} ${node.name}` }))}
            testId="schedule-classroom"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('coursesUi.schedule.lessonTitle')}</Field.Label>
          <Input size="sm" value={title} onChange={(e) => setTitle(e.target.value)} data-testid="schedule-title" />
          <Field.HelperText>{t('coursesUi.schedule.lessonTitleHint')}</Field.HelperText>
        </Field.Root>
      </SimpleGrid>
      <RecurrenceFields value={repeat} onChange={(r) => (setRepeat(r), setClash(null))} start={DateTime.fromISO(day).toJSDate()} error={problems.repeat} />
      {repeat.freq === 'WEEKLY' && !repeat.byWeekday.length && (
        <Text fontSize="xs" color="fg.subtle">
          {t('coursesUi.schedule.sameWeekday')}
        </Text>
      )}
    </FormDialog>
  );
}

const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
function weekdayOf(day: string): (typeof DAYS)[number] {
  const d = DateTime.fromISO(day);
  return DAYS[(d.isValid ? d.weekday : 1) - 1]!;
}
