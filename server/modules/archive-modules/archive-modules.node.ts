import { builder } from '../../graphql/builder.ts';
import { RoleNode } from '../users/index.ts';
import { atDoor } from '../../lib/validate.ts';
import { archiveModulePermissions, roleModulePermissions, roleModulePermissionsInput } from './archive-modules.service.ts';

export const ArchiveModuleNode = builder.prismaNode('ArchiveModule', {
  nullable: true,
  id: { field: 'id' },
  description: 'A section of the student archive; sections form a tree.',
  authScopes: { permission: 'directory.read' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the section.' }),
    code: t.exposeString('code', { description: 'Stable key the archives area checks permissions by.' }),
    name: t.exposeString('name', { description: "The section's Chinese name." }),
    nameEn: t.exposeString('nameEn', { description: "The section's English name." }),
    localizedName: t.string({ description: "The name in the caller's language.", resolve: (m, _a, ctx) => (ctx.lang === 'en' ? m.nameEn : m.name) }),
    sort: t.exposeInt('sort', { description: 'Position among its siblings (smaller first).' }),
    parent: t.relation('parent', { description: 'The parent section; null at the top.', nullable: true }),
    children: t.relation('children', { description: 'The sub-sections, in order.', query: { orderBy: [{ sort: 'asc' }, { id: 'asc' }] } }),
  }),
});

type PermRow = { moduleId: number; code: string; read: boolean; edit: boolean };
export const ModulePermission = builder.objectRef<PermRow>('ArchiveModulePermission').implement({
  description: 'A permission (read, edit) on one archive section.',
  fields: (t) => ({
    module: t.prismaField({ description: 'The archive section.', type: 'ArchiveModule', resolve: (q, p, _a, ctx) => ctx.db.archiveModule.findUniqueOrThrow({ ...q, where: { id: p.moduleId } }) }),
    code: t.exposeString('code', { description: "The section's code." }),
    read: t.exposeBoolean('read', { description: 'May read the section.' }),
    edit: t.exposeBoolean('edit', { description: 'May edit the section (implies read).' }),
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
    description: "A role's permission on every archive section, for filed archives or the others. Rights: directory.read (staff).",
    args: {
      roleId: t.arg.globalID({ description: 'The Role.', required: true, for: [RoleNode] }),
      archiveFiled: t.arg.boolean({ description: 'True: the permissions for filed archives (status ARCHIVED); false: for the others.', required: true }),
    },
    resolve: async (_r, args, ctx) =>
      (await roleModulePermissions(ctx, atDoor(roleModulePermissionsInput, { roleId: args.roleId.id, archiveFiled: args.archiveFiled }))).map((m) => ({ moduleId: m.id, code: m.code, read: m.read, edit: m.edit })),
  }),
  myArchiveModulePermissions: t.field({
    type: [ModulePermission],
    description: "The caller's permission on every archive section (the union of their roles' permissions). Signed-in callers.",
    args: { archiveFiled: t.arg.boolean({ description: 'True: the permissions for filed archives (status ARCHIVED); false: for the others.', required: true }) },
    resolve: async (_r, args, ctx) => {
      const perms = await archiveModulePermissions(ctx, args.archiveFiled);
      const modules = await ctx.db.archiveModule.findMany({ select: { id: true, code: true }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] });
      return modules.map((m) => ({ moduleId: m.id, code: m.code, ...(perms.get(m.code) ?? { read: false, edit: false }) }));
    },
  }),
}));
