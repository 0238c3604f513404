import { Badge, CloseButton, Field, Flex, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { UserSelect } from '../../../components/selectors/UserSelect.tsx';
import { COURSE_SITES, COURSE_TYPES, HOURS_TEXT, nameIn, userGid } from './codes.tsx';
import type { CourseFormDialogOptionsQuery } from './__generated__/CourseFormDialogOptionsQuery.graphql.ts';
import type { CourseFormDialogCreateMutation } from './__generated__/CourseFormDialogCreateMutation.graphql.ts';
import type { CourseFormDialogUpdateMutation } from './__generated__/CourseFormDialogUpdateMutation.graphql.ts';
import { ChoiceSelect } from '../../../components/fields/ChoiceSelect.tsx';

const optionsQuery = graphql`
  query CourseFormDialogOptionsQuery {
    classrooms(first: 200, filter: { state: IN_USE }) {
      edges {
        node {
          id
          databaseId
          name
          no
          capacity
        }
      }
    }
    projects(first: 200, excludeStates: [FINISHED, CANCELLED]) {
      edges {
        node {
          id
          databaseId
          name
          nameEn
        }
      }
    }
  }
`;

const createMutation = graphql`
  mutation CourseFormDialogCreateMutation($input: CreateCourseInput!) {
    createCourse(input: $input) {
      __typename
      ... on CoursePayload {
        course {
          id
          name
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const updateMutation = graphql`
  mutation CourseFormDialogUpdateMutation($input: UpdateCourseInput!) {
    updateCourse(input: $input) {
      __typename
      ... on CoursePayload {
        course {
          id
          no
          name
          type
          site
          place
          classroom {
            id
            name
          }
          lecturers {
            databaseId
            name
            nameEn
          }
          studentCount
          durationMin
          totalNumber
          everyWeekNumber
          lessonHours
          beforeWork
          afterWork
          projectId
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** The course as the form edits it (undefined: a new course). */
export type CourseDraft = {
  id: string;
  no: string;
  name: string;
  type: string;
  site: string;
  place: string;
  classroom: { id: string } | null | undefined;
  lecturers: ReadonlyArray<{ databaseId: number; name: string; nameEn?: string | null }>;
  studentCount: number;
  durationMin: number;
  totalNumber: number;
  everyWeekNumber: number;
  lessonHours: number;
  beforeWork: string;
  afterWork: string;
  projectId: number | null | undefined;
  canChangeLecturers: boolean;
};

type Person = { id: string; label: string };
const whole = (s: string) => /^\d+$/.test(s.trim());

/**
 * Add or edit a course (`createCourse` / `updateCourse`): name (required), number, type, site,
 * place, default classroom, lecturers (several; changing them needs course.manage), class size,
 * lesson length, planned lessons, lessons a week, hours a lesson spends, project, the work
 * before and after class. Attachments are added on the course's detail once it exists.
 */
export function CourseFormDialog({ course, onClose, onSaved }: { course?: CourseDraft; onClose: () => void; onSaved: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const options = useLazyLoadQuery<CourseFormDialogOptionsQuery>(optionsQuery, {}, { fetchPolicy: 'store-or-network' });
  const [f, setF] = useState(() => ({
    name: course?.name ?? '',
    no: course?.no ?? '',
    type: course?.type ?? 'RETAIL',
    site: course?.site ?? 'OFFLINE',
    place: course?.place ?? '',
    classroomId: course?.classroom?.id ?? '',
    projectId: course?.projectId ? String(course.projectId) : '',
    studentCount: String(course?.studentCount ?? 0),
    durationMin: String(course?.durationMin ?? 90),
    totalNumber: String(course?.totalNumber ?? 0),
    everyWeekNumber: String(course?.everyWeekNumber ?? 1),
    lessonHours: String(course?.lessonHours ?? 1),
    beforeWork: course?.beforeWork ?? '',
    afterWork: course?.afterWork ?? '',
  }));
  const [lecturers, setLecturers] = useState<Person[]>(() => (course?.lecturers ?? []).map((p) => ({ id: userGid(p.databaseId), label: nameIn(p, lang) })));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const create = useMutationAction<CourseFormDialogCreateMutation, CourseFormDialogCreateMutation['response']['createCourse']>(createMutation, (r) => r.createCourse);
  const update = useMutationAction<CourseFormDialogUpdateMutation, CourseFormDialogUpdateMutation['response']['updateCourse']>(updateMutation, (r) => r.updateCourse);
  const action = course ? update : create;
  const canChangeLecturers = course ? course.canChangeLecturers : true;

  const check = (next = f) => {
    const p: Record<string, string> = {};
    if (!next.name.trim()) p.name = t('coursesUi.form.nameRequired');
    for (const k of ['studentCount', 'durationMin', 'totalNumber', 'everyWeekNumber'] as const) if (!whole(next[k])) p[k] = t('coursesUi.form.wholeNumber');
    if (!HOURS_TEXT.test(next.lessonHours.trim())) p.lessonHours = t('coursesUi.form.hoursNumber');
    return p;
  };
  const set = (k: keyof typeof f, v: string) => {
    const next = { ...f, [k]: v };
    setF(next);
    if (Object.keys(problems).length) setProblems(check(next));
  };
  const save = () => {
    const p = check();
    setProblems(p);
    if (Object.keys(p).length) return;
    const fields = {
      name: f.name.trim(),
      no: f.no.trim() || null,
      type: f.type as (typeof COURSE_TYPES)[number],
      site: f.site as (typeof COURSE_SITES)[number],
      place: f.place,
      classroomId: f.classroomId || null,
      clearClassroom: !f.classroomId,
      projectId: options.projects.edges.find((e) => String(e.node.databaseId) === f.projectId)?.node.id ?? null,
      studentCount: Number(f.studentCount),
      durationMin: Number(f.durationMin),
      totalNumber: Number(f.totalNumber),
      everyWeekNumber: Number(f.everyWeekNumber),
      lessonHours: Number(f.lessonHours),
      beforeWork: f.beforeWork,
      afterWork: f.afterWork,
      ...(canChangeLecturers ? { lecturerIds: lecturers.map((l) => l.id) } : {}),
      force: true,
    };
    if (course) update.run({ input: { courseId: course.id, ...fields } }, { onDone: (a) => a.__typename === 'CoursePayload' && a.course && onSaved(a.course.id) });
    else create.run({ input: fields }, { onDone: (a) => a.__typename === 'CoursePayload' && a.course && onSaved(a.course.id) });
  };

  const num = (k: 'studentCount' | 'durationMin' | 'totalNumber' | 'everyWeekNumber' | 'lessonHours', hint?: string) => (
    <Field.Root invalid={!!problems[k]}>
      <Field.Label>{t(`coursesUi.field.${k}`)}</Field.Label>
      <Input size="sm" inputMode="decimal" value={f[k]} onChange={(e) => set(k, e.target.value)} data-testid={`course-form-${k}`} />
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
      <Field.ErrorText>{problems[k]}</Field.ErrorText>
    </Field.Root>
  );
  const select = (k: 'type' | 'site' | 'classroomId' | 'projectId', opts: Array<{ value: string; label: string }>, withNone?: string) => (
    <Field.Root>
      <Field.Label>{t(`coursesUi.field.${k}`)}</Field.Label>
      <ChoiceSelect size="sm" value={f[k]} onChange={(v) => set(k, v)} testId={`course-form-${k}`} options={opts} empty={withNone} />
    </Field.Root>
  );

  return (
    <FormDialog
      title={course ? t('coursesUi.form.editTitle', { name: course.name }) : t('coursesUi.form.addTitle')}
      testId="course-form-dialog"
      onClose={onClose}
      onSave={save}
      busy={action.busy}
      error={action.error}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root required invalid={!!problems.name}>
          <Field.Label>
            {t('coursesUi.field.name')} <Field.RequiredIndicator />
          </Field.Label>
          <Input size="sm" value={f.name} onChange={(e) => set('name', e.target.value)} onBlur={() => setProblems(check())} data-testid="course-form-name" />
          <Field.ErrorText>{problems.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('coursesUi.field.no')}</Field.Label>
          <Input size="sm" value={f.no} onChange={(e) => set('no', e.target.value)} data-testid="course-form-no" />
          <Field.HelperText>{t('coursesUi.form.noHint')}</Field.HelperText>
        </Field.Root>
        {select(
          'type',
          COURSE_TYPES.map((v) => ({ value: v, label: t(`coursesUi.type.${v}`) })),
        )}
        {select(
          'site',
          COURSE_SITES.map((v) => ({ value: v, label: t(`coursesUi.site.${v}`) })),
        )}
        {select(
          'classroomId',
          options.classrooms.edges.map(({ node }) => ({ value: node.id, label: `${node.no} ${node.name}${node.capacity ? ` (${t('coursesUi.classroom.seats', { n: node.capacity })})` : ''}` })),
          t('coursesUi.form.noClassroom'),
        )}
        <Field.Root>
          <Field.Label>{t('coursesUi.field.place')}</Field.Label>
          <Input size="sm" value={f.place} onChange={(e) => set('place', e.target.value)} data-testid="course-form-place" />
        </Field.Root>
        {select(
          'projectId',
          options.projects.edges.map(({ node }) => ({ value: String(node.databaseId), label: nameIn(node, lang) })),
          t('coursesUi.form.noProject'),
        )}
        {num('lessonHours', t('coursesUi.form.lessonHoursHint'))}
        {num('durationMin')}
        {num('studentCount', t('coursesUi.form.studentCountHint'))}
        {num('totalNumber', t('coursesUi.form.totalNumberHint'))}
        {num('everyWeekNumber')}
      </SimpleGrid>
      <Stack gap="2">
        <Text fontSize="sm" fontWeight="medium">
          {t('coursesUi.field.lecturers')}
        </Text>
        <Flex gap="2" wrap="wrap" data-testid="course-form-lecturers">
          {lecturers.map((l) => (
            <Badge key={l.id} variant="subtle" colorPalette="blue" size="lg" gap="1">
              {l.label}
              {canChangeLecturers && <CloseButton size="2xs" aria-label={t('coursesUi.form.removeLecturer', { name: l.label })} onClick={() => setLecturers((xs) => xs.filter((x) => x.id !== l.id))} />}
            </Badge>
          ))}
          {!lecturers.length && (
            <Text fontSize="sm" color="fg.subtle">
              {t('coursesUi.form.noLecturer')}
            </Text>
          )}
        </Flex>
        {canChangeLecturers ? (
          <UserSelect
            value={null}
            onChange={(o) => o && setLecturers((xs) => (xs.some((x) => x.id === o.id) ? xs : [...xs, { id: o.id, label: o.label }]))}
            label={t('coursesUi.form.addLecturer')}
            placeholder={t('coursesUi.form.addLecturer')}
            testId="course-form-lecturer"
          />
        ) : (
          <Text fontSize="xs" color="fg.subtle">
            {t('coursesUi.form.lecturersManaged')}
          </Text>
        )}
      </Stack>
      <Field.Root>
        <Field.Label>{t('coursesUi.field.beforeWork')}</Field.Label>
        <Textarea size="sm" rows={3} value={f.beforeWork} onChange={(e) => set('beforeWork', e.target.value)} data-testid="course-form-beforeWork" />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('coursesUi.field.afterWork')}</Field.Label>
        <Textarea size="sm" rows={3} value={f.afterWork} onChange={(e) => set('afterWork', e.target.value)} data-testid="course-form-afterWork" />
      </Field.Root>
      {!course && (
        <Text fontSize="xs" color="fg.subtle">
          {t('coursesUi.form.attachmentsLater')}
        </Text>
      )}
    </FormDialog>
  );
}
