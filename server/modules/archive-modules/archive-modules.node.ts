import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { RoleNode } from '../users/index.ts';
import { archiveModulePermissions, deleteArchiveModule, roleModulePermissions, saveArchiveModule, saveRoleArchiveModules } from './archive-modules.service.ts';

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
const ModulePermission = builder.objectRef<PermRow>('ArchiveModulePermission').implement({
  fields: (t) => ({
    module: t.prismaField({ type: 'ArchiveModule', resolve: (q, p, _a, ctx) => ctx.db.archiveModule.findUniqueOrThrow({ ...q, where: { id: p.moduleId } }) }),
    code: t.exposeString('code'),
    read: t.exposeBoolean('read'),
    edit: t.exposeBoolean('edit'),
  }),
});

const ModulePermissionInput = builder.inputType('ArchiveModulePermissionInput', {
  fields: (t) => ({
    moduleId: t.globalID({ required: true, for: [ArchiveModuleNode] }),
    read: t.boolean(),
    edit: t.boolean({ description: 'Implies read.' }),
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

builder.mutationFields((t) => ({
  saveArchiveModule: t.field({
    type: builder.objectRef<{ id: number }>('SaveArchiveModulePayload').implement({
      fields: (f) => ({ module: f.prismaField({ type: 'ArchiveModule', resolve: (q, p, _a, ctx) => ctx.db.archiveModule.findUniqueOrThrow({ ...q, where: { id: p.id } }) }) }),
    }),
    errors: mutationErrors,
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('SaveArchiveModuleInput', {
          fields: (f) => ({
            moduleId: f.globalID({ for: [ArchiveModuleNode] }),
            parentId: f.globalID({ for: [ArchiveModuleNode] }),
            code: f.string(),
            name: f.string({ required: true }),
            nameEn: f.string(),
            sort: f.int(),
          }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) =>
      saveArchiveModule(ctx, { id: input.moduleId?.id, parentId: input.parentId ? input.parentId.id : null, code: input.code, name: input.name, nameEn: input.nameEn, sort: input.sort }),
  }),
  deleteArchiveModule: t.field({
    type: builder.objectRef<{ id: number }>('DeleteArchiveModulePayload').implement({
      fields: (f) => ({ deletedModuleId: f.id({ resolve: (p) => Buffer.from(`ArchiveModule:${p.id}`).toString('base64') }) }),
    }),
    errors: mutationErrors,
    args: { input: t.arg({ required: true, type: builder.inputType('DeleteArchiveModuleInput', { fields: (f) => ({ moduleId: f.globalID({ required: true, for: [ArchiveModuleNode] }) }) }) }) },
    resolve: (_r, { input }, ctx) => deleteArchiveModule(ctx, input.moduleId.id),
  }),
  saveRoleArchiveModules: t.field({
    type: builder.objectRef<{ roleId: number; archiveFiled: boolean }>('SaveRoleArchiveModulesPayload').implement({
      fields: (f) => ({
        role: f.prismaField({ type: 'Role', resolve: (q, p, _a, ctx) => ctx.db.role.findUniqueOrThrow({ ...q, where: { id: p.roleId } }) }),
        archiveFiled: f.exposeBoolean('archiveFiled'),
        permissions: f.field({
          type: [ModulePermission],
          resolve: async (p, _a, ctx) => (await roleModulePermissions(ctx, p.roleId, p.archiveFiled)).map((m) => ({ moduleId: m.id, code: m.code, read: m.read, edit: m.edit })),
        }),
      }),
    }),
    errors: mutationErrors,
    description: "Replaces a role's archive-section permissions for filed archives or the others.",
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('SaveRoleArchiveModulesInput', {
          fields: (f) => ({
            roleId: f.globalID({ required: true, for: [RoleNode] }),
            archiveFiled: f.boolean({ required: true }),
            modules: f.field({ type: [ModulePermissionInput], required: true }),
          }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) =>
      saveRoleArchiveModules(ctx, { roleId: input.roleId.id, archiveFiled: input.archiveFiled, modules: input.modules.map((m) => ({ moduleId: m.moduleId.id, read: m.read, edit: m.edit })) }),
  }),
}));
