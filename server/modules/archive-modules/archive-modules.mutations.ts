import { builder } from '../../graphql/builder.ts';
import { localId } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { RoleNode } from '../users/index.ts';
import { deleteArchiveModule, roleModulePermissions, saveArchiveModule, saveRoleArchiveModules } from './archive-modules.service.ts';
import { ArchiveModuleNode, ModulePermission } from './archive-modules.node.ts';

const ModulePermissionInput = builder.inputType('ArchiveModulePermissionInput', {
  fields: (t) => ({
    moduleId: t.globalID({ required: true, for: [ArchiveModuleNode] }),
    read: t.boolean(),
    edit: t.boolean({ description: 'Implies read.' }),
  }),
});

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
      saveArchiveModule(ctx, {
        id: localId(input.moduleId, 'ArchiveModule') ?? undefined,
        parentId: localId(input.parentId, 'ArchiveModule') ?? null,
        code: input.code,
        name: input.name,
        nameEn: input.nameEn,
        sort: input.sort,
      }),
  }),
  deleteArchiveModule: t.field({
    type: builder.objectRef<{ id: number }>('DeleteArchiveModulePayload').implement({
      fields: (f) => ({ deletedModuleId: f.id({ resolve: (p) => Buffer.from(`ArchiveModule:${p.id}`).toString('base64') }) }),
    }),
    errors: mutationErrors,
    args: { input: t.arg({ required: true, type: builder.inputType('DeleteArchiveModuleInput', { fields: (f) => ({ moduleId: f.globalID({ required: true, for: [ArchiveModuleNode] }) }) }) }) },
    resolve: (_r, { input }, ctx) => deleteArchiveModule(ctx, localId(input.moduleId, 'ArchiveModule')),
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
      saveRoleArchiveModules(ctx, {
        roleId: localId(input.roleId, 'Role'),
        archiveFiled: input.archiveFiled,
        modules: input.modules.map((m) => ({ moduleId: localId(m.moduleId, 'ArchiveModule'), read: m.read, edit: m.edit })),
      }),
  }),
}));
