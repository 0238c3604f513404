import type { Prisma } from '../../server/generated/prisma/client.ts';

/**
 * The menu/right tree. PC entries (showType 1) mirror the screens of spec section 2;
 * group nodes have no view of their own (component null) and redirect to their first
 * visible child. Paths are absolute so a route can be built from a node alone.
 */
type RightDef = {
  key: string;
  title: string;
  titleEn: string;
  path?: string;
  /** Route name; derived from the key (PascalCase) when the node has a path. */
  name?: string;
  icon?: string;
  hidden?: boolean;
  component?: string;
  children?: RightDef[];
};

const SHOW_PC = 1;
const SHOW_MOBILE_NAV = 2;
const SHOW_MOBILE_FUNCTION = 3;

const PC_TREE: RightDef[] = [
  { key: 'working', title: '我的日历', titleEn: 'My Calendar', path: '/working', icon: 'calendar', component: 'working/index' },
  // The PC start page (docs/projects-ui.md): its own entry; /working stays the landing after login.
  { key: 'home', title: '首页', titleEn: 'Home', path: '/home', icon: 'home', component: 'home/index' },
  {
    key: 'archives',
    title: '学员档案',
    titleEn: 'Student archives',
    path: '/archives',
    icon: 'folder',
    children: [
      { key: 'archives.list', title: '档案列表', titleEn: 'Archive list', path: '/archives/list', icon: 'list', component: 'archives/list/index' },
      { key: 'archives.add', title: '新建档案', titleEn: 'New archive', path: '/archives/add', hidden: true, component: 'archives/add/index' },
      { key: 'archives.detail', title: '档案详情', titleEn: 'Archive detail', path: '/archives/detail/:id', hidden: true, component: 'archives/detail/index' },
      { key: 'archives.newAdd', title: '快速建档', titleEn: 'Quick archive entry', path: '/archives/new-add', hidden: true, component: 'archives/new-add/index' },
      { key: 'archives.light', title: '简易档案', titleEn: 'Light archives', path: '/archivess/list', icon: 'file', component: 'archivess/list/index' },
      { key: 'archives.lightAdd', title: '新建简易档案', titleEn: 'New light archive', path: '/archivess/add', hidden: true, component: 'archivess/add/index' },
      { key: 'archives.verification', title: '档案审核', titleEn: 'Archive verification', path: '/archives-verification', icon: 'check', component: 'archivesVerification/list/index' },
      { key: 'archives.batchOperation', title: '批量申请进度', titleEn: 'Batch application progress', path: '/archives/detail/batch-operation', hidden: true, component: 'archives/detail/batch-operation/index' },
      { key: 'archives.quickProgress', title: '快速进度', titleEn: 'Quick progress', path: '/quick-progress', icon: 'fast', component: 'quick-progress/index' },
    ],
  },
  {
    key: 'school',
    title: '学校',
    titleEn: 'Schools',
    path: '/school',
    icon: 'school',
    children: [
      { key: 'school.list', title: '学校列表', titleEn: 'School list', path: '/school/list', icon: 'list', component: 'school/list/index' },
      { key: 'school.add', title: '新增学校', titleEn: 'Add school', path: '/school/add', hidden: true, component: 'school/add/index' },
      { key: 'school.details', title: '学校详情', titleEn: 'School details', path: '/school/details/:id', hidden: true, component: 'school/details/index' },
    ],
  },
  {
    key: 'progress',
    title: '申请进度',
    titleEn: 'Application progress',
    path: '/progress',
    icon: 'chart',
    children: [
      { key: 'progress.application', title: '申请进度', titleEn: 'Application progress', path: '/application-progress', icon: 'list', component: 'application-progress/list/index' },
      { key: 'progress.applicationForm', title: '编辑申请进度', titleEn: 'Edit application progress', path: '/application-progress/form/:id', hidden: true, component: 'application-progress/form/index' },
      { key: 'progress.overall', title: '总体进度', titleEn: 'Overall progress', path: '/overall-progress', icon: 'chart', component: 'overall-progress/index' },
      { key: 'progress.list', title: '进度列表', titleEn: 'Progress list', path: '/progress/list', icon: 'list', component: 'progress/list/index' },
    ],
  },
  {
    key: 'course',
    title: '课程',
    titleEn: 'Courses',
    path: '/course',
    icon: 'book',
    children: [
      { key: 'course.list', title: '课程列表', titleEn: 'Course list', path: '/course/list', icon: 'list', component: 'course/list/index' },
      { key: 'course.add', title: '新增课程', titleEn: 'Add course', path: '/course/add', hidden: true, component: 'course/add/index' },
      { key: 'course.hour.list', title: '课时管理', titleEn: 'Course hours', path: '/course-hour/list', icon: 'clock', component: 'course-hour/list/index' },
      { key: 'course.hour.add', title: '新增课时', titleEn: 'Add course hours', path: '/course-hour/add', hidden: true, component: 'course-hour/add/index' },
      { key: 'course.hourRecord', title: '课时记录', titleEn: 'Course hour records', path: '/course-hour-record', icon: 'file', component: 'course-hour-record/list/index' },
      { key: 'course.classRoom', title: '教室管理', titleEn: 'Classrooms', path: '/class-room', icon: 'home', component: 'class-room/index' },
      { key: 'course.myCourse', title: '我的课程', titleEn: 'My courses', path: '/my-course', icon: 'book', component: 'my-course/index' },
      { key: 'course.calendar', title: '课程日历', titleEn: 'Course calendar', path: '/mission/course-calendar', icon: 'calendar', component: 'mission/course-calendar/index' },
      { key: 'course.curriculum', title: '课表', titleEn: 'Curriculum', path: '/mission/curriculum', icon: 'table', component: 'mission/curriculum/index' },
      { key: 'course.schedule', title: '排课', titleEn: 'Scheduling', path: '/mission/schedule', icon: 'calendar', component: 'mission/schedule/index' },
      { key: 'course.scheduleList', title: '排课列表', titleEn: 'Schedule list', path: '/mission/schedule-list', icon: 'list', component: 'mission/schedule-list/index' },
      { key: 'course.scheduleDetail', title: '排课详情', titleEn: 'Schedule detail', path: '/mission/schedule-detail/:id', hidden: true, component: 'mission/schedule-detail/index' },
      { key: 'course.detail', title: '课程详情', titleEn: 'Course detail', path: '/mission/course-detail/:id', hidden: true, component: 'mission/course-detail/index' },
      { key: 'course.classRoomUsage', title: '教室占用', titleEn: 'Classroom usage', path: '/mission/class-room', icon: 'home', component: 'mission/class-room/list/index' },
      { key: 'course.export', title: '课程导出', titleEn: 'Course export', path: '/course-export', hidden: true, component: 'mission/course-export/index' },
    ],
  },
  {
    key: 'task',
    title: '任务',
    titleEn: 'Tasks',
    path: '/mission',
    icon: 'task',
    children: [
      { key: 'task.list', title: '任务列表', titleEn: 'Task list', path: '/mission/task-list', icon: 'list', component: 'mission/task-list/index' },
      { key: 'task.add', title: '新增任务', titleEn: 'Add task', path: '/mission/add', hidden: true, component: 'mission/add/index' },
      { key: 'task.details', title: '任务详情', titleEn: 'Task details', path: '/mission/details/:id', hidden: true, component: 'mission/details/index' },
      { key: 'task.append', title: '追加任务', titleEn: 'Append to task', path: '/mission/append/:id', hidden: true, component: 'mission/append/index' },
      { key: 'task.summary', title: '任务汇总', titleEn: 'Task summary', path: '/mission/summary', icon: 'chart', component: 'mission/summary/index' },
      { key: 'task.calendar', title: '任务日历', titleEn: 'Task calendar', path: '/mission/calendar', icon: 'calendar', component: 'mission/calendar/index' },
      { key: 'task.all', title: '全部任务', titleEn: 'All tasks', path: '/mission/list', icon: 'list', component: 'mission/list/index' },
      { key: 'task.daily', title: '每日工作', titleEn: 'Daily work', path: '/mission/daily-work', icon: 'clock', component: 'working/daily/index' },
      // The spec's tool skill (docs/users-ui.md): the projects whose tasks use a skill stack; the task dialog's link opens the same view.
      { key: 'task.skillStack', title: '技能栈', titleEn: 'Skill stacks', path: '/mission/skill-stack', icon: 'tool', component: 'tool/skill/index' },
    ],
  },
  {
    key: 'project',
    title: '项目',
    titleEn: 'Projects',
    path: '/project',
    icon: 'briefcase',
    children: [
      { key: 'project.list', title: '项目列表', titleEn: 'Project list', path: '/project/list', icon: 'list', component: 'project/list/index' },
      { key: 'project.detail', title: '项目详情', titleEn: 'Project detail', path: '/project/detail/:id', hidden: true, component: 'project/detail/index' },
      { key: 'project.add', title: '新建项目', titleEn: 'New project', path: '/project/add', hidden: true, component: 'project/add/index' },
      { key: 'project.cost', title: '项目成本', titleEn: 'Project costs', path: '/project/cost', icon: 'money', component: 'project/cost/index' },
      { key: 'project.employeeAdd', title: '添加项目成员', titleEn: 'Add project members', path: '/project/employee-add/:id', hidden: true, component: 'project/employee-add/index' },
    ],
  },
  {
    key: 'people',
    title: '人员',
    titleEn: 'People',
    path: '/people',
    icon: 'user',
    children: [
      { key: 'people.list', title: '员工列表', titleEn: 'Staff list', path: '/people/list', icon: 'list', component: 'peopleList/employee-list/index' },
      { key: 'people.department', title: '部门管理', titleEn: 'Departments', path: '/people/department', icon: 'tree', component: 'peopleList/department-tree/index' },
      { key: 'people.add', title: '新增员工', titleEn: 'Add staff', path: '/people/add', hidden: true, component: 'peopleList/add/index' },
      { key: 'userManage.list', title: '用户管理', titleEn: 'Users', path: '/user-manage/list', icon: 'user', component: 'user-manage/list/index' },
      { key: 'userManage.add', title: '新增用户', titleEn: 'Add user', path: '/user-manage/add', hidden: true, component: 'user-manage/add/index' },
      { key: 'userManage.detail', title: '用户详情', titleEn: 'User detail', path: '/user-manage/detail/:id', hidden: true, component: 'user-manage/detail/index' },
      { key: 'member', title: '成员账号', titleEn: 'Member accounts', path: '/member', icon: 'team', component: 'member/index' },
      { key: 'staff.changeState', title: '启用/停用员工', titleEn: 'Activate or deactivate staff', hidden: true },
    ],
  },
  {
    key: 'notification',
    title: '通知',
    titleEn: 'Notifications',
    path: '/notification',
    icon: 'bell',
    children: [
      { key: 'notification.notice', title: '通知列表', titleEn: 'Notices', path: '/notice', icon: 'bell', component: 'notification/notice/index' },
      { key: 'notification.detail', title: '通知详情', titleEn: 'Notification detail', path: '/notification/detail/:id', hidden: true, component: 'notification/detail/index' },
    ],
  },
  {
    key: 'system',
    title: '系统',
    titleEn: 'System',
    path: '/system',
    icon: 'setting',
    // Role control is not first: the group redirects to its first child, which managers must be able to open.
    children: [
      { key: 'wordbook', title: '数据字典', titleEn: 'Data dictionary', path: '/wordbook', icon: 'dictionary', component: 'wordbook/tree-list/index' },
      { key: 'wordbook.dataList', title: '字典数据', titleEn: 'Dictionary items', path: '/wordbook/data/:id', hidden: true, component: 'wordbook/data-list/index' },
      { key: 'wordbook.dataAdd', title: '新增字典数据', titleEn: 'Add dictionary item', path: '/wordbook/data-add', hidden: true, component: 'wordbook/data-add/index' },
      { key: 'operationLog', title: '操作日志', titleEn: 'Operation log', path: '/operation-log', icon: 'log', component: 'operation-log/index' },
      { key: 'operationLog.read', title: '查看操作日志', titleEn: 'Read the operation log', hidden: true },
      { key: 'security.account', title: '账号安全', titleEn: 'Account security', path: '/security/account', icon: 'key', component: 'security/account/index' },
      { key: 'roleControl.list', title: '角色管理', titleEn: 'Roles', path: '/role-control/list', icon: 'lock', component: 'roleControl/list/index' },
      { key: 'roleControl.add', title: '新增角色', titleEn: 'Add role', path: '/role-control/add', hidden: true, component: 'roleControl/add/index' },
      { key: 'roleControl.permission', title: '权限设置', titleEn: 'Permission settings', path: '/role-control/permission/:id', hidden: true, component: 'roleControl/permission/index' },
      { key: 'rights.readAll', title: '查看全部权限', titleEn: 'Read the whole right tree', hidden: true },
      // Left out (docs/projects-ui.md): the encryption tool (a decryption check would be an oracle
      // for the login key), WPS authorisation (no WPS integration), appointments and costs (underspecified; the
      // project costs are /project/cost).
      { key: 'gantt', title: '甘特图', titleEn: 'Gantt chart', path: '/gantt', icon: 'gantt', component: 'gantt/index' },
      { key: 'gantt.student', title: '学员甘特图', titleEn: 'Student Gantt chart', path: '/gantt/student/:id', hidden: true, component: 'gantt/student/index' },
    ],
  },
];

