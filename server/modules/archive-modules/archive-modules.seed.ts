import type { ModuleSeeder } from '../../module.ts';
import type { Db } from '../../db/client.ts';
import { seedOperationRights, type OperationRight } from '../../../prisma/seed/operation-rights.ts';

/** Operation rights of the archive-modules module (permission names in archive-modules.policy.ts); docs/users.md. */
const ARCHIVE_MODULES_OPERATION_RIGHTS: OperationRight[] = [{ key: 'archiveModule.edit', title: '管理档案模块', titleEn: 'Manage archive modules', under: 'system', sort: 905, roles: [] }];

type ModuleDef = { code: string; name: string; nameEn: string; children?: ModuleDef[] };

/** The archive sections of spec section 3, named as the archive page names them (archivesUi.s.*; issue 32 item 13). */
export const ARCHIVE_MODULES: ModuleDef[] = [
  { code: 'profile', name: '档案概况', nameEn: 'Overview' },
  { code: 'bio', name: '学员信息', nameEn: 'Student bio' },
  { code: 'education', name: '教育经历', nameEn: 'Education' },
  { code: 'family', name: '家庭情况', nameEn: 'Family' },
  { code: 'awards', name: '课外活动与奖项', nameEn: 'Activities and awards' },
  {
    code: 'exams',
    name: '考试成绩',
    nameEn: 'Exam scores',
    children: [
      { code: 'exams.vericant', name: 'Vericant', nameEn: 'Vericant' },
      { code: 'exams.toeflJunior', name: 'TOEFL Jr.', nameEn: 'TOEFL Jr.' },
      { code: 'exams.toefl', name: 'TOEFL', nameEn: 'TOEFL' },
      { code: 'exams.ssat', name: 'SSAT', nameEn: 'SSAT' },
      { code: 'exams.various', name: '其他考试', nameEn: 'Other exams' },
    ],
  },
  {
    code: 'accounts',
    name: '账号与卡片',
    nameEn: 'Accounts and cards',
    children: [
      { code: 'accounts.application', name: '申请账号', nameEn: 'Application accounts' },
      { code: 'accounts.card', name: '信用卡信息', nameEn: 'Card info' },
      { code: 'accounts.recommender', name: '推荐人账号', nameEn: 'Recommenders' },
    ],
  },
  { code: 'multimedia', name: '多媒体', nameEn: 'Multimedia' },
  { code: 'relatives', name: '校友亲属', nameEn: 'Legacy relatives' },
  {
    code: 'writing',
    name: '文书',
    nameEn: 'Writing',
    children: [
      { code: 'writing.essayProgress', name: '文书进度', nameEn: 'Essay progress' },
      { code: 'writing.data', name: '写作资料', nameEn: 'Writing data' },
    ],
  },
  { code: 'survey', name: '调查问卷', nameEn: 'Survey' },
  { code: 'applyInformation', name: '申请信息', nameEn: 'Apply information' },
  { code: 'others', name: '其他资料', nameEn: 'Other data' },
];

/**
 * Per-role permission on archive sections: `open` applies to archives not yet filed,
 * `filed` to filed (archived) ones; 'edit' implies read. Sections not listed: none.
 */
type Grant = { sections: string[] | 'all'; level: 'read' | 'edit' };
const ROLE_ARCHIVE_GRANTS: Record<string, { open: Grant[]; filed: Grant[] }> = {
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

async function seedArchiveModules(db: Db): Promise<{ modules: number; permissions: number }> {
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
    for (const [filed, list] of [
      [false, grants.open],
      [true, grants.filed],
    ] as const) {
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

/** Demo data of the archive-modules module: its operation right, the archive sections and each role's access to them. */
export const archiveModulesSeed: ModuleSeeder = async (db) => {
  const rights = await seedOperationRights(db, ARCHIVE_MODULES_OPERATION_RIGHTS);
  const modules = await seedArchiveModules(db);
  return {
    archiveModulesOperationRights: rights.rights,
    archiveModulesRoleRights: rights.roleRights,
    archiveModules: modules.modules,
    roleArchiveModules: modules.permissions,
  };
};
