/**
 * The courses area's service functions, one file per concern under service/: courses,
 * classrooms, lessons (on the schedule engine), enrolments and hours, attendance, homework
 * and files, reports. Both doors call these; they validate, authorise and write inside
 * runWrite. The rules and decisions are written in docs/courses.md.
 */
export {
  courseIdInput,
  deleteCoursesInput,
  createCourse,
  deleteCourses,
  getCourse,
  listCoursesPage,
  searchCourses,
  updateCourse,
  coursesWhere,
  COURSE_ORDER,
  type CourseRow,
  type CourseProgress,
} from './service/courses.ts';
export { classroomIdInput, deleteClassroom, getClassroom, listAllClassrooms, listClassroomsPage, saveClassroom, setClassroomState, classroomsWhere, CLASSROOM_ORDER } from './service/classrooms.ts';
export {
  checkLessonConflicts,
  checkLessonConflictsInput,
  deleteLessons,
  deleteLessonsInput,
  moveLessons,
  scheduleLessons,
  scheduleLessonsInput,
  updateLessons,
  updateLessonsInput,
  type LessonSaveResult,
} from './service/lessons.ts';
export {
  adjustHours,
  buyHours,
  checkJoinConflicts,
  checkJoinConflictsInput,
  enrollStudents,
  leaveCourse,
  listEnrollmentsPage,
  listHourRecordsPage,
  enrollmentsWhere,
  hourRecordsWhere,
  HOUR_RECORD_ORDER,
} from './service/enrollments.ts';
export {
  askForLeave,
  attendanceIdInput,
  recordBrowsing,
  undoSignIn,
  releaseFeedback,
  releaseFeedbackInput,
  signIn,
  signInInput,
  writeFeedback,
  listAttendancesPage,
  attendancesWhere,
  attendanceInclude,
  ATTENDANCE_ORDER,
  type AttendanceRow,
} from './service/attendance.ts';
export {
  courseFileIdInput,
  deleteCourseFile,
  fileForDownload,
  homeworkAttendanceInput,
  reviewHomework,
  reviewHomeworkInput,
  setHomeworkDueDate,
  setHomeworkDueDateInput,
  setLessonTask,
  setLessonTaskInput,
  submitHomework,
  uploadCourseFile,
  uploadCustomTask,
  homeworkWhere,
  courseFilePath,
} from './service/homework.ts';
export {
  courseLogXlsx,
  courseSummary,
  courseSummaryXlsx,
  listLessons,
  listLessonsPage,
  lessonsWhere,
  LESSON_ORDER,
  attendanceCounts,
  requireCourseId,
  type LessonFilter,
  type LessonRow,
  type AttendanceCounts,
  type CourseSummary,
  type SummaryCourse,
  type SummaryLecturer,
} from './service/reports.ts';
export * from './service/rules.ts';
