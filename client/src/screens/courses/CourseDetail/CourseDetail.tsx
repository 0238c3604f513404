import { Box, Button, Flex, Heading, SimpleGrid, Stack, Tabs, Text } from '@chakra-ui/react';
import { CalendarPlus, FileDown, Pencil, UserPlus } from 'lucide-react';
import { Suspense, useEffect, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery, useRelayEnvironment } from 'react-relay';
import { useNavigate } from 'react-router';
import { DialogLoading } from '../../../components/DialogShell.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useMenuParams } from '../../../layout/menu.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { sendWithFile } from '../../../relay/multipart.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { titleView } from '../../../state/visited.ts';
import { refusedOf } from '../shared/files.tsx';
import { hours, nameIn } from '../shared/codes.tsx';
import { FileList, UploadButton } from '../shared/files.tsx';
import { EnrollDialog, HoursDialog } from '../shared/HoursDialogs.tsx';
import { LessonDeleteDialog, LessonMoveDialog } from '../shared/LessonMoveDialog.tsx';
import { ScheduleLessonsDialog } from '../shared/ScheduleLessonsDialog.tsx';
import { CourseEditLoader } from './CourseEditLoader.tsx';
import { EnrollmentTable, LessonPlanTable, type Dialog, type Enrollment, type Lesson } from './CourseTables.tsx';
import { LeaveCourseDialog } from './LeaveCourseDialog.tsx';
import { courseDetailRoute } from './CourseDetail.route.ts';
import type { CourseDetailQuery } from './__generated__/CourseDetailQuery.graphql.ts';
import type { CourseDetailUploadMutation } from './__generated__/CourseDetailUploadMutation.graphql.ts';
import type { CourseDetailDeleteFileMutation } from './__generated__/CourseDetailDeleteFileMutation.graphql.ts';

const detailQuery = graphql`
  query CourseDetailQuery($id: ID!) {
    viewer {
      manage: can(right: "course.manage")
      hours: can(right: "course.hours")
    }
    node(id: $id) {
      __typename
      ... on Course {
        id
        no
        name
        type
        site
        place
        studentCount
        durationMin
        totalNumber
        everyWeekNumber
        lessonHours
        beforeWork
        afterWork
        viewerCanManage
        classroom {
          name
        }
        lecturers {
          databaseId
          name
          nameEn
        }
        attachments {
          ...files_courseFile @relay(mask: false)
        }
        lessons(first: 300) {
          totalCount
          edges {
            node {
              id
              databaseId
              title
              startAt
              endAt
              seriesId
              classroomId
              classroomName
              address
              taskContent
              attendanceCounts {
                total
                taken
                leave
                untaken
              }
            }
          }
        }
        enrollments(first: 300) {
          totalCount
          edges {
            node {
              id
              state
              totalHours
              remainingHours
              createdAt
              student {
                databaseId
                name
                nameEn
              }
            }
          }
        }
      }
    }
  }
`;

const uploadMutation = graphql`
  mutation CourseDetailUploadMutation($input: UploadCourseAttachmentInput!) {
    uploadCourseAttachment(input: $input) {
      __typename
      ... on CourseFilePayload {
        file {
          databaseId
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteFileMutation = graphql`
  mutation CourseDetailDeleteFileMutation($input: CourseFileRefInput!) {
    deleteCourseFile(input: $input) {
      __typename
      ... on DeleteCourseFilePayload {
        deletedFileId
      }
      ... on Error {
        message
      }
    }
  }