const MOBILE_NAV: RightDef[] = [
  { key: 'mobile.home', title: '首页', titleEn: 'Home', path: '/m/home', icon: 'home', component: 'mobile/home/index' },
  { key: 'mobile.schedule', title: '日程', titleEn: 'Schedule', path: '/m/schedule', icon: 'calendar', component: 'mobile/schedule/index' },
  { key: 'mobile.message', title: '消息', titleEn: 'Messages', path: '/m/message', icon: 'bell', component: 'mobile/message/index' },
  { key: 'mobile.mine', title: '我的', titleEn: 'Me', path: '/m/mine', icon: 'user', component: 'mobile/mine/index' },
];

const MOBILE_FUNCTIONS: RightDef[] = [
  { key: 'mobile.signIn', title: '课程签到', titleEn: 'Course sign-in', path: '/m/course/sign-in', icon: 'check', component: 'mobile/course/sign-in/index' },
  { key: 'mobile.homework', title: '作业上传', titleEn: 'Homework upload', path: '/m/course/homework', icon: 'upload', component: 'mobile/course/homework/index' },
  { key: 'mobile.leave', title: '请假申请', titleEn: 'Leave request', path: '/m/course/leave', icon: 'clock', component: 'mobile/course/leave/index' },
  { key: 'mobile.feedback', title: '课程反馈', titleEn: 'Course feedback', path: '/m/course/feedback', icon: 'message', component: 'mobile/course/feedback/index' },
  { key: 'mobile.progress', title: '申请进度', titleEn: 'Application progress', path: '/m/progress', icon: 'chart', component: 'mobile/progress/index' },
];

