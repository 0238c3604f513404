import type { Prisma } from '../../generated/prisma/client.ts';
import type { ModuleSeeder } from '../../module.ts';
import { createRandom } from '../../../prisma/seed/random.ts';

/**
 * Demo work tasks: a fixed set around the demo accounts (every state, a bug with feedback,
 * an undone completion with its complaint, additions, daily reports, one task the demo
 * consultant must not see), then 60·scale generated tasks across the live projects.
 * Deterministic; dates relative to ctx.referenceDate.
 */
const SKILL_STACKS = ['文书写作 Essay writing', '面试辅导 Interview coaching', 'SSAT 教学 SSAT teaching', 'TOEFL 教学 TOEFL teaching', '数据迁移 Data migration', '活动策划 Event planning'];

type Fixed = {
  title: string;
  assigner: string;
  executor: string | null;
  project: string;
  state: number;
  priority: number;
  taskType?: number;
  progress?: number;
  daysAgo: number;
  feedback?: string;
  content: string;
  additions?: string[];
  reports?: number[];
  undoneBy?: string;
  skill?: number;
};

const FIXED: Fixed[] = [
  {
    title: '整理 2027 申请季学生选校清单',
    assigner: 'manager',
    executor: 'consultant',
    project: 'P2027-US',
    state: 1,
    priority: 2,
    progress: 40,
    daysAgo: 12,
    skill: 1,
    content: '<h2>选校清单</h2><p>为每位 2027 申请季学生整理 <strong>10–12 所</strong>学校：</p><ul><li>冲刺 3 所</li><li>匹配 5 所</li><li>保底 3 所</li></ul>',
    additions: ['<p>补充：请同时标注每所学校的面试方式（校园 / 线上）。</p>'],
    reports: [3, 2],
  },
  {
    title: '提交 Phillips Academy 申请材料',
    assigner: 'manager',
    executor: 'consultant',
    project: 'P2027-US',
    state: 2,
    priority: 1,
    progress: 100,
    daysAgo: 20,
    content: '<p>截止日期前一周完成递交，<a href="https://www.andover.edu">学校官网</a>核对要求。</p>',
  },
  { title: '安排 SSAT 模考场地', assigner: 'manager', executor: 'consultant', project: 'P2027-US', state: 4, priority: 3, progress: 10, daysAgo: 9, content: '<p>与培训部协调 10 月两次模考的教室。</p>' },
  { title: '等待学校面试时间确认', assigner: 'manager', executor: 'consultant', project: 'P2027-US', state: 5, priority: 3, daysAgo: 6, content: '<p>已发邮件给 Hotchkiss 招生办，等待回复。</p>' },
  {
    title: 'CRM 导入时家长电话重复',
    assigner: 'admin',
    executor: 'consultant',
    project: 'P2026-CRM',
    state: 1,
    priority: 1,
    taskType: 2,
    daysAgo: 4,
    skill: 5,
    content: '<p>导入旧 CRM 数据后，部分家长出现两条电话记录。</p><table><tbody><tr><td>家长</td><td>重复条数</td></tr><tr><td>王女士</td><td>2</td></tr></tbody></table>',
    additions: ['<p>复现步骤：导入 2025 年档案批次后查看家长详情。</p>'],
  },
  { title: '修订英国学校文书模板', assigner: 'manager', executor: 'wang.fang', project: 'P2027-US', state: 1, priority: 2, progress: 20, daysAgo: 8, content: '<p>更新 2027 年文书模板，加入新的个人陈述示例。</p>' },
  { title: '联系 Eton 招生办', assigner: 'lin.xiao', executor: 'xu.jing', project: 'P2027-UK', state: 1, priority: 2, daysAgo: 5, content: '<p>确认 13+ 面试安排与 ISEB 预测试时间。</p>' },
  {
    title: 'TOEFL Junior 周末班排课',
    assigner: 'consultant',
    executor: 'lecturer',
    project: 'P2026-TJ',
    state: 1,
    priority: 2,
    progress: 60,
    daysAgo: 15,
    skill: 4,
    content: '<p>9 月至 12 月周末班课表，每周六上午两节。</p>',
    additions: ['<p>10 月 3 日国庆放假，顺延一周。</p>'],
    reports: [1],
  },
  {
    title: '准备 TJ 期中测试卷',
    assigner: 'consultant',
    executor: 'lecturer',
    project: 'P2026-TJ',
    state: 1,
    priority: 3,
    progress: 80,
    daysAgo: 18,
    undoneBy: 'consultant',
    content: '<p>听力、阅读、语言形式各一套，附答案。</p>',
  },
  { title: '新英格兰考察行程预订', assigner: 'manager', executor: 'he.yutong', project: 'P2026-TOUR', state: 3, priority: 3, daysAgo: 30, content: '<p>签证排期延误，行程取消。</p>' },
  { title: 'SSAT 冬令营讲师招募', assigner: 'wu.haiyan', executor: null, project: 'P2026-SSATW', state: 0, priority: 2, daysAgo: 3, content: '<p>招募 2 名数学、1 名阅读讲师。</p>' },
  { title: '核对 2027 美高申请费用', assigner: 'manager', executor: 'sales', project: 'P2027-US', state: 1, priority: 4, daysAgo: 2, content: '<p>核对各校申请费与代缴情况。</p>' },
  {
    title: '修复档案导出乱码',
    assigner: 'admin',
    executor: 'consultant',
    project: 'P2026-CRM',
    state: 2,
    priority: 2,
    taskType: 2,
    progress: 100,
    daysAgo: 25,
    feedback: '导出时改用 UTF-8 BOM，Excel 打开正常。',
    content: '<p>导出的 CSV 在 Excel 中中文乱码。</p>',
  },
];

