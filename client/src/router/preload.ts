import type { OperationType } from 'relay-runtime';
import { currentEnvironment } from '../relay/environment.tsx';
import { startQuery, type RouteQuery, type RoutePreloads } from '../relay/routeQuery.ts';
import { noticeDetailRoute } from '../screens/notices/NoticeDetail/NoticeDetail.route.ts';
import { noticeListRoute } from '../screens/notices/NoticeList/NoticeList.route.ts';
import { myCalendarRoute } from '../screens/schedule/MyCalendar/MyCalendar.route.ts';
import { taskListRoute } from '../screens/tasks/Tasks/TaskList.route.ts';
import { archiveListRoute } from '../screens/archives/ArchiveList/ArchiveList.route.ts';
import { archiveDetailRoute } from '../screens/archives/ArchiveDetail/ArchiveDetail.route.ts';
import { verificationListRoute } from '../screens/archives/Verification/VerificationList.route.ts';
import { batchProgressRoute } from '../screens/archives/BatchProgress/BatchProgress.route.ts';
import { workSummaryRoute } from '../screens/tasks/WorkSummary/WorkSummary.route.ts';
import { taskCalendarRoute } from '../screens/tasks/TaskCalendar/TaskCalendar.route.ts';
import { dailyWorkRoute } from '../screens/workdaily/DailyWork/DailyWork.route.ts';
import { allTasksRoute } from '../screens/tasks/AllTasks/AllTasks.route.ts';
import { schoolListRoute } from '../screens/schools/SchoolList/SchoolList.route.ts';
import { applicationListRoute } from '../screens/applications/ApplicationList/ApplicationList.route.ts';
import { applicationFormRoute } from '../screens/applications/ApplicationForm/ApplicationForm.route.ts';
import { progressListRoute } from '../screens/applications/ProgressList/ProgressList.route.ts';
import { ganttRoute } from '../screens/applications/Gantt/Gantt.route.ts';
import { overallProgressRoute } from '../screens/applications/OverallProgress/OverallProgress.route.ts';
import { schoolEditorRoute } from '../screens/schools/SchoolEditor/SchoolEditor.route.ts';
import { schoolDetailsRoute } from '../screens/schools/SchoolDetails/SchoolDetails.route.ts';
import { taskAppendPageRoute, taskDetailPageRoute } from '../screens/tasks/TaskPages/TaskPages.route.ts';
import { staffListRoute } from '../screens/users/StaffList/StaffList.route.ts';
import { staffAddRoute } from '../screens/users/StaffAdd/StaffAdd.route.ts';
import { departmentsRoute } from '../screens/departments/Departments/Departments.route.ts';
import { roleListRoute } from '../screens/roles/RoleList/RoleList.route.ts';
import { rolePermissionRoute } from '../screens/roles/RolePermission/RolePermission.route.ts';
import { userListRoute } from '../screens/users/UserList/UserList.route.ts';
import { userDetailRoute } from '../screens/users/UserDetail/UserDetail.route.ts';
import { operationLogRoute } from '../screens/system/OperationLog/OperationLog.route.ts';
import { memberRoute } from '../screens/companies/Member/Member.route.ts';

import { projectListRoute } from '../screens/projects/ProjectList/ProjectList.route.ts';
import { projectDetailRoute } from '../screens/projects/ProjectDetail/ProjectDetail.route.ts';
import { homeRoute } from '../screens/home/Home/Home.route.ts';
import { dictionaryTreeRoute } from '../screens/dictionary/DictionaryTree/DictionaryTree.route.ts';
import { dictionaryItemsRoute } from '../screens/dictionary/DictionaryItems/DictionaryItems.route.ts';
import { accountRoute } from '../screens/auth/Account/Account.route.ts';
import { projectCostRoute } from '../screens/projects/ProjectCost/ProjectCost.route.ts';
import { courseListRoute } from '../screens/courses/CourseList/CourseList.route.ts';
import { courseDetailRoute } from '../screens/courses/CourseDetail/CourseDetail.route.ts';
import { lessonDetailRoute } from '../screens/courses/LessonDetail/LessonDetail.route.ts';
import { lessonListRoute } from '../screens/courses/LessonList/LessonList.route.ts';
import { classroomsRoute } from '../screens/courses/Classrooms/Classrooms.route.ts';
import { courseHoursRoute } from '../screens/courses/CourseHours/CourseHours.route.ts';
import { hourRecordsRoute } from '../screens/courses/HourRecords/HourRecords.route.ts';
import { myCourseRoute } from '../screens/courses/MyCourse/MyCourse.route.ts';

type Params = Readonly<Record<string, string | undefined>>;
type AnyRoute = RouteQuery<OperationType>;