`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="xs" color="fg.subtle">
        {label}
      </Text>
      <Text fontSize="sm" overflowWrap="anywhere">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * 课程详情 (`/mission/course-detail/:id`): the course's facts and attachments, its lesson plan
 * (schedule, move, delete, open a lesson's attendance), the enrolled students with their hours
 * (enrol, buy, adjust, leave) (docs/courses-ui.md).
 */
export default function CourseDetail() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const environment = useRelayEnvironment();
  const params = useMenuParams();
  const { queryRef, load } = useRouteQuery(courseDetailRoute, { id: params.id ?? '' });
  const data = usePreloadedQuery<CourseDetailQuery>(detailQuery, queryRef);
  const [, startTransition] = useTransition();
  const refresh = () => startTransition(() => load(queryRef.variables, 'network-only'));
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [tab, setTab] = useState('lessons');
  const deleteFile = useMutationAction<CourseDetailDeleteFileMutation, CourseDetailDeleteFileMutation['response']['deleteCourseFile']>(deleteFileMutation, (r) => r.deleteCourseFile);
  const course = data.node?.__typename === 'Course' ? data.node : null;
  useEffect(() => {
    if (course) titleView(`/mission/course-detail/${params.id ?? ''}`, { zh: course.name, en: course.name });
  }, [course, params.id]);
  if (!course)
    return (
      <Text color="fg.muted" data-testid="course-missing">
        {t('coursesUi.course.missing')}
      </Text>
    );
  const manage = course.viewerCanManage;
  const lessons = course.lessons.edges.map((e) => e.node).filter((n): n is Lesson => n != null);
  const enrollments = course.enrollments.edges.map((e) => e.node).filter((n): n is Enrollment => n != null);
  const close = () => setDialog(null);
  const saved = (text = t('coursesUi.saved')) => {
    notify('success', text);
    setDialog(null);
    refresh();
  };
  const sep = lang === 'zh' ? '、' : ', ';

  return (
    <Stack gap="4" minW="0" maxW="full" data-testid="course-detail">
      <Flex align="center" gap="2" wrap="wrap">
        <Stack gap="0" flex="1" minW="48">
          <Heading size="lg" data-testid="course-title">
            {course.name}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {course.no} · {t(`coursesUi.type.${course.type}`)} · {t(`coursesUi.site.${course.site}`)}
          </Text>
        </Stack>
        {manage && (
          <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'edit' })} data-testid="course-edit">
            <Pencil size={14} /> {t('coursesUi.course.edit')}
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => navigate(`/course-export?id=${encodeURIComponent(course.id)}`)} data-testid="course-export-open">
          <FileDown size={14} /> {t('coursesUi.export.pdf')}
        </Button>
      </Flex>

      <Box p="4" borderWidth="1px" borderRadius="md" bg="bg.panel">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <Fact label={t('coursesUi.field.lecturers')}>{course.lecturers.map((l) => nameIn(l, lang)).join(sep) || '—'}</Fact>
          <Fact label={t('coursesUi.field.classroomId')}>{course.classroom?.name ?? '—'}</Fact>
          <Fact label={t('coursesUi.field.place')}>{course.place || '—'}</Fact>
          <Fact label={t('coursesUi.field.lessonHours')}>{hours(course.lessonHours)}</Fact>
          <Fact label={t('coursesUi.course.lessons')}>{course.totalNumber ? `${course.lessons.totalCount} / ${course.totalNumber}` : course.lessons.totalCount}</Fact>
          <Fact label={t('coursesUi.course.students')}>
            {course.studentCount ? `${enrollments.filter((e) => e.state === 'ENROLLED').length} / ${course.studentCount}` : enrollments.filter((e) => e.state === 'ENROLLED').length}
          </Fact>
          <Fact label={t('coursesUi.field.durationMin')}>{t('coursesUi.course.minutes', { n: course.durationMin })}</Fact>
          <Fact label={t('coursesUi.field.everyWeekNumber')}>{course.everyWeekNumber}</Fact>
        </SimpleGrid>
        {(course.beforeWork || course.afterWork) && (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" mt="3">
            {course.beforeWork && <Fact label={t('coursesUi.field.beforeWork')}>{course.beforeWork.replace(/<[^>]+>/g, ' ')}</Fact>}
            {course.afterWork && <Fact label={t('coursesUi.field.afterWork')}>{course.afterWork.replace(/<[^>]+>/g, ' ')}</Fact>}
          </SimpleGrid>
        )}
        <Stack gap="1" mt="3">
          <Text fontSize="xs" color="fg.subtle">
            {t('coursesUi.course.attachments')}
          </Text>
          <Flex gap="2" wrap="wrap" align="start">
            <FileList files={course.attachments} />
            {manage && course.attachments.length > 0 && (
              <Flex gap="1" wrap="wrap">
                {course.attachments.map((f) => (
                  <Button
                    key={f.databaseId}
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => setDialog({ kind: 'deleteFile', fileId: f.databaseId, name: f.fileName })}
                    aria-label={t('coursesUi.file.delete', { name: f.fileName })}
                  >
                    {t('coursesUi.file.deleteShort', { name: f.fileName })}
                  </Button>
                ))}
              </Flex>
            )}
          </Flex>
          {manage && (
            <UploadButton
              size="xs"
              label={t('coursesUi.course.addAttachment')}
              testId="course-attachment-upload"
              upload={(file, p) =>
                sendWithFile<CourseDetailUploadMutation>(environment, uploadMutation, { input: { courseId: course.id, file: null } }, 'input.file', file, p).then((r) => (refusedOf(r.uploadCourseAttachment), refresh()))
              }
            />
          )}
        </Stack>
      </Box>

      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" size="sm">
        <Flex align="center" gap="2" wrap="wrap">
          <Tabs.List flex="1">
            <Tabs.Trigger value="lessons" aria-controls="course-detail-panel" data-testid="tab-lessons">
              {t('coursesUi.course.lessonPlan')} ({lessons.length})
            </Tabs.Trigger>
            <Tabs.Trigger value="students" aria-controls="course-detail-panel" data-testid="tab-students">
              {t('coursesUi.course.enrolled')} ({enrollments.length})
            </Tabs.Trigger>
          </Tabs.List>
          {manage && tab === 'lessons' && (
            <Button size="sm" colorPalette="blue" onClick={() => setDialog({ kind: 'schedule' })} data-testid="course-schedule">
              <CalendarPlus size={14} /> {t('coursesUi.schedule.title')}
            </Button>
          )}
          {manage && tab === 'students' && (
            <Button size="sm" colorPalette="blue" onClick={() => setDialog({ kind: 'enroll' })} data-testid="course-enroll">
              <UserPlus size={14} /> {t('coursesUi.hours.enroll')}
            </Button>
          )}
        </Flex>
      </Tabs.Root>
      <Box id="course-detail-panel" role="tabpanel" minW="0" maxW="full">
        {tab === 'lessons' ? (
          <LessonPlanTable lessons={lessons} courseName={course.name} manage={manage} onDialog={setDialog} />
        ) : (
          <EnrollmentTable enrollments={enrollments} canHours={data.viewer.hours} manage={manage} onDialog={setDialog} />
        )}
      </Box>

      <Suspense fallback={<DialogLoading title={course.name} onClose={close} testId="course-dialog-loading" />}>
        {dialog?.kind === 'edit' && <CourseEditLoader id={course.id} onClose={close} onSaved={() => saved()} />}
        {dialog?.kind === 'schedule' && <ScheduleLessonsDialog courseId={course.id} onClose={close} onSaved={(n) => saved(t('coursesUi.schedule.done', { count: n }))} />}
        {dialog?.kind === 'move' && <LessonMoveDialog lesson={dialog.lesson} onClose={close} onSaved={() => saved()} />}
        {dialog?.kind === 'deleteLesson' && <LessonDeleteDialog lesson={dialog.lesson} onClose={close} onSaved={() => saved(t('coursesUi.lesson.deleted'))} />}
        {dialog?.kind === 'enroll' && <EnrollDialog courseId={course.id} onClose={close} onSaved={() => saved(t('coursesUi.hours.enrolled'))} />}
        {(dialog?.kind === 'buy' || dialog?.kind === 'adjust') && (
          <HoursDialog
            mode={dialog.kind}
            enrollment={{ id: dialog.enrollment.id, studentName: nameIn(dialog.enrollment.student, lang), courseName: course.name, remainingHours: dialog.enrollment.remainingHours }}
            onClose={close}
            onSaved={() => saved()}
          />
        )}
      </Suspense>
      {dialog?.kind === 'leave' && <LeaveCourseDialog enrollment={dialog.enrollment} courseName={course.name} canRefund={data.viewer.hours} onClose={close} onLeft={(text) => saved(text)} />}
      {dialog?.kind === 'deleteFile' && (
        <ConfirmDialog
          title={t('coursesUi.file.deleteTitle')}
          message={dialog.name}
          confirmLabel={t('coursesUi.file.deleteConfirm')}
          destructive
          busy={deleteFile.busy}
          error={deleteFile.error}
          onClose={close}
          onConfirm={() => deleteFile.run({ input: { fileId: dialog.fileId } }, { onDone: () => saved() })}
          testId="delete-file-dialog"
        />
      )}
    </Stack>
  );
}
