import type { ServiceContext } from '../../context.ts';
import { translate } from '../../i18n/catalogue.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import { BOTH } from '../../rest/adapter.ts';
import { pageJson, readPage } from '../../rest/envelope.ts';
import { idList, num, pick, withCondition } from '../../rest/params.ts';
import { atDoor } from '../../lib/validate.ts';
import { deleteRole, listAllRoles, listRolesPage, roleDetail, roleIdInput, rolesFilterInput, saveRole, saveRoleInput, saveRoleRights, saveRoleRightsInput, saveRoleWithRights } from './roles.service.ts';

type RoleWithCount = { id: number; name: string; nameEn: string | null; code: string; types: number[]; description: string | null; terminals: string[]; sort: number; _count: { users: number } };

const roleJson = (ctx: ServiceContext, r: RoleWithCount) => ({
  id: r.id,
  name: r.name,
  nameEn: r.nameEn,
  label: ctx.lang === 'en' ? (r.nameEn ?? r.name) : r.name,
  code: r.code,
  types: r.types,
  description: r.description,
  terminals: r.terminals,
  sort: r.sort,
  userCount: r._count.users,
});

export const roleRoutes: RestRoute[] = [
  {
    path: '/api/admin/auth/role/listRoleByPage',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const page = readPage(req.params);
      const { rows, total } = await listRolesPage(ctx, atDoor(rolesFilterInput, { search: pick(p, 'searchKey', 'name', 'search'), type: num(pick(p, 'type', 'types')) }), page);
      return {
        data: pageJson(
          page,
          total,
          rows.map((r) => roleJson(ctx, r)),
        ),
      };
    },
  },
  {
    path: '/api/admin/auth/role/getRoleDetailById',
    methods: BOTH,
    handler: async (ctx, req) => {
      const role = await roleDetail(ctx, atDoor(roleIdInput, { id: num(pick(withCondition(req.params), 'id', 'roleId')) }));
      const rights = role.rights.map((r) => r.right);
      return {
        data: {
          ...roleJson(ctx, role),
          rightIds: rights.map((r) => r.id).sort((a, b) => a - b),
          pcRightIds: rights
            .filter((r) => r.showType === 1)
            .map((r) => r.id)
            .sort((a, b) => a - b),
          mobileNavRightIds: rights
            .filter((r) => r.showType === 2)
            .map((r) => r.id)
            .sort((a, b) => a - b),
          mobileFunctionRightIds: rights
            .filter((r) => r.showType === 3)
            .map((r) => r.id)
            .sort((a, b) => a - b),
        },
      };
    },
  },
  {
    path: '/api/admin/auth/role/del',
    methods: BOTH,
    handler: async (ctx, req) => {
      const r = await deleteRole(ctx, atDoor(roleIdInput, { id: num(pick(withCondition(req.params), 'id', 'roleId')) }));
      return { data: r, message: translate(ctx.lang, 'toast.deleted') };
    },
  },
  {
    path: '/api/admin/auth/role/listRoleAll',
    methods: ['POST'],
    handler: async (ctx) => ({ data: (await listAllRoles(ctx)).map((r) => roleJson(ctx, r)) }),
  },
  {
    path: '/api/admin/auth/role/saveUserRoleRights',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const rightIds = idList(pick(p, 'rightIds', 'rights', 'ids'));
      const roleId = num(pick(p, 'roleId', 'id'));
      // The role form sends the role and its rights together: one write, both or neither.
      if (p.name !== undefined || p.code !== undefined) {
        const role = {
          id: roleId,
          name: p.name,
          nameEn: p.nameEn,
          code: p.code,
          types: idList(p.types),
          description: p.description,
          terminals:
            typeof p.terminals === 'string'
              ? p.terminals
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean)
              : p.terminals,
          sort: num(p.sort),
        };
        if (rightIds === undefined) {
          const saved = await saveRole(ctx, atDoor(saveRoleInput, role));
          return { data: { roleId: saved.id, rightIds: null }, message: translate(ctx.lang, 'org.saved') };
        }
        const r = await saveRoleWithRights(ctx, atDoor(saveRoleInput, role), { rightIds, showType: pick(p, 'showType') });
        return { data: r, message: translate(ctx.lang, 'org.roleRightsSaved') };
      }
      const r = await saveRoleRights(ctx, atDoor(saveRoleRightsInput, { roleId, rightIds: rightIds ?? [], showType: pick(p, 'showType') }));
      return { data: r, message: translate(ctx.lang, 'org.roleRightsSaved') };
    },
  },
];
