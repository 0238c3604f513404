import { Checkbox, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { HOURS_TEXT, nameIn } from '../shared/codes.tsx';
import type { LeaveCourseDialogMutation } from './__generated__/LeaveCourseDialogMutation.graphql.ts';
import type { Enrollment } from './CourseTables.tsx';

const leaveMutation = graphql`
  mutation LeaveCourseDialogMutation($input: EnrollmentRefInput!) {
    leaveCourse(input: $input) {
      __typename
      ... on EnrollmentsPayload {
        enrollments {
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

/**
 * A student leaves the course: the confirmation says what stays; with `course.hours` it offers
 * the refund of unused hours: ticked, a number field (all the hours left by default; above 0,
 * one decimal, at most the hours left) and an optional reason for the record; hours not
 * refunded stay on the enrolment (docs/courses.md, "Refund on leaving").
 */
export function LeaveCourseDialog({ enrollment, courseName, canRefund, onClose, onLeft }: { enrollment: Enrollment; courseName: string; canRefund: boolean; onClose: () => void; onLeft: (text: string) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const left = Math.round(enrollment.remainingHours * 10) / 10;
  const [refund, setRefund] = useState(false);
  const [amount, setAmount] = useState(String(left));
  const [problem, setProblem] = useState('');
  const [reason, setReason] = useState('');
  const leave = useMutationAction<LeaveCourseDialogMutation, LeaveCourseDialogMutation['response']['leaveCourse']>(leaveMutation, (r) => r.leaveCourse);
  const confirm = () => {
    const a = amount.trim();
    const n = Number(a);
    if (refund && (!HOURS_TEXT.test(a) || n <= 0 || n > left)) {
      setProblem(t('coursesUi.hours.refundRange', { hours: left }));
      return;
    }
    setProblem('');
    // All the hours left: no number sent (the server refunds what is left at that moment).
    const part = refund && n < left ? n : undefined;
    leave.run(
      { input: { enrollmentId: enrollment.id, refund, ...(part !== undefined ? { refundHours: part } : {}), reason: refund ? reason.trim() || null : null } },
      { onDone: () => onLeft(refund ? t('coursesUi.hours.leftRefunded', { hours: part ?? left }) : t('coursesUi.hours.leftKept')) },
    );
  };
  return (
    <ConfirmDialog
      title={t('coursesUi.hours.leaveTitle')}
      message={t('coursesUi.hours.leaveMessage', { name: nameIn(enrollment.student, lang), course: courseName })}
      confirmLabel={t('coursesUi.hours.leave')}
      destructive
      busy={leave.busy}
      error={leave.error}
      onClose={onClose}
      onConfirm={confirm}
      testId="leave-course-dialog"
    >
      {canRefund &&
        (left > 0 ? (
          <Stack gap="2">
            <Checkbox.Root checked={refund} onCheckedChange={(e) => setRefund(!!e.checked)} data-testid="leave-refund">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('coursesUi.hours.refund', { hours: left })}</Checkbox.Label>
            </Checkbox.Root>
            <Text fontSize="sm" color="fg.muted">
              {t('coursesUi.hours.refundHint')}
            </Text>
            {refund && (
              <>
                <Field.Root required invalid={!!problem}>
                  <Field.Label>
                    {t('coursesUi.hours.refundHours')} <Field.RequiredIndicator />
                  </Field.Label>
                  <Input size="sm" inputMode="decimal" maxW="40" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="leave-refund-hours" />
                  <Field.HelperText>{t('coursesUi.hours.refundHoursHint', { hours: left })}</Field.HelperText>
                  <Field.ErrorText>{problem}</Field.ErrorText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>{t('coursesUi.hours.refundReason')}</Field.Label>
                  <Input size="sm" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} data-testid="leave-refund-reason" />
                </Field.Root>
              </>
            )}
          </Stack>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('coursesUi.hours.refundNone')}
          </Text>
        ))}
    </ConfirmDialog>
  );
}
