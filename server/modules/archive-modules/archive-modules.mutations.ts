import { builder } from '../../graphql/builder.ts';
import { localId } from '../../graphql/ids.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { RoleNode } from '../users/index.ts';
import { atDoor } from '../../lib/validate.ts';
import {
  deleteArchiveModule,
  deleteArchiveModuleInput,
  roleModulePermissions,
  roleModulePermissionsInput,
  saveArchiveModule,
  saveArchiveModuleInput,
  saveRoleArchiveModules,
  saveRoleArchiveModulesInput,
} from './archive-modules.service.ts';
import { ArchiveModuleNode, ModulePermission } from './archive-modules.node.ts';

const ModulePermissionInput = builder.inputType('ArchiveModulePermissionInput', {
  description: "A role's permission on one archive section.",
  fields: (t) => ({
    moduleId: t.globalID({ description: 'The ArchiveModule.', required: true, for: [ArchiveModuleNode] }),
    read: t.boolean({ description: 'May read the section.' }),
    edit: t.boolean({ description: 'Implies read.' }),
  }),
});

/** The plain fields of a section's input, as the service's schema reads them. */
const fieldsOf = ({ code, name, nameEn, sort }: { code?: string | null; name: string; nameEn?: string | null; sort?: number | null }) => ({ code, name, nameEn, sort });

builder.mutationFields((t) => ({
  saveArchiveModule: t.field({
    description:
      'Adds (no moduleId) or renames and moves (moduleId) an archive section. Rights: archiveModule.edit (administrators). Errors: MODULE_CODE_TAKEN, MODULE_CYCLE (a section cannot move under itself), NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    type: builder.objectRef<{ id: number }>('SaveArchiveModulePayload').implement({
      description: 'The section saved.',
      fields: (f) => ({
        module: f.prismaField({ description: 'The section after the save.', type: 'ArchiveModule', resolve: (q, p, _a, ctx) => ctx.db.archiveModule.findUniqueOrThrow({ ...q, where: { id: p.id } }) }),
      }),
    }),
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The section to add or change.',
        required: true,
        type: builder.inputType('SaveArchiveModuleInput', {
          description: 'An archive section to add or change.',
          fields: (f) => ({
            moduleId: f.globalID({ description: 'The ArchiveModule to change; leave out to add one.', for: [ArchiveModuleNode] }),
            parentId: f.globalID({ description: 'The parent section; null or left out for the top level.', for: [ArchiveModuleNode] }),
            code: f.string({ description: 'Stable key (letters, digits); required when adding, unique.' }),
            name: f.string({ description: 'The Chinese name.', required: true }),
            nameEn: f.string({ description: 'The English name.' }),
            sort: f.int({ description: 'Position among its siblings.' }),
          }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) =>
      saveArchiveModule(ctx, atDoor(saveArchiveModuleInput, { id: localId(input.moduleId, 'ArchiveModule') ?? undefined, parentId: localId(input.parentId, 'ArchiveModule') ?? null, ...fieldsOf(input) })),
  }),
  deleteArchiveModule: t.field({
    description: 'Deletes an archive section with no sub-sections (and the permissions on it). Rights: archiveModule.edit. Errors: MODULE_HAS_CHILDREN, NOT_FOUND, FORBIDDEN.',
    type: builder.objectRef<{ id: number }>('DeleteArchiveModulePayload').implement({
      description: 'The section deleted.',
      fields: (f) => ({ deletedModuleId: f.id({ description: 'Global id of the deleted ArchiveModule (for @deleteRecord).', resolve: (p) => Buffer.from(`ArchiveModule:${p.id}`).toString('base64') }) }),
    }),
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The section to delete.',
        required: true,
        type: builder.inputType('DeleteArchiveModuleInput', {
          description: 'An archive section to delete.',
          fields: (f) => ({ moduleId: f.globalID({ description: 'The ArchiveModule.', required: true, for: [ArchiveModuleNode] }) }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) => deleteArchiveModule(ctx, atDoor(deleteArchiveModuleInput, { id: localId(input.moduleId, 'ArchiveModule') })),
  }),
  saveRoleArchiveModules: t.field({
    type: builder.objectRef<{ roleId: number; archiveFiled: boolean }>('SaveRoleArchiveModulesPayload').implement({
      description: "The role's archive-section permissions after the save.",
      fields: (f) => ({
        role: f.prismaField({ description: 'The role.', type: 'Role', resolve: (q, p, _a, ctx) => ctx.db.role.findUniqueOrThrow({ ...q, where: { id: p.roleId } }) }),
        archiveFiled: f.exposeBoolean('archiveFiled', { description: 'Whether these are the permissions for filed archives.' }),
        permissions: f.field({
          description: "The role's permission on every section.",
          type: [ModulePermission],
          resolve: async (p, _a, ctx) =>
            (await roleModulePermissions(ctx, atDoor(roleModulePermissionsInput, { roleId: p.roleId, archiveFiled: p.archiveFiled }))).map((m) => ({ moduleId: m.id, code: m.code, read: m.read, edit: m.edit })),
        }),
      }),
    }),
    errors: mutationErrors,
    description: "Replaces a role's archive-section permissions for filed archives or the others. Rights: role.edit (administrators). Errors: NOT_FOUND (role or section), FORBIDDEN, INVALID_INPUT.",
    args: {
      input: t.arg({
        description: 'The role, which archive state, and the permissions.',
        required: true,
        type: builder.inputType('SaveRoleArchiveModulesInput', {
          description: "A role's archive-section permissions for filed archives or the others.",
          fields: (f) => ({
            roleId: f.globalID({ description: 'The Role.', required: true, for: [RoleNode] }),
            archiveFiled: f.boolean({ description: 'True: for filed archives; false: for the others.', required: true }),
            modules: f.field({ description: 'The permission on each section; sections left out get none.', type: [ModulePermissionInput], required: true }),
          }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) =>
      saveRoleArchiveModules(
        ctx,
        atDoor(saveRoleArchiveModulesInput, {
          roleId: localId(input.roleId, 'Role'),
          archiveFiled: input.archiveFiled,
          modules: input.modules.map((m) => ({ moduleId: localId(m.moduleId, 'ArchiveModule'), read: m.read, edit: m.edit })),
        }),
      ),
  }),
}));
