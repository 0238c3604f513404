import { Field, Input, NativeSelect, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { ConflictList, type Clash } from '../../../components/calendar/ConflictList.tsx';
import { calendarChanged } from '../../../components/calendar/signal.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { UserSelect } from '../../../components/selectors/UserSelect.tsx';
import type { Option } from '../../../components/selectors/Combobox.tsx';
import { hours, HOURS_TEXT } from './codes.tsx';
import type { HoursDialogsEnrollMutation } from './__generated__/HoursDialogsEnrollMutation.graphql.ts';
import type { HoursDialogsBuyMutation } from './__generated__/HoursDialogsBuyMutation.graphql.ts';
import type { HoursDialogsAdjustMutation } from './__generated__/HoursDialogsAdjustMutation.graphql.ts';

const enrollMutation = graphql`
  mutation HoursDialogsEnrollMutation($input: EnrollStudentsInput!) {
    enrollStudents(input: $input) {
      __typename
      ... on EnrollmentsPayload {
        enrollments {
          id
          remainingHours
          totalHours
        }
      }
      ...ConflictList_clash @relay(mask: false) @dangerously_unaliased_fixme
      ... on Error {
        message
      }
    }
  }
`;

const buyMutation = graphql`
  mutation HoursDialogsBuyMutation($input: BuyCourseHoursInput!) {
    buyCourseHours(input: $input) {
      __typename
      ... on CourseHoursPayload {
        enrollment {
          id
          remainingHours
          totalHours
          state
        }
      }
      ...ConflictList_clash @relay(mask: false) @dangerously_unaliased_fixme
      ... on Error {
        message
      }
    }
  }
`;

const adjustMutation = graphql`
  mutation HoursDialogsAdjustMutation($input: AdjustCourseHoursInput!) {
    adjustCourseHours(input: $input) {
      __typename
      ... on CourseHoursPayload {
        enrollment {
          id
          remainingHours
          totalHours
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const SIGNED = /^[+-]?\d+(\.\d)?$/;
type ClashState = { total: number; conflicts: readonly Clash[] } | null;
const onClash = (set: (c: ClashState) => void) => (a: { __typename: string; total?: number; conflicts?: readonly Clash[] }) => {
  if (a.__typename === 'ScheduleConflictError') {
    set({ total: a.total ?? 0, conflicts: a.conflicts ?? [] });
    return true;
  }
  return false;
};

/**
 * Enrol a student in a course (`enrollStudents`), with the hours bought at once (optional). The
 * student's other events are checked against every future lesson: a clash answers the list
 * and "enrol anyway". `courses` offers a choice of course when none is given (课时管理 → 新增课时).
 */
export function EnrollDialog({ courseId, courses, onClose, onSaved }: { courseId?: string; courses?: ReadonlyArray<{ id: string; label: string }>; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [course, setCourse] = useState(courseId ?? '');
  const [student, setStudent] = useState<Option | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [clash, setClash] = useState<ClashState>(null);
  const enroll = useMutationAction<HoursDialogsEnrollMutation, HoursDialogsEnrollMutation['response']['enrollStudents']>(enrollMutation, (r) => r.enrollStudents);
  const buy = useMutationAction<HoursDialogsBuyMutation, HoursDialogsBuyMutation['response']['buyCourseHours']>(buyMutation, (r) => r.buyCourseHours);
  const save = () => {
    const p: Record<string, string> = {};
    if (!course) p.course = t('coursesUi.schedule.courseRequired');
    if (!student) p.student = t('coursesUi.hours.studentRequired');
    if (amount.trim() && !HOURS_TEXT.test(amount.trim())) p.hours = t('coursesUi.form.hoursNumber');
    setProblems(p);
    if (Object.keys(p).length || !student) return;
    const done = { onDone: () => (calendarChanged(), onSaved()), onRefused: onClash(setClash) };
    if (amount.trim() && Number(amount) > 0) buy.run({ input: { courseId: course, studentId: student.id, hours: Number(amount), reason: reason.trim() || null, force: !!clash } }, done);
    else enroll.run({ input: { courseId: course, studentIds: [student.id], force: !!clash } }, done);
  };
  return (
    <FormDialog
      title={t('coursesUi.hours.enrollTitle')}
      testId="enroll-dialog"
      onClose={onClose}
      onSave={save}
      saveLabel={clash ? t('coursesUi.hours.enrollAnyway') : t('coursesUi.hours.enroll')}
      destructive={!!clash}
      busy={enroll.busy || buy.busy}
      error={clash ? null : (enroll.error ?? buy.error)}
    >
      {clash && <ConflictList clashes={clash.conflicts} total={clash.total} />}
      {!courseId && courses && (
        <Field.Root required invalid={!!problems.course}>
          <Field.Label>
            {t('coursesUi.field.course')} <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={course} onChange={(e) => (setCourse(e.target.value), setClash(null))} data-testid="enroll-course">
              <option value="">{t('coursesUi.schedule.chooseCourse')}</option>
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{problems.course}</Field.ErrorText>
        </Field.Root>
      )}
      <Field.Root required invalid={!!problems.student}>
        <UserSelect
          value={student}
          onChange={(o) => (setStudent(o), setClash(null))}
          kinds={['STUDENT']}
          label={t('coursesUi.field.student')}
          placeholder={t('coursesUi.hours.studentPlaceholder')}
          testId="enroll-student"
        />
        <Field.ErrorText>{problems.student}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!problems.hours}>
        <Field.Label>{t('coursesUi.hours.bought')}</Field.Label>
        <Input size="sm" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="enroll-hours" />
        <Field.HelperText>{t('coursesUi.hours.boughtHint')}</Field.HelperText>
        <Field.ErrorText>{problems.hours}</Field.ErrorText>
      </Field.Root>
      {amount.trim() !== '' && (
        <Field.Root>
          <Field.Label>{t('coursesUi.hours.reason')}</Field.Label>
          <Input size="sm" value={reason} onChange={(e) => setReason(e.target.value)} data-testid="enroll-reason" />
        </Field.Root>
      )}
    </FormDialog>
  );
}

/**
 * Buy hours for an enrolment (`buyCourseHours`) or adjust them (`adjustCourseHours`, a signed
 * change or a new remaining total), a reason required for an adjustment. The record list keeps
 * before, after, who and why.
 */
export function HoursDialog({
  enrollment,
  mode,
  onClose,
  onSaved,
}: {
  enrollment: { id: string; studentName: string; courseName: string; remainingHours: number };
  mode: 'buy' | 'adjust';
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [how, setHow] = useState<'change' | 'remaining'>('change');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const buy = useMutationAction<HoursDialogsBuyMutation, HoursDialogsBuyMutation['response']['buyCourseHours']>(buyMutation, (r) => r.buyCourseHours);
  const adjust = useMutationAction<HoursDialogsAdjustMutation, HoursDialogsAdjustMutation['response']['adjustCourseHours']>(adjustMutation, (r) => r.adjustCourseHours);
  const save = () => {
    const p: Record<string, string> = {};
    const a = amount.trim();
    if (mode === 'buy' ? !HOURS_TEXT.test(a) || Number(a) <= 0 : how === 'change' ? !SIGNED.test(a) || Number(a) === 0 : !HOURS_TEXT.test(a)) p.amount = t('coursesUi.form.hoursNumber');
    if (mode === 'adjust' && !reason.trim()) p.reason = t('coursesUi.hours.reasonRequired');
    setProblems(p);
    if (Object.keys(p).length) return;
    if (mode === 'buy') buy.run({ input: { enrollmentId: enrollment.id, hours: Number(a), reason: reason.trim() || null } }, { onDone: onSaved });
    else adjust.run({ input: { enrollmentId: enrollment.id, reason: reason.trim(), ...(how === 'change' ? { change: Number(a) } : { remainingHours: Number(a) }) } }, { onDone: onSaved });
  };
  return (
    <FormDialog
      title={t(mode === 'buy' ? 'coursesUi.hours.buyTitle' : 'coursesUi.hours.adjustTitle', { name: enrollment.studentName })}
      testId="hours-dialog"
      onClose={onClose}
      onSave={save}
      busy={buy.busy || adjust.busy}
      error={buy.error ?? adjust.error}
    >
      <Text fontSize="sm" color="fg.muted">
        {enrollment.courseName} · {t('coursesUi.hours.remaining')} {hours(enrollment.remainingHours)}
      </Text>
      {mode === 'adjust' && (
        <RadioGroup.Root size="sm" value={how} onValueChange={(e) => setHow(e.value as 'change' | 'remaining')}>
          <Stack gap="1">
            <RadioGroup.Item value="change" data-testid="adjust-by-change">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t('coursesUi.hours.byChange')}</RadioGroup.ItemText>
            </RadioGroup.Item>
            <RadioGroup.Item value="remaining" data-testid="adjust-to-remaining">
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{t('coursesUi.hours.toRemaining')}</RadioGroup.ItemText>
            </RadioGroup.Item>
          </Stack>
        </RadioGroup.Root>
      )}
      <Field.Root required invalid={!!problems.amount}>
        <Field.Label>
          {t(mode === 'buy' ? 'coursesUi.hours.bought' : how === 'change' ? 'coursesUi.hours.change' : 'coursesUi.hours.newRemaining')} <Field.RequiredIndicator />
        </Field.Label>
        <Input size="sm" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="hours-amount" />
        {mode === 'adjust' && how === 'change' && <Field.HelperText>{t('coursesUi.hours.changeHint')}</Field.HelperText>}
        <Field.ErrorText>{problems.amount}</Field.ErrorText>
      </Field.Root>
      <Field.Root required={mode === 'adjust'} invalid={!!problems.reason}>
        <Field.Label>
          {t('coursesUi.hours.reason')} {mode === 'adjust' && <Field.RequiredIndicator />}
        </Field.Label>
        <Textarea size="sm" rows={2} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="hours-reason" />
        <Field.ErrorText>{problems.reason}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
