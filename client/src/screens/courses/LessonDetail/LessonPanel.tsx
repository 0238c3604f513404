import { Badge, Box, Button, Flex, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { RichTextView } from '../../../components/editor/RichTextView.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { AttendanceBadge, HomeworkBadge, hours, nameIn } from '../shared/codes.tsx';
import { FileList } from '../shared/files.tsx';
import type { LessonPanel_lesson$data, LessonPanel_lesson$key } from './__generated__/LessonPanel_lesson.graphql.ts';
import { EarlySignInDialog, FeedbackDialog, LeaveDialog, UndoSignInDialog } from './AttendanceDialogs.tsx';
import { ReviewDialog, TaskDialog } from './HomeworkDialogs.tsx';
import type { LessonPanelSignInMutation } from './__generated__/LessonPanelSignInMutation.graphql.ts';
import type { LessonPanelReleaseMutation } from './__generated__/LessonPanelReleaseMutation.graphql.ts';
import { ActionsHeader } from '../../../components/list/DataTable.tsx';

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
      ...files_courseFile @relay(mask: false)
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
        ...files_courseFile @relay(mask: false)
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
      ... on RuleError {
        code
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

type Lesson = LessonPanel_lesson$data;
type Att = NonNullable<Lesson['attendances']['edges'][number]['node']>;

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
  // A sign-in the server asked to confirm (SIGN_IN_TOO_EARLY: its message names the start).
  const [early, setEarly] = useState<{ ids: string[]; skipped: number; message: string } | null>(null);
  const signIn = useMutationAction<LessonPanelSignInMutation, LessonPanelSignInMutation['response']['signInLesson']>(signInMutation, (r) => r.signInLesson);
  const release = useMutationAction<LessonPanelReleaseMutation, LessonPanelReleaseMutation['response']['releaseLessonFeedback']>(releaseMutation, (r) => r.releaseLessonFeedback);
  const manage = lesson.viewerCanManage;
  // 全部签到 signs in the untaken only: students on leave are skipped (and counted in the toast).
  const untaken = rows.filter((r) => r.state === 'UNTAKEN');
  const onLeave = rows.filter((r) => r.state === 'LEAVE').length;
  const unreleased = rows.filter((r) => r.feedback && !r.feedbackReleasedAt);
  const started = DateTime.fromISO(lesson.startAt as string) <= DateTime.now();
  const sign = (ids: string[], skipped = 0, reason?: string) =>
    signIn.run(
      { input: { attendanceIds: ids, ...(reason === undefined ? {} : { force: true, reason }) } },
      {
        onDone: (a) => {
          setEarly(null);
          const count = a.attendances?.length ?? 0;
          notify('success', skipped ? t('coursesUi.attendance.signedInSkipped', { count, skipped }) : t('coursesUi.attendance.signedIn', { count }));
        },
        onRefused: (a) => {
          if (a.code !== 'SIGN_IN_TOO_EARLY' || reason !== undefined) return false;
          setEarly({ ids, skipped, message: a.message ?? '' });
          return true;
        },
        onFailed: () => undefined,
      },
    );
  const error = (early ? null : signIn.error) ?? release.error;

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
              <Button
                size="sm"
                colorPalette="blue"
                disabled={!untaken.length}
                loading={signIn.busy}
                onClick={() =>
                  sign(
                    untaken.map((r) => r.id),
                    onLeave,
                  )
                }
                data-testid="sign-in-all"
              >
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
                <ActionsHeader />
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
                      <Box fontSize="sm" data-testid="attendance-feedback">
                        <Text>
                          {t('coursesUi.attendance.feedback')}{' '}
                          <Text as="span" color={r.feedbackReleasedAt ? 'fg.success' : 'fg.subtle'}>
                            ({t(r.feedbackReleasedAt ? 'coursesUi.attendance.isReleased' : 'coursesUi.attendance.notReleased')})
                          </Text>
                        </Text>
                        <RichTextView html={r.feedback} lineClamp={3} fontSize="sm" />
                      </Box>
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
            <RichTextView html={lesson.taskContent} data-testid="task-text" />
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

      {early && (
        <EarlySignInDialog message={early.message} count={early.ids.length} busy={signIn.busy} error={signIn.error} onClose={() => setEarly(null)} onConfirm={(reason) => sign(early.ids, early.skipped, reason)} />
      )}
      {dialog?.kind === 'leave' && <LeaveDialog att={dialog.att} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'undo' && <UndoSignInDialog att={dialog.att} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'feedback' && <FeedbackDialog att={dialog.att} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'review' && <ReviewDialog att={rows.find((r) => r.id === dialog.att.id) ?? dialog.att} canManage={manage} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'task' && <TaskDialog lesson={lesson} onClose={() => setDialog(null)} onChanged={onChanged} />}
    </Stack>
  );
}