const GENERATED_TITLES = [
  '跟进学生文书初稿',
  '整理面试反馈',
  '更新学校数据库',
  '核对成绩单翻译',
  '预约 TOEFL 考位',
  '准备家长说明会资料',
  '录入推荐信信息',
  '安排模拟面试',
  '检查申请账号',
  '汇总本周咨询记录',
  '联系学校招生官',
  '准备签证材料清单',
  '整理课程反馈',
  '更新项目进度表',
];
const STATES = [1, 1, 1, 1, 2, 2, 2, 3, 4, 5, 0] as const;

export const tasksSeed: ModuleSeeder = async (db, ctx) => {
  const rand = createRandom(3303);
  const users = await db.user.findMany({ where: { type: 1 }, select: { id: true, account: true, name: true, state: true }, orderBy: { id: 'asc' } });
  const byAccount = new Map(users.map((u) => [u.account ?? '', u]));
  const nameOf = new Map(users.map((u) => [u.id, u.name]));
  const activeStaff = users.filter((u) => u.state !== 3).map((u) => u.id);
  const projects = await db.project.findMany({ select: { id: true, code: true, stateCode: true }, orderBy: { id: 'asc' } });
  const projectByCode = new Map(projects.map((p) => [p.code, p.id]));
  const liveProjects = projects.filter((p) => p.stateCode <= 3).map((p) => p.id);
  const ref = ctx.referenceDate.getTime();
  const at = (daysAgo: number, hour: number) => new Date(ref - daysAgo * 86_400_000 + (hour - 8) * 3_600_000); // hour in Asia/Shanghai
  const id = (account: string) => {
    const u = byAccount.get(account);
    if (!u) throw new Error(`seed tasks: unknown account ${account}`);
    return u.id;
  };

  const skillStacks = SKILL_STACKS.map((name, i) => ({ id: i + 1, name }));
  const tasks: Prisma.WorkTaskCreateManyInput[] = [];
  const additions: Prisma.TaskAdditionCreateManyInput[] = [];
  const logs: Prisma.TaskLogCreateManyInput[] = [];
  const reports: Prisma.TaskDailyReportCreateManyInput[] = [];
  const complaints: Prisma.TaskComplaintCreateManyInput[] = [];

  const log = (taskId: number, assignerId: number, executorId: number | null, userId: number, logNote: string, action: string, time: Date, extra: Partial<Prisma.TaskLogCreateManyInput> = {}) => {
    const row = {
      id: logs.length + 1,
      taskId,
      logNote,
      action,
      userId,
      assignerName: nameOf.get(assignerId) ?? null,
      executorName: executorId ? (nameOf.get(executorId) ?? null) : null,
      logTime: time,
      createdAt: time,
      ...extra,
    };
    logs.push(row);
    return row.id;
  };

  /** The history a task in `state` would have: created, then the changes that led there. */
  const history = (t: { id: number; assignerId: number; executorId: number | null; state: number; createdAt: Date; daysAgo: number }, undoneBy?: number) => {
    log(t.id, t.assignerId, t.executorId, t.assignerId, '新建', 'CREATE', t.createdAt);
    const later = (days: number) => at(Math.max(t.daysAgo - days, 0), 15);
    const actor = t.executorId ?? t.assignerId;
    if (t.state === 2) log(t.id, t.assignerId, t.executorId, actor, '任务完成', 'COMPLETE', later(2));
    if (t.state === 3) log(t.id, t.assignerId, t.executorId, t.assignerId, '更新任务', 'ABANDON', later(1));
    if (t.state === 4) log(t.id, t.assignerId, t.executorId, actor, '更新任务', 'PAUSE', later(1));
    if (t.state === 5) log(t.id, t.assignerId, t.executorId, actor, '更新任务', 'WAIT', later(1));
    if (undoneBy && t.executorId) {
      log(t.id, t.assignerId, t.executorId, t.executorId, '任务完成', 'COMPLETE', later(3));
      const logId = log(t.id, t.assignerId, t.executorId, undoneBy, '撤销完成', 'UNDO', later(2), { complaint: undoneBy !== t.executorId });
      if (undoneBy !== t.executorId) complaints.push({ id: complaints.length + 1, taskId: t.id, complainantId: undoneBy, executorId: t.executorId, logId, createdAt: later(2) });
    }
  };

  for (const f of FIXED) {
    const taskId = tasks.length + 1;
    const assignerId = id(f.assigner);
    const executorId = f.executor ? id(f.executor) : null;
    const createdAt = at(f.daysAgo, 10);
    const projectId = projectByCode.get(f.project);
    if (!projectId) throw new Error(`seed tasks: unknown project ${f.project}`);
    tasks.push({
      id: taskId,
      title: f.title,
      content: f.content,
      priority: f.priority,
      state: f.state,
      taskType: f.taskType ?? 1,
      taskSource: 2,
      projectId,
      skillStackId: f.skill ?? null,
      assignerId,
      executorId,
      progress: f.progress ?? 0,
      feedback: f.feedback ?? null,
      feedbackLog: f.feedback ? `${at(f.daysAgo - 2, 15).toISOString()} ${nameOf.get(executorId ?? assignerId)}: ${f.feedback}` : null,
      completedAt: f.state === 2 ? at(Math.max(f.daysAgo - 2, 0), 15) : null,
      createdAt,
      updatedAt: createdAt,
    });
    history({ id: taskId, assignerId, executorId, state: f.state, createdAt, daysAgo: f.daysAgo }, f.undoneBy ? id(f.undoneBy) : undefined);
    for (const [i, content] of (f.additions ?? []).entries()) {
      additions.push({ id: additions.length + 1, taskId, content, userId: assignerId, createdAt: at(f.daysAgo - i - 1, 11), updatedAt: at(f.daysAgo - i - 1, 11) });
      log(taskId, assignerId, executorId, assignerId, '更新任务', 'ADDITION', at(f.daysAgo - i - 1, 11));
    }
    for (const daysAgo of f.reports ?? []) {
      const time = at(daysAgo, 20);
      const author = executorId ?? assignerId;
      const logId = log(taskId, assignerId, executorId, author, '每日汇报', 'REPORT', time, { reportDaily: `今日进展：完成第 ${f.reports!.indexOf(daysAgo) + 1} 部分。` });
      reports.push({ id: reports.length + 1, taskId, userId: author, workDate: new Date(ref - daysAgo * 86_400_000), content: `今日进展：完成第 ${f.reports!.indexOf(daysAgo) + 1} 部分。`, logId, createdAt: time });
    }
  }

  const generated = Math.round(60 * ctx.scale);
  for (let n = 0; n < generated; n++) {
    const taskId = tasks.length + 1;
    const assignerId = rand.pick(activeStaff);
    const state = rand.pick(STATES);
    const executorId = state === 0 ? null : rand.pick(activeStaff);
    const daysAgo = rand.int(1, 90);
    const createdAt = at(daysAgo, rand.int(9, 18));
    const taskType = rand.chance(0.15) ? 2 : 1;
    tasks.push({
      id: taskId,
      title: `${rand.pick(GENERATED_TITLES)} #${taskId}`,
      content: `<p>${rand.pick(GENERATED_TITLES)}：请在本周内完成并在日志中汇报。</p>`,
      priority: rand.int(1, 4),
      state,
      taskType,
      taskSource: 2,
      projectId: rand.pick(liveProjects),
      skillStackId: rand.chance(0.3) ? rand.int(1, skillStacks.length) : null,
      assignerId,
      executorId,
      progress: state === 2 ? 100 : rand.int(0, 9) * 10,
      feedback: state === 2 && taskType === 2 ? '已修复并验证。' : null,
      completedAt: state === 2 ? at(Math.max(daysAgo - 2, 0), 15) : null,
      createdAt,
      updatedAt: createdAt,
    });
    history({ id: taskId, assignerId, executorId, state, createdAt, daysAgo });
    for (let a = rand.int(0, 2); a > 0; a--) {
      additions.push({
        id: additions.length + 1,
        taskId,
        content: '<p>补充说明：请同步更新项目进度表。</p>',
        userId: assignerId,
        createdAt: at(Math.max(daysAgo - a, 0), 11),
        updatedAt: at(Math.max(daysAgo - a, 0), 11),
      });
      log(taskId, assignerId, executorId, assignerId, '更新任务', 'ADDITION', at(Math.max(daysAgo - a, 0), 11));
    }
    if (executorId && state !== 0 && state !== 3 && rand.chance(0.5)) {
      const d = Math.max(daysAgo - 1, 1);
      const logId = log(taskId, assignerId, executorId, executorId, '每日汇报', 'REPORT', at(d, 20), { reportDaily: '按计划推进。' });
      reports.push({ id: reports.length + 1, taskId, userId: executorId, workDate: new Date(ref - d * 86_400_000), content: '按计划推进。', logId, createdAt: at(d, 20) });
    }
  }

  const batches = async <T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 500) await write(rows.slice(i, i + 500));
  };
  await db.$transaction(
    async (tx) => {
      await tx.skillStack.createMany({ data: skillStacks });
      await batches(tasks, (data) => tx.workTask.createMany({ data }));
      await batches(additions, (data) => tx.taskAddition.createMany({ data }));
      await batches(logs, (data) => tx.taskLog.createMany({ data }));
      await batches(reports, (data) => tx.taskDailyReport.createMany({ data }));
      await tx.taskComplaint.createMany({ data: complaints });
      for (const table of ['skill_stacks', 'work_tasks', 'task_additions', 'task_logs', 'task_daily_reports', 'task_complaints']) {
        await tx.$executeRawUnsafe(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), (SELECT COALESCE(MAX(id), 0) + 1 FROM "${table}"), false)`);
      }
    },
    { timeout: 120_000, maxWait: 60_000 },
  );
  return {
    skillStacks: skillStacks.length,
    workTasks: tasks.length,
    taskAdditions: additions.length,
    taskLogs: logs.length,
    taskDailyReports: reports.length,
    taskComplaints: complaints.length,
  };
};
