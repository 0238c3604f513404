import { builder } from '../../graphql/builder.ts';
import { RoleNode } from '../users/index.ts';
import { archiveModulePermissions, roleModulePermissions } from './archive-modules.service.ts';

export const ArchiveModuleNode = builder.prismaNode('ArchiveModule', {
  nullable: true,
  id: { field: 'id' },
  description: 'A section of the student archive; sections form a tree.',
  authScopes: { permission: 'directory.read' },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    code: t.exposeString('code', { description: 'Stable key the archives area checks permissions by.' }),
    name: t.exposeString('name'),
    nameEn: t.exposeString('nameEn'),
    localizedName: t.string({ resolve: (m, _a, ctx) => (ctx.lang === 'en' ? m.nameEn : m.name) }),
    sort: t.exposeInt('sort'),
    parent: t.relation('parent', { nullable: true }),
    children: t.relation('children', { query: { orderBy: [{ sort: 'asc' }, { id: 'asc' }] } }),
  }),
});

type PermRow = { moduleId: number; code: string; read: boolean; edit: boolean };
export const ModulePermission = builder.objectRef<PermRow>('ArchiveModulePermission').implement({
  fields: (t) => ({
    module: t.prismaField({ type: 'ArchiveModule', resolve: (q, p, _a, ctx) => ctx.db.archiveModule.findUniqueOrThrow({ ...q, where: { id: p.moduleId } }) }),
    code: t.exposeString('code'),
    read: t.exposeBoolean('read'),
    edit: t.exposeBoolean('edit'),
  }),
});

builder.queryFields((t) => ({
  archiveModuleTree: t.prismaField({
    type: ['ArchiveModule'],
    description: 'Top-level archive sections; walk `children` for the tree.',
    authScopes: { permission: 'directory.read' },
    resolve: (q, _r, _a, ctx) => ctx.db.archiveModule.findMany({ ...q, where: { parentId: null }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
  }),
  roleArchiveModules: t.field({
    type: [ModulePermission],
    description: "A role's permission on every archive section, for filed archives or the others.",
    args: { roleId: t.arg.globalID({ required: true, for: [RoleNode] }), archiveFiled: t.arg.boolean({ required: true }) },
    resolve: async (_r, args, ctx) => (await roleModulePermissions(ctx, args.roleId.id, args.archiveFiled)).map((m) => ({ moduleId: m.id, code: m.code, read: m.read, edit: m.edit })),
  }),
  myArchiveModulePermissions: t.field({
    type: [ModulePermission],
    description: "The viewer's permission on every archive section (union of their roles).",
    args: { archiveFiled: t.arg.boolean({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const perms = await archiveModulePermissions(ctx, args.archiveFiled);
      const modules = await ctx.db.archiveModule.findMany({ select: { id: true, code: true }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
      return modules.map((m) => ({ moduleId: m.id, code: m.code, ...(perms.get(m.code) ?? { read: false, edit: false }) }));
    },
  }),
}));