export type RightRow = Prisma.RightCreateManyInput & { id: number; key: string };

function routeName(key: string): string {
  return key
    .split(/[.\-_]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** Flattens the trees depth-first into rows with explicit ids starting at 1. */
export function buildRights(): RightRow[] {
  const rows: RightRow[] = [];
  const visit = (defs: RightDef[], parentId: number | null, showType: number): void => {
    defs.forEach((def, index) => {
      const id = rows.length + 1;
      const firstVisibleChild = def.children?.find((child) => !child.hidden && child.path);
      rows.push({
        id,
        parentId,
        key: def.key,
        path: def.path ?? null,
        name: def.name ?? (def.path ? routeName(def.key) : null),
        title: def.title,
        titleEn: def.titleEn,
        icon: def.icon ?? null,
        hidden: def.hidden ?? false,
        redirect: firstVisibleChild?.path ?? null,
        component: def.component ?? null,
        showType,
        sort: index + 1,
      });
      if (def.children) visit(def.children, id, showType);
    });
  };
  visit(PC_TREE, null, SHOW_PC);
  visit(MOBILE_NAV, null, SHOW_MOBILE_NAV);
  visit(MOBILE_FUNCTIONS, null, SHOW_MOBILE_FUNCTION);
  return rows;
}

/**
 * Rights per role code. `trees` grants a node with all its descendants, `keys` grants
 * single nodes; the ancestors of every granted node are always added so that the menu
 * tree stays connected.
 */
type Grant = { all?: true; except?: (key: string) => boolean; trees?: string[]; keys?: string[] };

const MOBILE_STAFF = ['mobile.home', 'mobile.schedule', 'mobile.message', 'mobile.mine'];

export const ROLE_GRANTS: Record<string, Grant> = {
  admin: { all: true },
  manager: {
    all: true,
    except: (key) => key.startsWith('roleControl.') || key === 'rights.readAll' || key.startsWith('tool.') || key.startsWith('operationLog'),
  },
  consultant: {
    trees: ['working', 'home', 'archives', 'school', 'progress', 'task', 'notification'],
    keys: ['project.list', 'security.account', ...MOBILE_STAFF, 'mobile.progress'],
  },
  lecturer: {
    trees: ['working', 'home', 'course', 'task', 'notification'],
    keys: ['security.account', ...MOBILE_STAFF, 'mobile.signIn', 'mobile.feedback'],
  },
  sales: {
    trees: ['working', 'home', 'notification'],
    keys: ['archives.list', 'archives.add', 'school.list', 'project.list', 'security.account'],
  },
  partner: { trees: ['working', 'home', 'notification'], keys: ['school.list', 'security.account'] },
  parent: { keys: ['mobile.home', 'mobile.schedule', 'mobile.message', 'mobile.mine', 'mobile.progress', 'mobile.leave'] },
  // course.myCourse: a student's lessons and homework uploads on the PC too (docs/courses-ui.md).
  student: { keys: ['mobile.home', 'mobile.schedule', 'mobile.message', 'mobile.mine', 'mobile.signIn', 'mobile.homework', 'course.myCourse'] },
};

/** Resolves a role's grant to right ids, in tree order. */
export function rightIdsFor(grant: Grant, rights: RightRow[]): number[] {
  const byKey = new Map(rights.map((r) => [r.key, r]));
  const byId = new Map(rights.map((r) => [r.id, r]));
  const childrenOf = new Map<number, RightRow[]>();
  for (const r of rights) {
    if (r.parentId == null) continue;
    const list = childrenOf.get(r.parentId) ?? [];
    list.push(r);
    childrenOf.set(r.parentId, list);
  }
  const lookup = (key: string): RightRow => {
    const row = byKey.get(key);
    if (!row) throw new Error(`Unknown right key in role grants: ${key}`);
    return row;
  };

  const chosen = new Set<number>();
  if (grant.all) {
    for (const r of rights) if (!grant.except?.(r.key)) chosen.add(r.id);
  }
  const addTree = (row: RightRow): void => {
    chosen.add(row.id);
    for (const child of childrenOf.get(row.id) ?? []) addTree(child);
  };
  for (const key of grant.trees ?? []) addTree(lookup(key));
  for (const key of grant.keys ?? []) chosen.add(lookup(key).id);

  for (const id of [...chosen]) {
    let parentId = byId.get(id)?.parentId ?? null;
    while (parentId != null) {
      chosen.add(parentId);
      parentId = byId.get(parentId)?.parentId ?? null;
    }
  }
  return rights.filter((r) => chosen.has(r.id)).map((r) => r.id);
}