/** The queries each fixed route starts on navigation. */
const FIXED: Record<string, AnyRoute[]> = {
  working: [myCalendarRoute, taskListRoute] as AnyRoute[],
  notice: [noticeListRoute] as AnyRoute[],
  noticeDetail: [noticeDetailRoute] as AnyRoute[],
};

/** The queries of the screens behind the menu, by the view component path (router/MenuRoute.tsx SCREENS). */
const BY_COMPONENT: Record<string, AnyRoute[]> = {
  'notification/notice/index': [noticeListRoute] as AnyRoute[],
  'mission/task-list/index': [taskListRoute] as AnyRoute[],
  'archives/list/index': [archiveListRoute] as AnyRoute[],
  'archivess/list/index': [archiveListRoute] as AnyRoute[],
  'archives/detail/index': [archiveDetailRoute] as AnyRoute[],
  'archivesVerification/list/index': [verificationListRoute] as AnyRoute[],
  'archives/detail/batch-operation/index': [batchProgressRoute] as AnyRoute[],
  'quick-progress/index': [batchProgressRoute] as AnyRoute[],
  'mission/details/index': [taskDetailPageRoute] as AnyRoute[],
  'mission/append/index': [taskAppendPageRoute] as AnyRoute[],
  'mission/list/index': [allTasksRoute] as AnyRoute[],
  'mission/summary/index': [workSummaryRoute] as AnyRoute[],
  'mission/calendar/index': [taskCalendarRoute] as AnyRoute[],
  'working/daily/index': [dailyWorkRoute] as AnyRoute[],
  'school/list/index': [schoolListRoute] as AnyRoute[],
  'school/details/index': [schoolDetailsRoute] as AnyRoute[],
  'school/add/index': [schoolEditorRoute] as AnyRoute[],
  'application-progress/list/index': [applicationListRoute] as AnyRoute[],
  'application-progress/form/index': [applicationFormRoute] as AnyRoute[],
  'overall-progress/index': [overallProgressRoute] as AnyRoute[],
  'progress/list/index': [progressListRoute] as AnyRoute[],
  'gantt/index': [ganttRoute] as AnyRoute[],
  'gantt/student/index': [ganttRoute] as AnyRoute[],
  'peopleList/employee-list/index': [staffListRoute] as AnyRoute[],
  'peopleList/add/index': [staffAddRoute] as AnyRoute[],
  'peopleList/department-tree/index': [departmentsRoute] as AnyRoute[],
  'roleControl/list/index': [roleListRoute] as AnyRoute[],
  'roleControl/permission/index': [rolePermissionRoute] as AnyRoute[],
  'user-manage/list/index': [userListRoute] as AnyRoute[],
  'user-manage/detail/index': [userDetailRoute] as AnyRoute[],
  'operation-log/index': [operationLogRoute] as AnyRoute[],
  'member/index': [memberRoute] as AnyRoute[],
  'home/index': [homeRoute] as AnyRoute[],
  'wordbook/tree-list/index': [dictionaryTreeRoute] as AnyRoute[],
  'wordbook/data-list/index': [dictionaryItemsRoute] as AnyRoute[],
  'security/account/index': [accountRoute] as AnyRoute[],
  'project/cost/index': [projectCostRoute] as AnyRoute[],
  'project/list/index': [projectListRoute] as AnyRoute[],
  'project/detail/index': [projectDetailRoute] as AnyRoute[],
  'project/employee-add/index': [projectDetailRoute] as AnyRoute[],
  'course/list/index': [courseListRoute] as AnyRoute[],
  'course/add/index': [courseListRoute] as AnyRoute[],
  'mission/course-detail/index': [courseDetailRoute] as AnyRoute[],
  'mission/schedule-detail/index': [lessonDetailRoute] as AnyRoute[],
  'mission/schedule-list/index': [lessonListRoute] as AnyRoute[],
  'class-room/index': [classroomsRoute] as AnyRoute[],
  'course-hour/list/index': [courseHoursRoute] as AnyRoute[],
  'course-hour/add/index': [courseHoursRoute] as AnyRoute[],
  'course-hour-record/list/index': [hourRecordsRoute] as AnyRoute[],
  'my-course/index': [myCourseRoute] as AnyRoute[],
};

function start(routes: AnyRoute[], params: Params): RoutePreloads {
  const environment = currentEnvironment();
  const out: RoutePreloads = {};
  for (const r of routes) out[r.query.params.name] = startQuery(environment, r.query, r.variables(params));
  return out;
}

/** A fixed route's loader: starts its queries and returns their references at once (no waiting for data). */
export function preloadRoute(id: keyof typeof FIXED, params: Params): RoutePreloads {
  return start(FIXED[id] ?? [], params);
}

/** A screen behind the menu: MenuRoute starts its queries as it renders, while the screen's code loads. */
export function preloadComponent(component: string, params: Params): RoutePreloads | null {
  const routes = BY_COMPONENT[component];
  return routes ? start(routes, params) : null;
}
