import { translate } from '../../i18n/catalogue.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import { num, pick, withCondition } from '../../rest/params.ts';
import { departmentIdInput, departmentTree, deleteDepartment, getDepartment, listDepartments, saveDepartment, saveDepartmentInput, type DepartmentRow } from './departments.service.ts';
import { atDoor } from '../../lib/validate.ts';

const departJson = (d: DepartmentRow, lang: 'zh' | 'en') => ({
  id: d.id,
  name: d.name,
  nameEn: d.nameEn,
  label: lang === 'en' ? (d.nameEn ?? d.name) : d.name,
  parentId: d.parentId,
  managerId: d.managerId,
  managerName: d.managerName,
  sort: d.sort,
  staffCount: d.staffCount,
});

type TreeJson = ReturnType<typeof departJson> & { children: TreeJson[] };

export const departmentRoutes: RestRoute[] = [
  {
    path: '/api/admin/depart/listDepart',
    methods: ['POST'],
    handler: async (ctx) => {
      const walk = (nodes: ReturnType<typeof departmentTree>): TreeJson[] => nodes.map((n) => ({ ...departJson(n, ctx.lang), children: walk(n.children) }));
      return { data: walk(departmentTree(await listDepartments(ctx))) };
    },
  },
  {
    path: '/api/admin/depart/getDepartById',
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: departJson(await getDepartment(ctx, atDoor(departmentIdInput, { id: num(pick(withCondition(req.params), 'id', 'departId')) })), ctx.lang) }),
  },
  {
    path: '/api/admin/depart/doSaveDepart',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const r = await saveDepartment(
        ctx,
        atDoor(saveDepartmentInput, {
          id: num(pick(p, 'id', 'departId')),
          name: p.name,
          nameEn: p.nameEn,
          parentId: num(pick(p, 'parentId', 'pid')),
          managerId: num(pick(p, 'managerId', 'leaderId')),
          sort: num(p.sort),
        }),
      );
      return { data: r, message: translate(ctx.lang, 'org.saved') };
    },
  },
  {
    path: '/api/admin/depart/doDeleteDepart',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const r = await deleteDepartment(ctx, atDoor(departmentIdInput, { id: num(pick(withCondition(req.params), 'id', 'departId')) }));
      return { data: r, message: translate(ctx.lang, 'toast.deleted') };
    },
  },
  {
    path: '/api/admin/depart/listAll',
    methods: ['POST'],
    handler: async (ctx) => ({ data: (await listDepartments(ctx)).map((d) => departJson(d, ctx.lang)) }),
  },
];
