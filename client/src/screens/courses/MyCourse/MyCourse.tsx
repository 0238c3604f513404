import { Badge, Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { useNavigate } from 'react-router';
import { RichTextView } from '../../../components/editor/RichTextView.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { refusedOf } from '../shared/files.tsx';
import { AttendanceBadge, hours, HomeworkBadge } from '../shared/codes.tsx';
import { FileList, UploadButton } from '../shared/files.tsx';
import { myCourseRoute } from './MyCourse.route.ts';
import type { MyCourseQuery, MyCourseQuery$data } from './__generated__/MyCourseQuery.graphql.ts';
import type { MyCourseSubmitMutation } from './__generated__/MyCourseSubmitMutation.graphql.ts';
import type { MyCourseBrowseMutation } from './__generated__/MyCourseBrowseMutation.graphql.ts';

const myQuery = graphql`
  query MyCourseQuery($lecturerId: ID, $from: DateTime!, $to: DateTime!) {
    viewer {
      user {
        id
        type
      }
    }
    enrollments(first: 100, filter: { state: ENROLLED }) {
      edges {
        node {
          id
          remainingHours
          totalHours
          course {
            id
            name
            attachments {
              ...files_courseFile @relay(mask: false)
            }
          }
        }
      }
    }
    attendances(first: 200, filter: { from: $from, to: $to }) {
      edges {
        node {
          id
          state
          signedAt
          feedback
          lesson {
            id
            title
            startAt
            endAt
            classroomName
            address
            taskContent
            taskDueAt
            taskFiles {
              ...files_courseFile @relay(mask: false)
            }
            course {
              name
            }
          }
          homework {
            id
            state
            dueAt
            comment
            late
            submittedAt
            viewerTransitions
            files {
              ...files_courseFile @relay(mask: false)
              kind
            }
          }
        }
      }
    }
    taught: lessons(first: 200, filter: { lecturerId: $lecturerId, from: $from, to: $to }) {
      edges {
        node {
          id
          title
          startAt
          endAt
          classroomName
          address
          attendanceCounts {
            total
            taken
          }
          course {
            name
          }
        }
      }
    }
  }
`;

const submitMutation = graphql`
  mutation MyCourseSubmitMutation($input: SubmitHomeworkInput!) {
    submitHomework(input: $input) {
      __typename
      ... on HomeworkPayload {
        homework {
          id
          state
          submittedAt
          late
          viewerTransitions
          files {
            ...files_courseFile @relay(mask: false)
            kind
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const browseMutation = graphql`
  mutation MyCourseBrowseMutation($input: AttendanceRefInput!) {
    recordMaterialBrowsing(input: $input) {
      __typename
    }
  }
`;

type Att = NonNullable<MyCourseQuery$data['attendances']['edges'][number]['node']>;

function StudentLesson({ a }: { a: Att }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const environment = useRelayEnvironment();
  const [browse] = useMutation<MyCourseBrowseMutation>(browseMutation);
  const hw = a.homework;
  const answers = hw?.files.filter((f) => f.kind === 'ANSWER') ?? [];
  const custom = hw?.files.filter((f) => f.kind === 'CUSTOM_TASK') ?? [];
  const opened = () => browse({ variables: { input: { attendanceId: a.id } } });
  return (
    <Box p="3" borderWidth="1px" borderRadius="md" bg="bg.panel" data-testid={`my-lesson-${a.id}`}>
      <Stack gap="2">
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold" flex="1" minW="40">
            {a.lesson.course.name}
            {a.lesson.title && a.lesson.title !== a.lesson.course.name ? ` · ${a.lesson.title}` : ''}
          </Text>
          <AttendanceBadge state={a.state} />
          {hw && hw.state !== 'NONE' && <HomeworkBadge state={hw.state} data-testid="my-homework-state" />}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {fmt.range(a.lesson.startAt as string, a.lesson.endAt as string)} · {a.lesson.classroomName ?? (a.lesson.address || '—')}
        </Text>
        {a.feedback && (
          <Box fontSize="sm" data-testid="my-course-feedback">
            <Text fontWeight="medium">{t('coursesUi.attendance.feedback')}</Text>
            <RichTextView html={a.feedback} fontSize="sm" />
          </Box>
        )}
        {(a.lesson.taskContent || a.lesson.taskFiles.length > 0 || custom.length > 0) && (
          <Stack gap="1">
            <Text fontSize="sm" fontWeight="medium">
              {t('coursesUi.homework.title')}
              {hw?.dueAt ? ` · ${t('coursesUi.homework.due')} ${fmt.dateTime(hw.dueAt as string)}` : ''}
            </Text>
            {a.lesson.taskContent && <RichTextView html={a.lesson.taskContent} fontSize="sm" />}
            {a.lesson.taskFiles.length > 0 && <FileList files={a.lesson.taskFiles} onOpened={opened} />}
            {custom.length > 0 && <FileList files={custom} onOpened={opened} />}
          </Stack>
        )}
        {hw && hw.state !== 'NONE' && (
          <Stack gap="1">
            {answers.length > 0 && (
              <>
                <Text fontSize="sm" fontWeight="medium">
                  {t('coursesUi.homework.answers')}
                </Text>
                <FileList files={answers} />
              </>
            )}
            {hw.comment && (
              <Text fontSize="sm" color={hw.state === 'REVISION_REQUIRED' ? 'fg.warning' : 'fg.muted'}>
                {t('coursesUi.homework.comment')}: {hw.comment}
              </Text>
            )}
            {hw.late && (
              <Badge colorPalette="red" variant="subtle" alignSelf="start">
                {t('coursesUi.homework.late')}
              </Badge>
            )}
            {hw.viewerTransitions.includes('submit') && (
              <UploadButton
                label={t('coursesUi.homework.uploadAnswer')}
                testId="my-answer-upload"
                upload={(file, p) => sendWithFile<MyCourseSubmitMutation>(environment, submitMutation, { input: { attendanceId: a.id, file: null } }, 'input.file', file, p).then((r) => refusedOf(r.submitHomework))}
              />
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}

/**
 * 我的课程 (`/my-course`): a student's enrolments (hours left, the course's material) and
 * lessons from two weeks back to four weeks ahead, each with its homework: download the tasks,
 * upload an answer (with a progress bar), see the review; a lecturer's lessons of the same
 * period, each opening its attendance.
 */
export default function MyCourse() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  const { queryRef } = useRouteQuery(myCourseRoute, myCourseRoute.variables({}));
  const data = usePreloadedQuery<MyCourseQuery>(myQuery, queryRef);
  const student = data.viewer.user.type === 'STUDENT';
  const atts = data.attendances.edges.map((e) => e.node).filter((n): n is Att => n != null);
  const taught = data.taught.edges.map((e) => e.node).filter((n) => n != null);
  const enrollments = data.enrollments.edges.map((e) => e.node).filter((n) => n != null);
  const now = DateTime.now();
  return (
    <Stack gap="4" minW="0" maxW="full" data-testid="my-course">
      <Heading size="lg">{t('coursesUi.my.title')}</Heading>
      {student ? (
        <>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" data-testid="my-enrollments">
            {enrollments.map((e) => (
              <Box key={e.id} p="3" borderWidth="1px" borderRadius="md" bg="bg.panel">
                <Text fontWeight="semibold">{e.course.name}</Text>
                <Text fontSize="sm" color="fg.muted" data-testid="my-hours">
                  {t('coursesUi.hours.remaining')} {hours(e.remainingHours)} / {hours(e.totalHours)}
                </Text>
                {e.course.attachments.length > 0 && <FileList files={e.course.attachments} />}
              </Box>
            ))}
            {!enrollments.length && <Text color="fg.subtle">{t('coursesUi.my.noCourse')}</Text>}
          </SimpleGrid>
          <Heading size="sm">{t('coursesUi.my.lessons')}</Heading>
          <Stack gap="2">
            {[...atts]
              .sort(
                (a, b) =>
                  Math.abs(
                    DateTime.fromISO(a.lesson.startAt as string)
                      .diff(now)
                      .toMillis(),
                  ) -
                  Math.abs(
                    DateTime.fromISO(b.lesson.startAt as string)
                      .diff(now)
                      .toMillis(),
                  ),
              )
              .map((a) => (
                <StudentLesson key={a.id} a={a} />
              ))}
            {!atts.length && <Text color="fg.subtle">{t('coursesUi.lesson.none')}</Text>}
          </Stack>
        </>
      ) : (
        <Stack gap="2" data-testid="my-taught">
          <Text fontSize="sm" color="fg.muted">
            {t('coursesUi.my.lecturerHint')}
          </Text>
          {taught.map((l) => (
            <Flex key={l.id} p="3" borderWidth="1px" borderRadius="md" bg="bg.panel" gap="2" align="center" wrap="wrap">
              <Stack gap="0" flex="1" minW="48">
                <Text fontWeight="semibold">
                  {l.course.name}
                  {l.title && l.title !== l.course.name ? ` · ${l.title}` : ''}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {fmt.range(l.startAt as string, l.endAt as string)} · {l.classroomName ?? (l.address || '—')} · {t('coursesUi.attendance.TAKEN')} {l.attendanceCounts.taken}/{l.attendanceCounts.total}
                </Text>
              </Stack>
              <Button size="sm" variant="outline" onClick={() => navigate(`/mission/schedule-detail/${encodeURIComponent(l.id)}`)}>
                {t('coursesUi.lesson.open')}
              </Button>
            </Flex>
          ))}
          {!taught.length && <Text color="fg.subtle">{t('coursesUi.lesson.none')}</Text>}
        </Stack>
      )}
    </Stack>
  );
}
