import { Badge, Box, Button, Field, Flex, Heading, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useRelayEnvironment } from 'react-relay';
import { DateField } from '../../../components/fields/DateField.tsx';
import { TimeField } from '../../../components/fields/TimeField.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import { AttendanceBadge, HomeworkBadge, hours, nameIn } from '../shared/codes.tsx';
import { FileList, UploadButton } from '../shared/files.tsx';
import { instantOf, viewerZone } from '../shared/ScheduleLessonsDialog.tsx';
import type { LessonPanel_lesson$data, LessonPanel_lesson$key } from './__generated__/LessonPanel_lesson.graphql.ts';
import type { LessonPanelSignInMutation } from './__generated__/LessonPanelSignInMutation.graphql.ts';
import type { LessonPanelLeaveMutation } from './__generated__/LessonPanelLeaveMutation.graphql.ts';
import type { LessonPanelUndoSignInMutation } from './__generated__/LessonPanelUndoSignInMutation.graphql.ts';
import type { LessonPanelFeedbackMutation } from './__generated__/LessonPanelFeedbackMutation.graphql.ts';
import type { LessonPanelReleaseMutation } from './__generated__/LessonPanelReleaseMutation.graphql.ts';
import type { LessonPanelTaskMutation } from './__generated__/LessonPanelTaskMutation.graphql.ts';
import type { LessonPanelTaskFileMutation } from './__generated__/LessonPanelTaskFileMutation.graphql.ts';
import type { LessonPanelCustomTaskMutation } from './__generated__/LessonPanelCustomTaskMutation.graphql.ts';
import type { LessonPanelAcceptMutation } from './__generated__/LessonPanelAcceptMutation.graphql.ts';
import type { LessonPanelRevisionMutation } from './__generated__/LessonPanelRevisionMutation.graphql.ts';
import type { LessonPanelSubmitMutation } from './__generated__/LessonPanelSubmitMutation.graphql.ts';

const fragment = graphql`
  fragment LessonPanel_lesson on Lesson {
    id
    databaseId
    title
    startAt
    endAt
    classroomName
    address
    viewerCanManage
    taskContent
    taskDueAt
    taskFiles {
      databaseId
      fileName
      url
      size
    }
    course {
      id
      name
      lessonHours
      lecturers {
        databaseId
        name
        nameEn
      }
    }
    attendanceCounts {
      total
      taken
      leave
      untaken
    }
    attendances(first: 200) {
      edges {
        node {
          ...LessonPanel_attendance @relay(mask: false)
        }
      }
    }
  }
`;

/** The fields of a place in the class list, spread unmasked into the list and every mutation's answer. */
const attendanceFields = graphql`
  fragment LessonPanel_attendance on Attendance {
    id
    state
    signedAt
    hoursSpent
    leaveReason
    feedback
    feedbackReleasedAt
    student {
      databaseId
      name
      nameEn
    }
    enrollment {
      id
      remainingHours
      totalHours
    }
    homework {
      id
      state
      dueAt
      submittedAt
      late
      comment
      reviewedAt
      viewerTransitions
      files {
        databaseId
        fileName
        url
        size
        kind
      }
    }
  }
`;
void attendanceFields;

