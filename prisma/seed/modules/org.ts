import type { PrismaClient } from '../../../server/generated/prisma/client.ts';
import type { ModuleSeeder } from './types.ts';

/**
 * Operation rights of the org area: hidden nodes of the right tree without a route path,
 * whose keys are the policy's permission names (server/permissions/org.ts). `under` names
 * the group node they sit in; `roles` the demo roles that hold them (administrators hold
 * every right by code). docs/org.md explains the choices.
 */
export const ORG_OPERATION_RIGHTS = [
  { key: 'staff.edit', title: '新增/编辑员工', titleEn: 'Add and edit staff', under: 'people', roles: ['manager'] },
  { key: 'user.edit', title: '管理家长和学生', titleEn: 'Manage parents and students', under: 'people', roles: ['manager'] },
  { key: 'department.edit', title: '管理部门', titleEn: 'Manage departments', under: 'people', roles: ['manager'] },
  { key: 'companyUser.edit', title: '管理合作公司联系人', titleEn: 'Manage company contacts', under: 'people', roles: ['manager', 'sales'] },
  { key: 'role.edit', title: '管理角色与权限', titleEn: 'Manage roles and rights', under: 'system', roles: [] },
  { key: 'archiveModule.edit', title: '管理档案模块', titleEn: 'Manage archive modules', under: 'system', roles: [] },
  { key: 'mail.test', title: '发送测试邮件', titleEn: 'Send a test e-mail', under: 'system', roles: [] },
] as const;

type ModuleDef = { code: string; name: string; nameEn: string; children?: ModuleDef[] };

/** The archive sections of spec section 3. */
export const ARCHIVE_MODULES: ModuleDef[] = [
  { code: 'profile', name: '档案概况', nameEn: 'Archive overview' },
  { code: 'bio', name: '学生基本信息', nameEn: 'Student bio' },
  { code: 'education', name: '教育经历', nameEn: 'Education' },
  { code: 'family', name: '家庭信息', nameEn: 'Family' },
  { code: 'awards', name: '课外活动与奖项', nameEn: 'Extracurricular awards' },
  {
    code: 'exams',
    name: '考试成绩',
    nameEn: 'Exam scores',
    children: [
      { code: 'exams.vericant', name: 'Vericant', nameEn: 'Vericant' },
      { code: 'exams.toeflJunior', name: 'TOEFL Jr.', nameEn: 'TOEFL Jr.' },
      { code: 'exams.toefl', name: 'TOEFL', nameEn: 'TOEFL' },
      { code: 'exams.ssat', name: 'SSAT', nameEn: 'SSAT' },
      { code: 'exams.various', name: '其他考试', nameEn: 'Various exams' },
    ],
  },
  {
    code: 'accounts',
    name: '账号与卡片',
    nameEn: 'Accounts and cards',
    children: [
      { code: 'accounts.application', name: '申请账号', nameEn: 'Application accounts' },
      { code: 'accounts.card', name: '卡片信息', nameEn: 'Card info' },
      { code: 'accounts.recommender', name: '推荐人账号', nameEn: 'Recommender accounts' },
    ],
  },
  { code: 'multimedia', name: '多媒体活动', nameEn: 'Multimedia activities' },
  { code: 'relatives', name: '亲属信息（旧）', nameEn: 'Relatives (legacy)' },
  {
    code: 'writing',
    name: '文书',
    nameEn: 'Writing',
    children: [
      { code: 'writing.essayProgress', name: '文书进度', nameEn: 'Essay progress' },
      { code: 'writing.data', name: '文书资料', nameEn: 'Writing data' },
    ],
  },
  { code: 'survey', name: '问卷调查', nameEn: 'Survey' },
  { code: 'applyInformation', name: '申请信息', nameEn: 'Apply information' },
  { code: 'others', name: '其他资料', nameEn: 'Other data' },
];

/**
 * Per-role permission on archive sections: `open` applies to archives not yet filed,
 * `filed` to filed (archived) ones; 'edit' implies read. Sections not listed: none.
 */
type Grant = { sections: string[] | 'all'; level: 'read' | 'edit' };
export const ROLE_ARCHIVE_GRANTS: Record<string, { open: Grant[]; filed: Grant[] }> = {
  manager: { open: [{ sections: 'all', level: 'edit' }], filed: [{ sections: 'all', level: 'edit' }] },
  consultant: { open: [{ sections: 'all', level: 'edit' }], filed: [{ sections: 'all', level: 'read' }] },
  sales: {
    open: [
      { sections: ['profile', 'bio', 'family'], level: 'edit' },
      { sections: ['education', 'exams', 'exams.vericant', 'exams.toeflJunior', 'exams.toefl', 'exams.ssat', 'exams.various'], level: 'read' },
    ],
    filed: [{ sections: ['profile', 'bio'], level: 'read' }],
  },
  lecturer: {
    open: [{ sections: ['profile', 'bio', 'exams', 'exams.vericant', 'exams.toeflJunior', 'exams.toefl', 'exams.ssat', 'exams.various', 'writing', 'writing.essayProgress', 'writing.data'], level: 'read' }],
    filed: [],
  },
};

