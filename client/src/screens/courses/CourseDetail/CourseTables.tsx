import { Badge, Button, Flex, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { hours, nameIn } from '../shared/codes.tsx';
import { type MovableLesson } from '../shared/LessonMoveDialog.tsx';
import type { CourseDetailQuery$data } from './__generated__/CourseDetailQuery.graphql.ts';
import { ActionsHeader } from '../../../components/list/DataTable.tsx';

/** The course's two tabs: its lesson plan and its enrolled students with their hours. */

type Course = Extract<NonNullable<CourseDetailQuery$data['node']>, { __typename: 'Course' }>;
export type Lesson = NonNullable<Course['lessons']['edges'][number]['node']>;
export type Enrollment = NonNullable<Course['enrollments']['edges'][number]['node']>;
export type Dialog =
  | { kind: 'edit' }
  | { kind: 'schedule' }
  | { kind: 'enroll' }
  | { kind: 'move' | 'deleteLesson'; lesson: MovableLesson }
  | { kind: 'buy' | 'adjust' | 'leave'; enrollment: Enrollment }
  | { kind: 'deleteFile'; fileId: number; name: string };

/** A lesson as the move and delete dialogs take it. */
const movable = (l: Lesson, courseName: string): MovableLesson => ({
  id: l.id,
  title: l.title,
  startAt: l.startAt as string,
  endAt: l.endAt as string,
  classroomId: l.classroomId ?? null,
  seriesId: l.seriesId ?? null,
  courseName,
});

export function LessonPlanTable({ lessons, courseName, manage, onDialog }: { lessons: readonly Lesson[]; courseName: string; manage: boolean; onDialog: (d: Dialog) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const navigate = useNavigate();
  // position: relative keeps the visually hidden header text (absolute) inside the scrolling area: else it widened the page at 390 px.
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full" position="relative">
      <Table.Root size="sm" aria-label={t('coursesUi.course.lessonPlan')} data-testid="lesson-plan">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>#</Table.ColumnHeader>
            <Table.ColumnHeader>{t('coursesUi.lesson.time')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('coursesUi.field.classroomId')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('coursesUi.lesson.attendance')}</Table.ColumnHeader>
            <ActionsHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lessons.map((l, i) => (
            <Table.Row key={l.id} data-testid={`lesson-row-${l.databaseId}`}>
              <Table.Cell>{i + 1}</Table.Cell>
              <Table.Cell>
                <Text>{fmt.range(l.startAt as string, l.endAt as string)}</Text>
                {l.title && l.title !== courseName && (
                  <Text fontSize="xs" color="fg.subtle">
                    {l.title}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell data-testid="lesson-room">{l.classroomName ?? (l.address || '—')}</Table.Cell>
              <Table.Cell>
                <Flex gap="1" wrap="wrap">
                  <Badge colorPalette="green" variant="subtle">
                    {t('coursesUi.attendance.TAKEN')} {l.attendanceCounts.taken}
                  </Badge>
                  {l.attendanceCounts.leave > 0 && (
                    <Badge colorPalette="orange" variant="subtle">
                      {t('coursesUi.attendance.LEAVE')} {l.attendanceCounts.leave}
                    </Badge>
                  )}
                  <Text fontSize="xs" color="fg.subtle">
                    / {l.attendanceCounts.total}
                  </Text>
                </Flex>
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Flex gap="1" justify="end" wrap="wrap">
                  <Button size="xs" variant="outline" onClick={() => navigate(`/mission/schedule-detail/${encodeURIComponent(l.id)}`)} data-testid="lesson-open">
                    {t('coursesUi.lesson.open')}
                  </Button>
                  {manage && (
                    <>
                      <Button size="xs" variant="outline" onClick={() => onDialog({ kind: 'move', lesson: movable(l, courseName) })} data-testid="lesson-move">
                        {t('coursesUi.lesson.move')}
                      </Button>
                      <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDialog({ kind: 'deleteLesson', lesson: movable(l, courseName) })} data-testid="lesson-delete">
                        {t('coursesUi.lesson.delete')}
                      </Button>
                    </>
                  )}
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
          {!lessons.length && (
            <Table.Row>
              <Table.Cell colSpan={5} color="fg.subtle">
                {t('coursesUi.lesson.none')}
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

export function EnrollmentTable({ enrollments, canHours, manage, onDialog }: { enrollments: readonly Enrollment[]; canHours: boolean; manage: boolean; onDialog: (d: Dialog) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const navigate = useNavigate();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="full" position="relative">
      <Table.Root size="sm" aria-label={t('coursesUi.course.enrolled')} data-testid="enrollment-table">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader>{t('coursesUi.field.student')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('coursesUi.hours.state')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('coursesUi.hours.total')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('coursesUi.hours.remaining')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('coursesUi.hours.since')}</Table.ColumnHeader>
            <ActionsHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {enrollments.map((e) => (
            <Table.Row key={e.id} data-testid={`enrollment-${e.student.databaseId}`}>
              <Table.Cell fontWeight="medium">{nameIn(e.student, lang)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={e.state === 'ENROLLED' ? 'green' : 'gray'} variant="subtle">
                  {t(`coursesUi.enrollment.${e.state}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">{hours(e.totalHours)}</Table.Cell>
              <Table.Cell textAlign="end" data-testid="enrollment-remaining">
                {hours(e.remainingHours)}
              </Table.Cell>
              <Table.Cell>{fmt.date(e.createdAt as string)}</Table.Cell>
              <Table.Cell textAlign="end">
                <Flex gap="1" justify="end" wrap="wrap">
                  {canHours && (
                    <>
                      <Button size="xs" variant="outline" onClick={() => onDialog({ kind: 'buy', enrollment: e })} data-testid="enrollment-buy">
                        {t('coursesUi.hours.buy')}
                      </Button>
                      <Button size="xs" variant="outline" onClick={() => onDialog({ kind: 'adjust', enrollment: e })} data-testid="enrollment-adjust">
                        {t('coursesUi.hours.adjust')}
                      </Button>
                    </>
                  )}
                  <Button size="xs" variant="ghost" onClick={() => navigate(`/course-hour-record?enrollment=${encodeURIComponent(e.id)}`)} data-testid="enrollment-records">
                    {t('coursesUi.hours.records')}
                  </Button>
                  {manage && e.state === 'ENROLLED' && (
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onDialog({ kind: 'leave', enrollment: e })} data-testid="enrollment-leave">
                      {t('coursesUi.hours.leave')}
                    </Button>
                  )}
                </Flex>
              </Table.Cell>
            </Table.Row>
          ))}
          {!enrollments.length && (
            <Table.Row>
              <Table.Cell colSpan={6} color="fg.subtle">
                {t('coursesUi.hours.none')}
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