const signInMutation = graphql`
  mutation LessonPanelSignInMutation($input: AttendanceIdsInput!) {
    signInLesson(input: $input) {
      __typename
      ... on AttendancesPayload {
        attendances {
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
  mutation LessonPanelUndoSignInMutation($input: AttendanceRefInput!) {
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

const leaveMutation = graphql`
  mutation LessonPanelLeaveMutation($input: AskForLeaveInput!) {
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

const feedbackMutation = graphql`
  mutation LessonPanelFeedbackMutation($input: LessonFeedbackInput!) {
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

const releaseMutation = graphql`
  mutation LessonPanelReleaseMutation($input: AttendanceIdsInput!) {
    releaseLessonFeedback(input: $input) {
      __typename
      ... on AttendancesPayload {
        attendances {
          ...LessonPanel_attendance @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const taskMutation = graphql`
  mutation LessonPanelTaskMutation($input: LessonTaskInput!) {
    setLessonTask(input: $input) {
      __typename
      ... on LessonPayload {
        lesson {
          id
          taskContent
          taskDueAt
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const taskFileMutation = graphql`
  mutation LessonPanelTaskFileMutation($input: UploadLessonTaskFileInput!) {
    uploadLessonTaskFile(input: $input) {
      __typename
      ... on CourseFilePayload {
        file {
          databaseId
          fileName
          url
          size
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const customTaskMutation = graphql`
  mutation LessonPanelCustomTaskMutation($input: UploadCustomTaskInput!) {
    uploadCustomTask(input: $input) {
      __typename
      ... on HomeworkPayload {
        homework {
          attendance {
            ...LessonPanel_attendance @relay(mask: false)
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const submitMutation = graphql`
  mutation LessonPanelSubmitMutation($input: SubmitHomeworkInput!) {
    submitHomework(input: $input) {
      __typename
      ... on HomeworkPayload {
        homework {
          attendance {
            ...LessonPanel_attendance @relay(mask: false)
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const acceptMutation = graphql`
  mutation LessonPanelAcceptMutation($input: ReviewHomeworkInput!) {
    acceptHomework(input: $input) {
      __typename
      ... on HomeworkPayload {
        homework {
          attendance {
            ...LessonPanel_attendance @relay(mask: false)
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const revisionMutation = graphql`
  mutation LessonPanelRevisionMutation($input: ReviewHomeworkInput!) {
    requestHomeworkRevision(input: $input) {
      __typename
      ... on HomeworkPayload {
        homework {
          attendance {
            ...LessonPanel_attendance @relay(mask: false)
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Lesson = LessonPanel_lesson$data;
type Att = NonNullable<Lesson['attendances']['edges'][number]['node']>;

/** A payload's typed error as a thrown message (for sendWithFile's answers). */
export function refusedOf(answer: { readonly __typename: string; readonly message?: string }): void {
  if (/Error$/.test(answer.__typename)) throw new Error(answer.message ?? '');
}

function LeaveDialog({ att, onClose }: { att: Att; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const leave = useMutationAction<LessonPanelLeaveMutation, LessonPanelLeaveMutation['response']['askForLeave']>(leaveMutation, (r) => r.askForLeave);
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

/** Undoes a sign-in made by mistake: says what goes back (the state, the hours the sign-in spent). */
function UndoSignInDialog({ att, onClose }: { att: Att; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const undo = useMutationAction<LessonPanelUndoSignInMutation, LessonPanelUndoSignInMutation['response']['undoSignIn']>(undoMutation, (r) => r.undoSignIn);
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

function FeedbackDialog({ att, onClose }: { att: Att; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [text, setText] = useState(att.feedback ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const write = useMutationAction<LessonPanelFeedbackMutation, LessonPanelFeedbackMutation['response']['writeLessonFeedback']>(feedbackMutation, (r) => r.writeLessonFeedback);
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

function TaskDialog({ lesson, onClose, onChanged }: { lesson: Lesson; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation();
  const environment = useRelayEnvironment();
  const due = lesson.taskDueAt ? DateTime.fromISO(lesson.taskDueAt as string).setZone(viewerZone()) : null;
  const [content, setContent] = useState(lesson.taskContent);
  // No end date yet: a week after the lesson.
  const [day, setDay] = useState(
    due?.toISODate() ??
      DateTime.fromISO(lesson.startAt as string)
        .setZone(viewerZone())
        .plus({ days: 7 })
        .toISODate()!,
  );
  const [time, setTime] = useState(due?.toFormat('HH:mm') ?? '23:45');
  const set = useMutationAction<LessonPanelTaskMutation, LessonPanelTaskMutation['response']['setLessonTask']>(taskMutation, (r) => r.setLessonTask);
  // The students' homework rows change with the task: the class list is read again.
  const save = () => set.run({ input: { lessonId: lesson.id, content, dueAt: day ? instantOf(day, time || '23:45') : null } }, { onDone: () => (notify('success', t('coursesUi.saved')), onChanged(), onClose()) });
  return (
    <FormDialog title={t('coursesUi.homework.setTitle', { title: lesson.title })} testId="task-dialog" onClose={onClose} onSave={save} busy={set.busy} error={set.error} size="lg">
      <Field.Root>
        <Field.Label>{t('coursesUi.homework.content')}</Field.Label>
        <Textarea rows={5} value={content} onChange={(e) => setContent(e.target.value)} data-testid="task-content" />
        <Field.HelperText>{t('coursesUi.homework.contentHint')}</Field.HelperText>
      </Field.Root>
      <Flex gap="3" wrap="wrap">
        <Field.Root w={{ base: 'full', sm: '48' }}>
          <Field.Label>{t('coursesUi.homework.dueDay')}</Field.Label>
          <DateField size="sm" label={t('coursesUi.homework.dueDay')} value={day} onChange={setDay} testId="task-due-day" />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '32' }}>
          <Field.Label>{t('coursesUi.homework.dueTime')}</Field.Label>
          <TimeField size="sm" label={t('coursesUi.homework.dueTime')} value={time} onChange={setTime} testId="task-due-time" />
        </Field.Root>
      </Flex>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          {t('coursesUi.homework.files')}
        </Text>
        <FileList files={lesson.taskFiles} />
        <UploadButton
          label={t('coursesUi.homework.uploadTask')}
          testId="task-upload"
          upload={(file, p) =>
            sendWithFile<LessonPanelTaskFileMutation>(environment, taskFileMutation, { input: { lessonId: lesson.id, file: null } }, 'input.file', file, p).then((r) => (refusedOf(r.uploadLessonTaskFile), onChanged()))
          }
        />
      </Stack>
    </FormDialog>
  );
}

function ReviewDialog({ att, canManage, onClose }: { att: Att; canManage: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const environment = useRelayEnvironment();
  const hw = att.homework;
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const accept = useMutationAction<LessonPanelAcceptMutation, LessonPanelAcceptMutation['response']['acceptHomework']>(acceptMutation, (r) => r.acceptHomework);
  const revise = useMutationAction<LessonPanelRevisionMutation, LessonPanelRevisionMutation['response']['requestHomeworkRevision']>(revisionMutation, (r) => r.requestHomeworkRevision);
  const can = (x: string) => !!hw?.viewerTransitions.includes(x as never);
  const answers = hw?.files.filter((f) => f.kind === 'ANSWER') ?? [];
  const custom = hw?.files.filter((f) => f.kind === 'CUSTOM_TASK') ?? [];
  return (
    <FormDialog
      title={t('coursesUi.homework.reviewOf', { name: nameIn(att.student, lang) })}
      testId="review-dialog"
      onClose={onClose}
      onSave={() => accept.run({ input: { attendanceId: att.id, comment: comment.trim() || null } }, { onDone: () => (notify('success', t('coursesUi.homework.accepted')), onClose()) })}
      saveLabel={t('coursesUi.homework.accept')}
      busy={accept.busy}
      error={accept.error ?? revise.error}
      size="lg"
    >
      <Flex gap="2" align="center" wrap="wrap">
        <HomeworkBadge state={hw?.state ?? 'NONE'} data-testid="review-state" />
        {hw?.late && (
          <Badge colorPalette="red" variant="subtle">
            {t('coursesUi.homework.late')}
          </Badge>
        )}
        {hw?.dueAt && (
          <Text fontSize="sm" color="fg.muted">
            {t('coursesUi.homework.due')} {fmt.dateTime(hw.dueAt as string)}
          </Text>
        )}
        {hw?.submittedAt && (
          <Text fontSize="sm" color="fg.muted">
            {t('coursesUi.homework.submittedAt')} {fmt.dateTime(hw.submittedAt as string)}
          </Text>
        )}
      </Flex>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          {t('coursesUi.homework.answers')}
        </Text>
        <FileList files={answers} />
      </Stack>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          {t('coursesUi.homework.customTasks')}
        </Text>
        <FileList files={custom} />
        {canManage && (
          <UploadButton
            size="xs"
            label={t('coursesUi.homework.uploadCustom')}
            testId="custom-task-upload"
            upload={(file, p) =>
              sendWithFile<LessonPanelCustomTaskMutation>(environment, customTaskMutation, { input: { attendanceId: att.id, file: null } }, 'input.file', file, p).then((r) => refusedOf(r.uploadCustomTask))
            }
          />
        )}
        {canManage && can('submit') && (
          <UploadButton
            size="xs"
            label={t('coursesUi.homework.uploadAnswerFor')}
            testId="answer-for-upload"
            upload={(file, p) => sendWithFile<LessonPanelSubmitMutation>(environment, submitMutation, { input: { attendanceId: att.id, file: null } }, 'input.file', file, p).then((r) => refusedOf(r.submitHomework))}
          />
        )}
      </Stack>
      {hw?.comment && (
        <Text fontSize="sm" data-testid="review-comment">
          {t('coursesUi.homework.comment')}: {hw.comment}
        </Text>
      )}
      {(can('accept') || can('requestRevision')) && (
        <Field.Root invalid={!!problem}>
          <Field.Label>{t('coursesUi.homework.comment')}</Field.Label>
          <Textarea value={comment} onChange={(e) => (setComment(e.target.value), setProblem(null))} data-testid="review-comment-input" />
          <Field.HelperText>{t('coursesUi.homework.commentHint')}</Field.HelperText>
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
      )}
      {can('requestRevision') && (
        <Box>
          <Button
            size="sm"
            variant="outline"
            colorPalette="orange"
            loading={revise.busy}
            data-testid="review-revision"
            onClick={() => {
              if (!comment.trim()) return setProblem(t('coursesUi.homework.commentRequired'));
              revise.run({ input: { attendanceId: att.id, comment: comment.trim() } }, { onDone: () => (notify('success', t('coursesUi.homework.revisionAsked')), onClose()) });
            }}
          >
            {t('coursesUi.homework.requestRevision')}
          </Button>
        </Box>
      )}
    </FormDialog>
  );
}

/**
 * One lesson: its facts, the class list with taken / untaken / leave, sign in one or all
 * (the course's hours drop by the course's `lessonHours` for each), leave requests with a
 * reason, feedback and its release to the families, the lesson's homework (the fixed task and
 * its end date, a custom task per student) and each student's submission with accept or
 * "revise" with a comment.
 */
export function LessonPanel({ lesson: key, onChanged }: { lesson: LessonPanel_lesson$key; onChanged: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const lesson = useFragment(fragment, key);
  const rows = lesson.attendances.edges.map((e) => e.node).filter((n): n is Att => n != null);
  const [dialog, setDialog] = useState<{ kind: 'leave' | 'feedback' | 'review' | 'undo'; att: Att } | { kind: 'task' } | null>(null);
  const signIn = useMutationAction<LessonPanelSignInMutation, LessonPanelSignInMutation['response']['signInLesson']>(signInMutation, (r) => r.signInLesson);
  const release = useMutationAction<LessonPanelReleaseMutation, LessonPanelReleaseMutation['response']['releaseLessonFeedback']>(releaseMutation, (r) => r.releaseLessonFeedback);
  const manage = lesson.viewerCanManage;
  const untaken = rows.filter((r) => r.state !== 'TAKEN');
  const unreleased = rows.filter((r) => r.feedback && !r.feedbackReleasedAt);
  const started = DateTime.fromISO(lesson.startAt as string) <= DateTime.now();
  const sign = (ids: string[]) =>
    signIn.run(
      { input: { attendanceIds: ids } },
      { onDone: (a) => a.__typename === 'AttendancesPayload' && notify('success', t('coursesUi.attendance.signedIn', { count: a.attendances?.length ?? 0 })), onFailed: () => undefined },
    );
  const error = signIn.error ?? release.error;

  return (
    <Stack gap="4" minW="0" maxW="full" data-testid="lesson-panel">
      <Box layerStyle="panel" p="4" borderWidth="1px" borderRadius="md" bg="bg.panel">
        <Stack gap="1">
          <Heading size="md">{lesson.title || lesson.course.name}</Heading>
          <Text color="fg.muted" data-testid="lesson-time">
            {fmt.range(lesson.startAt as string, lesson.endAt as string)} · {lesson.classroomName ?? (lesson.address || t('coursesUi.form.noClassroom'))}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('coursesUi.field.lecturers')}: {lesson.course.lecturers.map((l) => nameIn(l, lang)).join(lang === 'zh' ? '、' : ', ') || '—'} · {t('coursesUi.field.lessonHours')}: {hours(lesson.course.lessonHours)}
          </Text>
          <Flex gap="2" wrap="wrap" data-testid="lesson-counts">
            <Badge variant="subtle">{t('coursesUi.attendance.total', { n: lesson.attendanceCounts.total })}</Badge>
            <Badge colorPalette="green" variant="subtle">
              {t('coursesUi.attendance.TAKEN')} {lesson.attendanceCounts.taken}
            </Badge>
            <Badge colorPalette="orange" variant="subtle">
              {t('coursesUi.attendance.LEAVE')} {lesson.attendanceCounts.leave}
            </Badge>
            <Badge variant="subtle">
              {t('coursesUi.attendance.UNTAKEN')} {lesson.attendanceCounts.untaken}
            </Badge>
          </Flex>
        </Stack>
      </Box>

      <Stack gap="2">
        <Flex gap="2" align="center" wrap="wrap">
          <Heading size="sm" flex="1">
            {t('coursesUi.attendance.title')}
          </Heading>
          {manage && (
            <>
              <Button size="sm" colorPalette="blue" disabled={!untaken.length} loading={signIn.busy} onClick={() => sign(untaken.map((r) => r.id))} data-testid="sign-in-all">
                {t('coursesUi.attendance.signInAll', { count: untaken.length })}
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={!unreleased.length}
                loading={release.busy}
                onClick={() => release.run({ input: { attendanceIds: unreleased.map((r) => r.id) } }, { onDone: () => notify('success', t('coursesUi.attendance.released')) })}
                data-testid="release-feedback"
              >
                {t('coursesUi.attendance.release', { count: unreleased.length })}
              </Button>
            </>
          )}
        </Flex>
        {error && (
          <Text color="fg.error" fontSize="sm" data-testid="lesson-error" role="alert">
            {error}
          </Text>
        )}
        <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full" position="relative" tabIndex={0} aria-label={t('coursesUi.attendance.title')}>
          <Table.Root size="sm" aria-label={t('coursesUi.attendance.title')} data-testid="attendance-table">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t('coursesUi.field.student')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('coursesUi.attendance.state')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('coursesUi.hours.remaining')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('coursesUi.attendance.note')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('coursesUi.homework.title')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text srOnly>{t('listKit.actions')}</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={r.id} data-testid={`attendance-${r.student.databaseId}`}>
                  <Table.Cell fontWeight="medium">{nameIn(r.student, lang)}</Table.Cell>
                  <Table.Cell>
                    <AttendanceBadge state={r.state} data-testid="attendance-state" />
                    {r.signedAt && (
                      <Text fontSize="xs" color="fg.subtle">
                        {fmt.time(r.signedAt as string)} · −{hours(r.hoursSpent)}
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell data-testid="attendance-remaining">{hours(r.enrollment.remainingHours)}</Table.Cell>
                  <Table.Cell maxW="64">
                    {r.leaveReason && (
                      <Text fontSize="sm" truncate title={r.leaveReason}>
                        {t('coursesUi.attendance.reason')}: {r.leaveReason}
                      </Text>
                    )}
                    {r.feedback && (
                      <Text fontSize="sm" truncate title={r.feedback}>
                        {t('coursesUi.attendance.feedback')}: {r.feedback}{' '}
                        <Text as="span" color={r.feedbackReleasedAt ? 'fg.success' : 'fg.subtle'}>
                          ({t(r.feedbackReleasedAt ? 'coursesUi.attendance.isReleased' : 'coursesUi.attendance.notReleased')})
                        </Text>
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell>
                    <HomeworkBadge state={r.homework?.state ?? 'NONE'} data-testid="attendance-homework" />
                  </Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    <Flex gap="1" justify="end" wrap="wrap">
                      {manage && r.state !== 'TAKEN' && (
                        <Button size="xs" colorPalette="blue" variant="outline" onClick={() => sign([r.id])} data-testid="sign-in-one">
                          {t('coursesUi.attendance.signIn')}
                        </Button>
                      )}
                      {manage && r.state === 'TAKEN' && (
                        <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setDialog({ kind: 'undo', att: r })} data-testid="undo-sign-in">
                          {t('coursesUi.attendance.undo')}
                        </Button>
                      )}
                      {r.state === 'UNTAKEN' && !started && (
                        <Button size="xs" variant="outline" onClick={() => setDialog({ kind: 'leave', att: r })} data-testid="ask-leave">
                          {t('coursesUi.attendance.askLeave')}
                        </Button>
                      )}
                      {manage && !r.feedbackReleasedAt && (
                        <Button size="xs" variant="outline" onClick={() => setDialog({ kind: 'feedback', att: r })} data-testid="write-feedback">
                          {t('coursesUi.attendance.feedback')}
                        </Button>
                      )}
                      {r.homework && r.homework.state !== 'NONE' && (
                        <Button size="xs" variant="outline" onClick={() => setDialog({ kind: 'review', att: r })} data-testid="open-homework">
                          {t('coursesUi.homework.open')}
                        </Button>
                      )}
                    </Flex>
                  </Table.Cell>
                </Table.Row>
              ))}
              {!rows.length && (
                <Table.Row>
                  <Table.Cell colSpan={6} color="fg.subtle">
                    {t('coursesUi.attendance.empty')}
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>

      <Stack gap="2" data-testid="lesson-homework">
        <Flex gap="2" align="center">
          <Heading size="sm" flex="1">
            {t('coursesUi.homework.fixedTask')}
          </Heading>
          {manage && (
            <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'task' })} data-testid="set-task">
              {t('coursesUi.homework.set')}
            </Button>
          )}
        </Flex>
        {lesson.taskContent || lesson.taskFiles.length ? (
          <Stack gap="1">
            <Text whiteSpace="pre-wrap" data-testid="task-text">
              {lesson.taskContent}
            </Text>
            {lesson.taskDueAt && (
              <Text fontSize="sm" color="fg.muted">
                {t('coursesUi.homework.due')} {fmt.dateTime(lesson.taskDueAt as string)}
              </Text>
            )}
            <FileList files={lesson.taskFiles} />
          </Stack>
        ) : (
          <Text fontSize="sm" color="fg.subtle">
            {t('coursesUi.homework.noTask')}
          </Text>
        )}
      </Stack>

      {dialog?.kind === 'leave' && <LeaveDialog att={dialog.att} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'undo' && <UndoSignInDialog att={dialog.att} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'feedback' && <FeedbackDialog att={dialog.att} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'review' && <ReviewDialog att={rows.find((r) => r.id === dialog.att.id) ?? dialog.att} canManage={manage} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'task' && <TaskDialog lesson={lesson} onClose={() => setDialog(null)} onChanged={onChanged} />}
    </Stack>
  );
}
