import type { MessageTable } from '../../i18n/catalogue.ts';

/** Texts of the courses module (Chinese and English); registered by its index.ts. */
export const coursesMessages = {
  // Courses.
  'course.nameRequired': { zh: '请填写课程名称', en: 'Please enter the course name' },
  'course.noTaken': { zh: '课程编号“{no}”已存在', en: 'The course number "{no}" is already used' },
  'course.lecturerInvalid': { zh: '讲师不存在或已停用', en: 'A lecturer does not exist or has been deactivated' },
  'course.projectUnknown': { zh: '项目不存在', en: 'The project does not exist' },
  'course.classroomUnknown': { zh: '教室不存在', en: 'The classroom does not exist' },
  'course.classroomDisabled': { zh: '教室“{name}”已停用', en: 'The classroom "{name}" is disabled' },
  'course.classroomTooSmall': { zh: '教室“{name}”只有{capacity}个座位，课程有{count}名学员', en: 'The classroom "{name}" has {capacity} seats; the course has {count} students' },
  'course.classroomTooSmall_one': { zh: '教室“{name}”只有{capacity}个座位，课程有{count}名学员', en: 'The classroom "{name}" has {capacity} seats; the course has {count} student' },
  'course.deleteHeld': { zh: '课程“{name}”仍有{what}，无法删除', en: 'The course "{name}" still has {what} and cannot be deleted' },
  'course.held.lessons': { zh: '课次（{count}节）', en: 'lessons ({count})' },
  'course.held.enrollments': { zh: '学员课时（{count}人）', en: 'students with hours ({count})' },
  'course.saved': { zh: '保存成功', en: 'Saved' },
  'course.deleted': { zh: '删除成功', en: 'Deleted' },
  'course.fileNotFound': { zh: '文件不存在', en: 'The file does not exist' },
  'course.objectTypeInvalid': { zh: '附件类型错误', en: 'The attachment type is not valid' },
  'course.courseRequired': { zh: '请选择课程', en: 'Please choose a course' },
  'course.studentRequired': { zh: '请选择学员', en: 'Please choose a student' },
  'course.studentInvalid': { zh: '学员不存在或已停用', en: 'The student does not exist or is deactivated' },

  // Classrooms.
  'classroom.nameRequired': { zh: '请填写教室名称', en: 'Please enter the classroom name' },
  'classroom.noTaken': { zh: '教室编号“{no}”已存在', en: 'The classroom number "{no}" is already used' },
  'classroom.stateInvalid': { zh: '教室状态错误', en: 'The classroom state is not valid' },
  'classroom.deleteHeld': { zh: '教室“{name}”仍有{count}个日程或课次使用，无法删除，请改为停用', en: 'The classroom "{name}" is used by {count} events or lessons and cannot be deleted; disable it instead' },
  'classroom.deleteHeld_one': { zh: '教室“{name}”仍有{count}个日程或课次使用，无法删除，请改为停用', en: 'The classroom "{name}" is used by {count} event or lesson and cannot be deleted; disable it instead' },

  // Lessons.
  'course.lesson.notLesson': { zh: '课次不存在', en: 'The lesson does not exist' },
  'course.lesson.tooMany': { zh: '课程“{name}”最多{total}节课，已排{scheduled}节，本次{adding}节', en: 'The course "{name}" has at most {total} lessons; {scheduled} are scheduled and this adds {adding}' },
  'course.lesson.holdsRecords': {
    zh: '{count}节课次已有签到、请假、反馈或作业记录，不能删除或改期，请只修改之后的课次',
    en: '{count} lessons already hold sign-ins, leave, feedback or homework and cannot be deleted or moved; change the later lessons only',
  },
  'course.lesson.holdsRecords_one': {
    zh: '{count}节课次已有签到、请假、反馈或作业记录，不能删除或改期，请只修改之后的课次',
    en: '{count} lesson already holds sign-ins, leave, feedback or homework and cannot be deleted or moved; change the later lessons only',
  },
  'course.lesson.moved': { zh: '教室已更换', en: 'Classroom changed' },

  // Enrolment and hours.
  'course.enroll.full': { zh: '课程“{name}”已满（{count}人）', en: 'The course "{name}" is full ({count} students)' },
  'course.enroll.full_one': { zh: '课程“{name}”已满（{count}人）', en: 'The course "{name}" is full ({count} student)' },
  'course.enroll.already': { zh: '学员“{name}”已报名该课程', en: '{name} is already enrolled in this course' },
  'course.enroll.notStudent': { zh: '只有学员可以报名课程', en: 'Only students can be enrolled in a course' },
  'course.enroll.notEnrolled': { zh: '学员未报名该课程', en: 'The student is not enrolled in this course' },
  'course.enroll.left': { zh: '已退课', en: 'Left the course' },
  'course.hours.invalid': { zh: '课时必须大于0，最多一位小数', en: 'Hours must be above 0, with at most one decimal' },
  'course.hours.reasonRequired': { zh: '请填写调整原因', en: 'Please enter the reason for the change' },
  'course.hours.negative': {
    zh: '学员“{name}”剩余课时不足：剩余{remaining}，需要{needed}',
    en: '{name} has too few course hours left: {remaining} left, {needed} needed',
  },
  'course.hours.bought': { zh: '购买课时', en: 'Hours bought' },
  'course.hours.signIn': { zh: '上课签到', en: 'Signed in to a lesson' },
  'course.hours.refundTooMany': {
    zh: '学员“{name}”只剩{remaining}课时，不能退还{hours}课时',
    en: '{name} has only {remaining} hours left; {hours} hours cannot be refunded',
  },
  'course.hours.refundHoursWithoutRefund': { zh: '填写了退还课时数，但未选择退还课时', en: 'Hours to refund were given, but the refund was not asked for' },
  'course.hours.refunded': { zh: '已退课，退还{hours}课时', en: 'Left the course; {hours} hours refunded' },

  // Attendance.
  'course.attendance.alreadySigned': { zh: '该学员已签到', en: 'The student has already signed in' },
  'course.attendance.cannotLeave': { zh: '只有未签到的课次可以请假', en: 'Only a lesson not yet attended can be asked leave for' },
  'course.attendance.leaveTooLate': { zh: '课程已开始，不能请假', en: 'The lesson has started; leave can no longer be asked' },
  'course.attendance.leaveReasonRequired': { zh: '请填写请假原因', en: 'Please enter the reason for the leave' },
  'course.attendance.selfSignInWindow': {
    zh: '只能在上课前{minutes}分钟到下课之间签到',
    en: 'You can sign in from {minutes} minutes before the lesson until it ends',
  },
  'course.attendance.feedbackTooEarly': { zh: '课程结束后才能填写反馈', en: 'Feedback can be written once the lesson has ended' },
  'course.attendance.feedbackRequired': { zh: '请填写课程反馈', en: 'Please enter the feedback' },
  'course.attendance.feedbackReleased': { zh: '反馈已发布给家长，不能修改', en: 'The feedback has been released to the family and can no longer be changed' },
  'course.attendance.noFeedback': { zh: '还没有填写反馈', en: 'There is no feedback to release yet' },
  'course.attendance.signedIn': { zh: '签到成功', en: 'Signed in' },
  'course.attendance.tooEarly': {
    zh: '课程{start}开始，现在距开课超过{minutes}分钟；确认提前签到请说明原因',
    en: 'The lesson starts at {start}, more than {minutes} minutes from now; to sign in early, confirm it with a reason',
  },
  'course.attendance.earlyReasonRequired': { zh: '请填写提前签到的原因', en: 'Please enter why the student is signed in early' },
  'course.attendance.notSignedIn': { zh: '该学员尚未签到，无法撤销', en: 'The student has not signed in; there is nothing to undo' },
  'course.attendance.signInUndone': { zh: '已撤销签到，课时已退回', en: 'Sign-in undone; the hours are back' },
  'course.attendance.leaveAsked': { zh: '请假成功', en: 'Leave requested' },
  'course.attendance.released': { zh: '反馈已发布', en: 'Feedback released' },

  // Homework.
  'course.homework.cannotSubmit': { zh: '当前作业状态不能提交答案', en: 'Answers cannot be submitted in the homework’s current state' },
  'course.homework.cannotReview': { zh: '只有已提交的作业可以审核', en: 'Only submitted homework can be reviewed' },
  'course.homework.commentRequired': { zh: '请填写需要修改的意见', en: 'Please say what needs revising' },
  'course.homework.noTask': { zh: '该课次还没有布置作业', en: 'No homework has been set for this lesson' },
  'course.homework.auditStateInvalid': { zh: '审核结果错误', en: 'The review result is not valid' },
  'course.homework.reviewed': { zh: '审核成功', en: 'Reviewed' },
  'course.homework.submitted': { zh: '提交成功', en: 'Submitted' },

  // Reports and export.
  'course.report.sheet': { zh: '课程日志', en: 'Course log' },
  'course.report.course': { zh: '课程', en: 'Course' },
  'course.report.date': { zh: '日期', en: 'Date' },
  'course.report.time': { zh: '时间', en: 'Time' },
  'course.report.classroom': { zh: '教室', en: 'Classroom' },
  'course.report.lecturers': { zh: '讲师', en: 'Lecturers' },
  'course.report.students': { zh: '学员数', en: 'Students' },
  'course.report.taken': { zh: '已签到', en: 'Attended' },
  'course.report.leave': { zh: '请假', en: 'Leave' },
  'course.report.untaken': { zh: '未签到', en: 'Not attended' },
  'course.summary.sheetCourses': { zh: '按课程统计', en: 'By course' },
  'course.summary.sheetLecturers': { zh: '按讲师统计', en: 'By lecturer' },
  'course.summary.no': { zh: '课程编号', en: 'Course no.' },
  'course.summary.lessons': { zh: '课次', en: 'Lessons' },
  'course.summary.hoursTaught': { zh: '授课时长（小时）', en: 'Hours taught' },
  'course.summary.places': { zh: '学员课次', en: 'Places' },
  'course.summary.attendanceRate': { zh: '出勤率', en: 'Attendance' },
  'course.summary.homeworkSet': { zh: '布置作业', en: 'Homework set' },
  'course.summary.homeworkDone': { zh: '已提交作业', en: 'Homework done' },
  'course.summary.homeworkRate': { zh: '作业完成率', en: 'Homework completion' },
  'course.summary.lecturer': { zh: '讲师', en: 'Lecturer' },
  'course.summary.total': { zh: '合计', en: 'Total' },
  'course.pdf.title': { zh: '课程报告', en: 'Course report' },
  'course.pdf.details': { zh: '课程信息', en: 'Course details' },
  'course.pdf.lessons': { zh: '课程表', en: 'Lesson calendar' },
  'course.pdf.students': { zh: '学员、课时与出勤', en: 'Students, hours and attendance' },
  'course.pdf.no': { zh: '编号', en: 'Number' },
  'course.pdf.type': { zh: '类型', en: 'Type' },
  'course.pdf.site': { zh: '上课方式', en: 'Site' },
  'course.pdf.place': { zh: '地点', en: 'Place' },
  'course.pdf.duration': { zh: '每节时长', en: 'Lesson length' },
  'course.pdf.minutes': { zh: '{n}分钟', en: '{n} min' },
  'course.pdf.plan': { zh: '课次安排', en: 'Plan' },
  'course.pdf.planValue': { zh: '共{total}节，每周{week}节', en: '{total} lessons, {week} a week' },
  'course.pdf.student': { zh: '学员', en: 'Student' },
  'course.pdf.hours': { zh: '课时（总/剩余）', en: 'Hours (total / left)' },
  'course.pdf.attendance': { zh: '出勤（签到/请假/未签到）', en: 'Attendance (attended / leave / not attended)' },
  'course.pdf.none': { zh: '无', en: 'None' },
  'course.pdf.generated': { zh: '生成时间：{time}', en: 'Generated {time}' },
  'course.type.application': { zh: '申请类', en: 'Application' },
  'course.type.retail': { zh: '零售类', en: 'Retail' },
  'course.site.online': { zh: '线上', en: 'Online' },
  'course.site.offline': { zh: '线下', en: 'Offline' },
} as const satisfies MessageTable;

declare module '../../i18n/catalogue.ts' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ModuleMessages extends Record<keyof typeof coursesMessages, true> {}
}
