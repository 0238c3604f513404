import { lazy, Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { Loading } from '../layout/Loading.tsx';
import { matchPath, Navigate, useLocation, useParams } from 'react-router';
import { refreshKeys } from '../state/visited.ts';
import type { RoutePreloads } from '../relay/routeQuery.ts';
import { findByPath, MenuParamsContext, targetOf, useMenu, visibleChildren } from '../layout/menu.ts';
import { ErrorPage } from '../screens/system/ErrorPage/ErrorPage.tsx';
import { RoutePreloadContext } from '../relay/routeQuery.ts';
import { preloadComponent } from './preload.ts';
import { Placeholder } from '../screens/system/Placeholder/Placeholder.tsx';

/**
 * Screens this client has, by the view component path the right tree names. Heavy screens
 * are loaded on demand in their own chunks.
 */
export const SCREENS: Record<string, LazyExoticComponent<ComponentType>> = {
  'notification/notice/index': lazy(() => import('../screens/notices/NoticeList/NoticeList.tsx').then((m) => ({ default: m.NoticeList }))),
  'mission/task-list/index': lazy(() => import('../screens/tasks/Tasks/TaskList.tsx')),
  'archives/list/index': lazy(() => import('../screens/archives/ArchiveList/ArchiveList.tsx')),
  'archives/detail/index': lazy(() => import('../screens/archives/ArchiveDetail/ArchiveDetail.tsx')),
  'archives/add/index': lazy(() => import('../screens/archives/NewArchive/NewArchive.tsx')),
  'archives/new-add/index': lazy(() => import('../screens/archives/NewArchive/QuickArchive.tsx')),
  'archivess/list/index': lazy(() => import('../screens/archives/ArchiveList/LightArchives.tsx')),
  'archivess/add/index': lazy(() => import('../screens/archives/ArchiveList/LightArchives.tsx').then((m) => ({ default: m.LightArchiveAdd }))),
  'archives/detail/batch-operation/index': lazy(() => import('../screens/archives/BatchProgress/BatchProgress.tsx')),
  'quick-progress/index': lazy(() => import('../screens/archives/BatchProgress/QuickProgress.tsx')),
  'archivesVerification/list/index': lazy(() => import('../screens/archives/Verification/VerificationList.tsx')),
  'mission/details/index': lazy(() => import('../screens/tasks/TaskPages/TaskPages.tsx').then((m) => ({ default: m.TaskDetailPage }))),
  'mission/add/index': lazy(() => import('../screens/tasks/TaskPages/TaskPages.tsx').then((m) => ({ default: m.TaskAddPage }))),
  'mission/summary/index': lazy(() => import('../screens/tasks/WorkSummary/WorkSummary.tsx')),
  'mission/calendar/index': lazy(() => import('../screens/tasks/TaskCalendar/TaskCalendar.tsx')),
  'working/daily/index': lazy(() => import('../screens/workdaily/DailyWork/DailyWork.tsx')),
  'mission/list/index': lazy(() => import('../screens/tasks/AllTasks/AllTasks.tsx')),
  'school/list/index': lazy(() => import('../screens/schools/SchoolList/SchoolList.tsx')),
  'school/details/index': lazy(() => import('../screens/schools/SchoolDetails/SchoolDetails.tsx')),
  'school/add/index': lazy(() => import('../screens/schools/SchoolEditor/SchoolEditor.tsx')),
  'application-progress/list/index': lazy(() => import('../screens/applications/ApplicationList/ApplicationList.tsx')),
  'application-progress/form/index': lazy(() => import('../screens/applications/ApplicationForm/ApplicationForm.tsx')),
  'progress/list/index': lazy(() => import('../screens/applications/ProgressList/ProgressList.tsx')),
  'gantt/index': lazy(() => import('../screens/applications/Gantt/Gantt.tsx')),
  'gantt/student/index': lazy(() => import('../screens/applications/Gantt/Gantt.tsx').then((m) => ({ default: m.StudentGantt }))),
  'overall-progress/index': lazy(() => import('../screens/applications/OverallProgress/OverallProgress.tsx')),
  'home/index': lazy(() => import('../screens/home/Home/Home.tsx')),
  'wordbook/tree-list/index': lazy(() => import('../screens/dictionary/DictionaryTree/DictionaryTree.tsx')),
  'wordbook/data-list/index': lazy(() => import('../screens/dictionary/DictionaryItems/DictionaryItems.tsx')),
  'wordbook/data-add/index': lazy(() => import('../screens/dictionary/DictionaryTree/DictionaryTree.tsx').then((m) => ({ default: m.DictionaryDataAdd }))),
  'security/account/index': lazy(() => import('../screens/auth/Account/Account.tsx')),
  'project/cost/index': lazy(() => import('../screens/projects/ProjectCost/ProjectCost.tsx')),
  'project/list/index': lazy(() => import('../screens/projects/ProjectList/ProjectList.tsx')),
  'project/add/index': lazy(() => import('../screens/projects/ProjectAdd/ProjectAdd.tsx')),
  'project/detail/index': lazy(() => import('../screens/projects/ProjectDetail/ProjectDetail.tsx')),
  'project/employee-add/index': lazy(() => import('../screens/projects/ProjectDetail/ProjectDetail.tsx').then((m) => ({ default: m.ProjectEmployeeAdd }))),
  'tool/skill/index': lazy(() => import('../screens/tasks/SkillStack/SkillStack.tsx')),
  'mission/append/index': lazy(() => import('../screens/tasks/TaskPages/TaskPages.tsx').then((m) => ({ default: m.TaskAppendPage }))),
  'peopleList/employee-list/index': lazy(() => import('../screens/users/StaffList/StaffList.tsx')),
  'peopleList/add/index': lazy(() => import('../screens/users/StaffAdd/StaffAdd.tsx')),
  'peopleList/department-tree/index': lazy(() => import('../screens/departments/Departments/Departments.tsx')),
  'roleControl/list/index': lazy(() => import('../screens/roles/RoleList/RoleList.tsx')),
  'roleControl/add/index': lazy(() => import('../screens/roles/RoleList/RoleAdd.tsx')),
  'roleControl/permission/index': lazy(() => import('../screens/roles/RolePermission/RolePermission.tsx')),
  'user-manage/list/index': lazy(() => import('../screens/users/UserList/UserList.tsx')),
  'user-manage/add/index': lazy(() => import('../screens/users/UserAdd/UserAdd.tsx')),
  'user-manage/detail/index': lazy(() => import('../screens/users/UserDetail/UserDetail.tsx')),
  'operation-log/index': lazy(() => import('../screens/system/OperationLog/OperationLog.tsx')),
  'member/index': lazy(() => import('../screens/companies/Member/Member.tsx')),
  'course/list/index': lazy(() => import('../screens/courses/CourseList/CourseList.tsx')),
  'course/add/index': lazy(() => import('../screens/courses/CourseList/CourseList.tsx').then((m) => ({ default: m.CourseAdd }))),
  'mission/course-detail/index': lazy(() => import('../screens/courses/CourseDetail/CourseDetail.tsx')),
  'mission/schedule-detail/index': lazy(() => import('../screens/courses/LessonDetail/LessonDetail.tsx')),
  'mission/schedule-list/index': lazy(() => import('../screens/courses/LessonList/LessonList.tsx')),
  'mission/schedule/index': lazy(() => import('../screens/courses/CourseCalendar/CourseCalendar.tsx').then((m) => ({ default: m.Scheduling }))),
  'mission/course-calendar/index': lazy(() => import('../screens/courses/CourseCalendar/CourseCalendar.tsx')),
  'mission/curriculum/index': lazy(() => import('../screens/courses/CourseCalendar/CourseCalendar.tsx').then((m) => ({ default: m.Curriculum }))),
  'mission/class-room/list/index': lazy(() => import('../screens/courses/CourseCalendar/CourseCalendar.tsx').then((m) => ({ default: m.ClassroomUsage }))),
  'class-room/index': lazy(() => import('../screens/courses/Classrooms/Classrooms.tsx')),
  'course-hour/list/index': lazy(() => import('../screens/courses/CourseHours/CourseHours.tsx')),
  'course-hour/add/index': lazy(() => import('../screens/courses/CourseHours/CourseHours.tsx').then((m) => ({ default: m.CourseHoursAdd }))),
  'course-hour-record/list/index': lazy(() => import('../screens/courses/HourRecords/HourRecords.tsx')),
  'my-course/index': lazy(() => import('../screens/courses/MyCourse/MyCourse.tsx')),
  'mission/course-export/index': lazy(() => import('../screens/courses/CourseExport/CourseExport.tsx')),
};

/**
 * The queries started for a navigation (history entry, path, refresh count). Kept outside React:
 * a render above the screen that suspends before committing would otherwise lose them and start
 * the query again (a second request, and a failed first one never shown).
 */
const started = new Map<string, RoutePreloads | null>();
function preloadsFor(key: string, component: string, params: Readonly<Record<string, string | undefined>>): RoutePreloads | null {
  if (!started.has(key)) {
    started.set(key, preloadComponent(component, params));
    if (started.size > 20) started.delete(started.keys().next().value!);
  }
  return started.get(key) ?? null;
}

/** PC paths the spec names: reached without the right, they answer 401 rather than 404. */
const KNOWN_PATHS = [
  '/archives/list',
  '/archives/detail/batch-operation',
  '/quick-progress',
  '/archives-verification',
  '/user-manage/list',
  '/notice',
  '/operation-log',
  '/role-control/list',
  '/people/list',
  '/mission/task-list',
  '/mission/list',
  '/mission/calendar',
  '/mission/summary',
  '/mission/add',
  '/mission/details/:id',
  '/mission/append/:id',
  '/mission/daily-work',
  '/project/list',
  '/school/list',
];

/**
 * Any other path inside the layout resolves against the viewer's menu: a group goes to its
 * redirect or first visible child, a view renders its screen (or a placeholder while the screen
 * is not built), a known path without the right is 401, anything else 404.
 * The path comes from this route's own params so a kept-alive view keeps its own path.
 */
export function MenuRoute() {
  const menu = useMenu();
  const params = useParams();
  const pathname = `/${params['*'] ?? ''}`.replace(/\/+$/, '') || '/';
  const node = findByPath(menu, pathname);
  const location = useLocation();
  const refresh = refreshKeys.use()[pathname] ?? 0;
  // The screen's query starts now, while React loads the screen's code.
  // Only for the view on screen: a kept-alive view (its own path, hidden) re-renders on every
  // navigation elsewhere and must not start its query again each time. The URL's query (a list's
  // filters, useUrlState) is passed with the route's params so the route starts the right list.
  const current = location.pathname.replace(/\/+$/, '') === pathname;
  // The entry's own pattern params (`:id`), which the splat route does not parse.
  const menuParams = useMemo(() => (node ? (matchPath({ path: node.path, end: true }, pathname)?.params ?? {}) : {}), [node, pathname]);
  const preloads = node?.component && current ? preloadsFor(`${location.key}|${pathname}|${refresh}`, node.component, { ...Object.fromEntries(new URLSearchParams(location.search)), ...params, ...menuParams }) : null;
  if (!node) {
    return KNOWN_PATHS.some((p) => matchPath({ path: p, end: true }, pathname)) ? <ErrorPage code={401} embedded /> : <ErrorPage code={404} embedded />;
  }
  if (node.redirect && node.redirect !== pathname) return <Navigate to={node.redirect} replace />;
  if (!node.component && visibleChildren(node).length) {
    const target = targetOf(node);
    if (target && target !== pathname) return <Navigate to={target} replace />;
  }
  const Screen = node.component ? SCREENS[node.component] : undefined;
  // The screen suspends below this route (its code, its data), so the started query is kept:
  // a suspension above would discard this state and start the query again.
  return Screen ? (
    <RoutePreloadContext.Provider value={preloads}>
      <MenuParamsContext.Provider value={menuParams}>
        <Suspense fallback={<Loading />}>
          <Screen />
        </Suspense>
      </MenuParamsContext.Provider>
    </RoutePreloadContext.Provider>
  ) : (
    <Placeholder item={node} />
  );
}
