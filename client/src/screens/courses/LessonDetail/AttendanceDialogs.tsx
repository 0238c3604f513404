import { Field, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { hours, nameIn } from '../shared/codes.tsx';
import type { LessonPanel_lesson$data } from './__generated__/LessonPanel_lesson.graphql.ts';
import type { AttendanceDialogsLeaveMutation } from './__generated__/AttendanceDialogsLeaveMutation.graphql.ts';
import type { AttendanceDialogsUndoSignInMutation } from './__generated__/AttendanceDialogsUndoSignInMutation.graphql.ts';
import type { AttendanceDialogsFeedbackMutation } from './__generated__/AttendanceDialogsFeedbackMutation.graphql.ts';

/** A place in the class list: ask for leave, undo a sign-in, write the feedback. */

const leaveMutation = graphql`
  mutation AttendanceDialogsLeaveMutation($input: AskForLeaveInput!) {
    askForLeave(input: $input) {
      __typename
      ... on AttendancePayload {
        attendance {
          ...LessonPanel_attendance @relay(mask: false)
          lesson {
            id
            attendanceCounts {
              total
              taken
              leave
              untaken
            }
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const undoMutation = graphql`
  mutation AttendanceDialogsUndoSignInMutation($input: AttendanceRefInput!) {
    undoSignIn(input: $input) {
      __typename
      ... on AttendancePayload {
        attendance {
          ...LessonPanel_attendance @relay(mask: false)
          lesson {
            id
            attendanceCounts {
              total
              taken
              leave
              untaken
            }
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const feedbackMutation = graphql`
  mutation AttendanceDialogsFeedbackMutation($input: LessonFeedbackInput!) {
    writeLessonFeedback(input: $input) {
      __typename
      ... on AttendancePayload {
        attendance {
          ...LessonPanel_attendance @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Att = NonNullable<LessonPanel_lesson$data['attendances']['edges'][number]['node']>;

export function LeaveDialog({ att, onClose }: { att: Att; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const leave = useMutationAction<AttendanceDialogsLeaveMutation, AttendanceDialogsLeaveMutation['response']['askForLeave']>(leaveMutation, (r) => r.askForLeave);
  const save = () => {
    if (!reason.trim()) return setProblem(t('coursesUi.attendance.reasonRequired'));
    leave.run({ input: { attendanceId: att.id, reason: reason.trim() } }, { onDone: () => (notify('success', t('coursesUi.attendance.leaveDone')), onClose()) });
  };
  return (
    <FormDialog
      title={t('coursesUi.attendance.leaveOf', { name: nameIn(att.student, lang) })}
      testId="leave-dialog"
      onClose={onClose}
      onSave={save}
      busy={leave.busy}
      error={leave.error}
      saveLabel={t('coursesUi.attendance.askLeave')}
    >
      <Field.Root required invalid={!!problem}>
        <Field.Label>
          {t('coursesUi.attendance.reason')} <Field.RequiredIndicator />
        </Field.Label>
        <Textarea value={reason} onChange={(e) => (setReason(e.target.value), setProblem(null))} data-testid="leave-reason" />
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}

/**
 * Signing in more than 30 minutes before the lesson: the server asked to confirm (its message
 * names the start); the reason typed here is sent with `force` and kept with each place.
 */
export function EarlySignInDialog(props: { message: string; count: number; busy: boolean; error: string | null; onClose: () => void; onConfirm: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => (reason.trim() ? props.onConfirm(reason.trim()) : setProblem(t('coursesUi.attendance.earlyReasonRequired')));
  return (
    <FormDialog
      title={t('coursesUi.attendance.earlyTitle', { count: props.count })}
      testId="early-sign-in-dialog"
      onClose={props.onClose}
      onSave={save}
      busy={props.busy}
      error={props.error}
      saveLabel={t('coursesUi.attendance.earlyConfirm')}
    >
      <Text mb="3" data-testid="early-sign-in-message">
        {props.message}
      </Text>
      <Field.Root required invalid={!!problem}>
        <Field.Label>
          {t('coursesUi.attendance.earlyReason')} <Field.RequiredIndicator />
        </Field.Label>
        <Textarea value={reason} onChange={(e) => (setReason(e.target.value), setProblem(null))} data-testid="early-sign-in-reason" />
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}

/** Undoes a sign-in made by mistake: says what goes back (the state, the hours the sign-in spent). */
export function UndoSignInDialog({ att, onClose }: { att: Att; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const undo = useMutationAction<AttendanceDialogsUndoSignInMutation, AttendanceDialogsUndoSignInMutation['response']['undoSignIn']>(undoMutation, (r) => r.undoSignIn);
  const spent = hours(att.hoursSpent);
  return (
    <ConfirmDialog
      title={t('coursesUi.attendance.undoTitle')}
      message={t('coursesUi.attendance.undoMessage', { name: nameIn(att.student, lang), state: t(att.leaveReason ? 'coursesUi.attendance.LEAVE' : 'coursesUi.attendance.UNTAKEN'), hours: spent })}
      confirmLabel={t('coursesUi.attendance.undo')}
      busy={undo.busy}
      error={undo.error}
      onClose={onClose}
      onConfirm={() => undo.run({ input: { attendanceId: att.id } }, { onDone: () => (notify('success', t('coursesUi.attendance.undone', { hours: spent })), onClose()) })}
      testId="undo-sign-in-dialog"
    />
  );
}

export function FeedbackDialog({ att, onClose }: { att: Att; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [text, setText] = useState(att.feedback ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const write = useMutationAction<AttendanceDialogsFeedbackMutation, AttendanceDialogsFeedbackMutation['response']['writeLessonFeedback']>(feedbackMutation, (r) => r.writeLessonFeedback);
  const save = () => {
    if (!text.trim()) return setProblem(t('coursesUi.attendance.feedbackRequired'));
    write.run({ input: { attendanceId: att.id, feedback: text.trim() } }, { onDone: () => (notify('success', t('coursesUi.saved')), onClose()) });
  };
  return (
    <FormDialog title={t('coursesUi.attendance.feedbackOf', { name: nameIn(att.student, lang) })} testId="feedback-dialog" onClose={onClose} onSave={save} busy={write.busy} error={write.error}>
      <Field.Root required invalid={!!problem}>
        <Field.Label>
          {t('coursesUi.attendance.feedback')} <Field.RequiredIndicator />
        </Field.Label>
        <Textarea rows={5} value={text} onChange={(e) => (setText(e.target.value), setProblem(null))} data-testid="feedback-text" />
        <Field.HelperText>{t('coursesUi.attendance.feedbackHint')}</Field.HelperText>
        <Field.ErrorText>{problem}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
