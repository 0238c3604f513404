import { Badge, Box, Button, Field, Flex, Stack, Text, Textarea } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useRelayEnvironment } from 'react-relay';
import { DateField } from '../../../components/fields/DateField.tsx';
import { TimeField } from '../../../components/fields/TimeField.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import { HomeworkBadge, nameIn } from '../shared/codes.tsx';
import { FileList, UploadButton } from '../shared/files.tsx';
import { instantOf, viewerZone } from '../shared/ScheduleLessonsDialog.tsx';
import type { LessonPanel_lesson$data } from './__generated__/LessonPanel_lesson.graphql.ts';
import type { HomeworkDialogsTaskMutation } from './__generated__/HomeworkDialogsTaskMutation.graphql.ts';
import type { HomeworkDialogsTaskFileMutation } from './__generated__/HomeworkDialogsTaskFileMutation.graphql.ts';
import type { HomeworkDialogsCustomTaskMutation } from './__generated__/HomeworkDialogsCustomTaskMutation.graphql.ts';
import type { HomeworkDialogsAcceptMutation } from './__generated__/HomeworkDialogsAcceptMutation.graphql.ts';
import type { HomeworkDialogsRevisionMutation } from './__generated__/HomeworkDialogsRevisionMutation.graphql.ts';
import type { HomeworkDialogsSubmitMutation } from './__generated__/HomeworkDialogsSubmitMutation.graphql.ts';
import { refusedOf } from '../shared/files.tsx';

/** A lesson's homework: set the task and its file, review what a student handed in. */

const taskMutation = graphql`
  mutation HomeworkDialogsTaskMutation($input: LessonTaskInput!) {
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
  mutation HomeworkDialogsTaskFileMutation($input: UploadLessonTaskFileInput!) {
    uploadLessonTaskFile(input: $input) {
      __typename
      ... on CourseFilePayload {
        file {
          ...files_courseFile @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const customTaskMutation = graphql`
  mutation HomeworkDialogsCustomTaskMutation($input: UploadCustomTaskInput!) {
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
  mutation HomeworkDialogsSubmitMutation($input: SubmitHomeworkInput!) {
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
  mutation HomeworkDialogsAcceptMutation($input: ReviewHomeworkInput!) {
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
  mutation HomeworkDialogsRevisionMutation($input: ReviewHomeworkInput!) {
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

export function TaskDialog({ lesson, onClose, onChanged }: { lesson: Lesson; onClose: () => void; onChanged: () => void }) {
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
  const set = useMutationAction<HomeworkDialogsTaskMutation, HomeworkDialogsTaskMutation['response']['setLessonTask']>(taskMutation, (r) => r.setLessonTask);
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
            sendWithFile<HomeworkDialogsTaskFileMutation>(environment, taskFileMutation, { input: { lessonId: lesson.id, file: null } }, 'input.file', file, p).then(
              (r) => (refusedOf(r.uploadLessonTaskFile), onChanged()),
            )
          }
        />
      </Stack>
    </FormDialog>
  );
}

export function ReviewDialog({ att, canManage, onClose }: { att: Att; canManage: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const environment = useRelayEnvironment();
  const hw = att.homework;
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const accept = useMutationAction<HomeworkDialogsAcceptMutation, HomeworkDialogsAcceptMutation['response']['acceptHomework']>(acceptMutation, (r) => r.acceptHomework);
  const revise = useMutationAction<HomeworkDialogsRevisionMutation, HomeworkDialogsRevisionMutation['response']['requestHomeworkRevision']>(revisionMutation, (r) => r.requestHomeworkRevision);
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
              sendWithFile<HomeworkDialogsCustomTaskMutation>(environment, customTaskMutation, { input: { attendanceId: att.id, file: null } }, 'input.file', file, p).then((r) => refusedOf(r.uploadCustomTask))
            }
          />
        )}
        {canManage && can('submit') && (
          <UploadButton
            size="xs"
            label={t('coursesUi.homework.uploadAnswerFor')}
            testId="answer-for-upload"
            upload={(file, p) => sendWithFile<HomeworkDialogsSubmitMutation>(environment, submitMutation, { input: { attendanceId: att.id, file: null } }, 'input.file', file, p).then((r) => refusedOf(r.submitHomework))}
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
