import { translate } from '../../i18n/catalogue.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import { requireActor } from '../../policy.ts';
import { flag, num, pick, withCondition } from '../../rest/params.ts';
import { atDoor } from '../../lib/validate.ts';
import {
  archiveModulePermissions,
  archiveModuleTree,
  deleteArchiveModule,
  deleteArchiveModuleInput,
  listArchiveModules,
  parseArchiveState,
  roleModulePermissions,
  roleModulePermissionsInput,
  saveArchiveModule,
  saveArchiveModuleInput,
  saveRoleArchiveModules,
  saveRoleArchiveModulesInput,
} from './archive-modules.service.ts';

export const archiveModuleRoutes: RestRoute[] = [
  {
    path: '/api/admin/fs/archive/module/listArchiveModuleTree',
    methods: ['GET'],
    handler: async (ctx) => ({ data: archiveModuleTree(await listArchiveModules(ctx)) }),
  },
  {
    path: '/api/admin/fs/archive/module/save',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const r = await saveArchiveModule(ctx, atDoor(saveArchiveModuleInput, { id: num(p.id), parentId: num(pick(p, 'parentId', 'pid')), code: pick(p, 'code'), name: p.name, nameEn: p.nameEn, sort: num(p.sort) }));
      return { data: r, message: translate(ctx.lang, 'org.saved') };
    },
  },
  {
    path: '/api/admin/fs/archive/module/del',
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await deleteArchiveModule(ctx, atDoor(deleteArchiveModuleInput, { id: num(pick(withCondition(req.params), 'id')) })), message: translate(ctx.lang, 'toast.deleted') }),
  },
  {
    path: '/api/admin/fs/role/module/listRoleModuleByRoleIdAndState',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      return { data: archiveModuleTree(await roleModulePermissions(ctx, atDoor(roleModulePermissionsInput, { roleId: num(p.roleId), archiveFiled: pick(p, 'state', 'archiveFiled') ?? 0 }))) };
    },
  },
  {
    path: '/api/admin/fs/role/module/save',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const list = pick(p, 'modules', 'moduleList', 'list');
      const modules = Array.isArray(list)
        ? list.map((m) => {
            const o = (m && typeof m === 'object' ? m : {}) as Record<string, unknown>;
            return { moduleId: num(pick(o, 'moduleId', 'id')), read: flag(pick(o, 'read', 'canRead', 'isRead')), edit: flag(pick(o, 'edit', 'canEdit', 'isEdit')) };
          })
        : list;
      const r = await saveRoleArchiveModules(ctx, atDoor(saveRoleArchiveModulesInput, { roleId: num(p.roleId), archiveFiled: pick(p, 'state', 'archiveFiled') ?? 0, modules }));
      return { data: r, message: translate(ctx.lang, 'org.saved') };
    },
  },
  {
    // The caller's permission on every archive section, for both archive states.
    path: '/api/admin/fs/role/module/getRoleArchivePermission',
    methods: ['POST'],
    handler: async (ctx) => {
      requireActor(ctx);
      const [open, filed] = await Promise.all([archiveModulePermissions(ctx, false), archiveModulePermissions(ctx, true)]);
      const modules = await ctx.db.archiveModule.findMany({ orderBy: [{ sort: 'asc' }, { id: 'asc' }], select: { id: true, code: true, name: true, nameEn: true, parentId: true } });
      return {
        data: modules.map((m) => ({
          ...m,
          unfiled: open.get(m.code) ?? { read: false, edit: false },
          filed: filed.get(m.code) ?? { read: false, edit: false },
        })),
      };
    },
  },
  {
    // The caller's module permissions for one archive (busId) in a given state (filed or not).
    path: '/api/admin/fs/role/module/getRoleModuleByBusIdAndState',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const filed = parseArchiveState(pick(p, 'state', 'archiveFiled') ?? 0);
      const perms = await archiveModulePermissions(ctx, filed);
      return {
        data: {
          busId: num(pick(p, 'busId', 'archivesId')) ?? null,
          archiveFiled: filed,
          modules: [...perms.entries()].map(([code, v]) => ({ code, read: v.read, edit: v.edit })),
        },
      };
    },
  },
];