async function seedOperationRights(db: PrismaClient): Promise<{ rights: number; roleRights: number }> {
  const groups = await db.right.findMany({ where: { key: { in: [...new Set(ORG_OPERATION_RIGHTS.map((r) => r.under))] } }, select: { id: true, key: true } });
  const groupId = new Map(groups.map((g) => [g.key, g.id]));
  const roles = await db.role.findMany({ select: { id: true, code: true } });
  const roleId = new Map(roles.map((r) => [r.code, r.id]));
  let rights = 0;
  let roleRights = 0;
  for (const [index, def] of ORG_OPERATION_RIGHTS.entries()) {
    const parentId = groupId.get(def.under) ?? null;
    const row = await db.right.upsert({
      where: { key: def.key },
      update: {},
      create: { key: def.key, title: def.title, titleEn: def.titleEn, hidden: true, parentId, showType: 1, sort: 900 + index },
      select: { id: true },
    });
    rights++;
    for (const code of ['admin', ...def.roles]) {
      const id = roleId.get(code);
      if (id === undefined) continue;
      const r = await db.roleRight.createMany({ data: [{ roleId: id, rightId: row.id }], skipDuplicates: true });
      roleRights += r.count;
    }
  }
  return { rights, roleRights };
}

async function seedArchiveModules(db: PrismaClient): Promise<{ modules: number; permissions: number }> {
  let modules = 0;
  const ids = new Map<string, number>();
  const visit = async (defs: ModuleDef[], parentId: number | null) => {
    for (const [index, def] of defs.entries()) {
      const row = await db.archiveModule.upsert({
        where: { code: def.code },
        update: {},
        create: { code: def.code, name: def.name, nameEn: def.nameEn, parentId, sort: index + 1 },
        select: { id: true },
      });
      modules++;
      ids.set(def.code, row.id);
      if (def.children) await visit(def.children, row.id);
    }
  };
  await visit(ARCHIVE_MODULES, null);
  const roles = await db.role.findMany({ select: { id: true, code: true } });
  const rows: Array<{ roleId: number; moduleId: number; archiveFiled: boolean; canRead: boolean; canEdit: boolean }> = [];
  for (const role of roles) {
    const grants = ROLE_ARCHIVE_GRANTS[role.code];
    if (!grants) continue;
    for (const [filed, list] of [[false, grants.open], [true, grants.filed]] as const) {
      const levels = new Map<number, 'read' | 'edit'>();
      for (const g of list) {
        const codes = g.sections === 'all' ? [...ids.keys()] : g.sections;
        for (const code of codes) {
          const id = ids.get(code);
          if (id === undefined) throw new Error(`Unknown archive module ${code}`);
          if (levels.get(id) !== 'edit') levels.set(id, g.level);
        }
      }
      for (const [moduleId, level] of levels) rows.push({ roleId: role.id, moduleId, archiveFiled: filed, canRead: true, canEdit: level === 'edit' });
    }
  }
  const { count } = await db.roleArchiveModule.createMany({ data: rows, skipDuplicates: true });
  return { modules, permissions: count };
}

/** The staff list's custom order: by department tree order, then staff number. */
async function seedStaffSort(db: PrismaClient): Promise<number> {
  const departments = await db.department.findMany({ select: { id: true, sort: true, parentId: true }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
  const order = new Map<number, number>();
  const walk = (parentId: number | null) => {
    for (const d of departments.filter((x) => x.parentId === parentId)) {
      order.set(d.id, order.size);
      walk(d.id);
    }
  };
  walk(null);
  const staff = await db.user.findMany({ where: { type: 1 }, select: { id: true, departmentId: true, code: true } });
  staff.sort((a, b) => (order.get(a.departmentId ?? -1) ?? 999) - (order.get(b.departmentId ?? -1) ?? 999) || (a.code ?? '').localeCompare(b.code ?? '') || a.id - b.id);
  // One statement: the bulk seed may hold thousands of staff.
  const ids = staff.map((s) => s.id);
  const sorts = staff.map((_, i) => (i + 1) * 10);
  await db.$executeRaw`UPDATE users AS u SET sort = v.sort FROM unnest(${ids}::int[], ${sorts}::int[]) AS v(id, sort) WHERE u.id = v.id`;
  return staff.length;
}

/** Demo data of the org area. Returns rows written per table. */
export const seedOrg: ModuleSeeder = {
  name: 'org',
  seed: async (db) => {
    const rights = await seedOperationRights(db);
    const modules = await seedArchiveModules(db);
    const sorted = await seedStaffSort(db);
    return {
      orgOperationRights: rights.rights,
      orgRoleRights: rights.roleRights,
      archiveModules: modules.modules,
      roleArchiveModules: modules.permissions,
      staffSorted: sorted,
    };
  },
};
