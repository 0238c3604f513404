import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { DisplayTypeEnum } from '../auth/index.ts';
import { RoleNode, UserNode, UserTypeEnum } from '../users/index.ts';
import { atDoor } from '../../lib/validate.ts';
import { assignUserRoles, assignUserRolesInput, deleteRole, roleIdInput, saveRole, saveRoleInput, saveRoleRights, saveRoleRightsInput } from './roles.service.ts';

const TerminalEnum = builder.enumType('Terminal', {
  description: 'Where a role may be used (a legacy setting kept for the old clients; the server does not enforce it).',
  values: { PC: { description: 'The desktop back office.' }, MOBILE: { description: 'The mobile app.' } } as const,
});

const SaveRoleInput = builder.inputType('SaveRoleInput', {
  description: 'No roleId creates, a roleId edits.',
  fields: (t) => ({
    roleId: t.globalID({ description: 'The Role to edit; leave out to create one.', for: [RoleNode] }),
    name: t.string({ description: "The role's Chinese name.", required: true }),
    nameEn: t.string({ description: "The role's English name." }),
    code: t.string({ required: true, description: 'Lower-case letters, digits, . _ -; starts with a letter; unique.' }),
    types: t.field({ type: [UserTypeEnum], description: 'Kinds of people the role applies to (default STAFF).' }),
    description: t.string({ description: 'What the role is for, free text (Chinese).' }),
    descriptionEn: t.string({ description: 'What the role is for, in English.' }),
    terminals: t.field({ description: 'Where the role may be used; default PC.', type: [TerminalEnum] }),
    sort: t.int({ description: 'Position in role lists (smaller first).' }),
  }),
});

const RolePayload = builder.objectRef<{ id: number }>('RolePayload').implement({
  description: 'The role saved.',
  fields: (t) => ({ role: t.prismaField({ description: 'The role after the save.', type: 'Role', resolve: (q, p, _a, ctx) => ctx.db.role.findUniqueOrThrow({ ...q, where: { id: p.id } }) }) }),
});

builder.mutationFields((t) => ({
  saveRole: t.field({
    description:
      'Creates (no roleId) or edits a role: names, code, kinds of people, description, terminals. Rights: role.edit (administrators). Errors: REQUIRED (code), ROLE_CODE_INVALID, ROLE_CODE_TAKEN, ROLE_BUILT_IN (the code of a built-in role cannot change), NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    type: RolePayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The role.', type: SaveRoleInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { roleId, ...rest } = input;
      return saveRole(ctx, atDoor(saveRoleInput, { ...rest, id: localId(roleId, 'Role') ?? undefined }));
    },
  }),
  deleteRole: t.field({
    type: builder.objectRef<{ id: number }>('DeleteRolePayload').implement({
      description: 'The role deleted.',
      fields: (f) => ({ deletedRoleId: f.id({ description: 'Global id of the deleted Role (for @deleteRecord).', resolve: (p) => Buffer.from(`Role:${p.id}`).toString('base64') }) }),
    }),
    errors: mutationErrors,
    description: 'Deletes a role. Refused while anyone holds it or anything refers to it, and for built-in roles. Rights: role.edit (administrators). Errors: ROLE_IN_USE, ROLE_BUILT_IN, NOT_FOUND, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The role to delete.',
        type: builder.inputType('DeleteRoleInput', { description: 'A role to delete.', fields: (f) => ({ roleId: f.globalID({ description: 'The Role.', required: true, for: [RoleNode] }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteRole(ctx, atDoor(roleIdInput, { id: localId(input.roleId, 'Role') })),
  }),
  saveRoleRights: t.field({
    type: builder.objectRef<{ roleId: number }>('SaveRoleRightsPayload').implement({
      description: 'The role whose rights were saved.',
      fields: (f) => ({ role: f.prismaField({ description: 'The role after the save.', type: 'Role', resolve: (q, p, _a, ctx) => ctx.db.role.findUniqueOrThrow({ ...q, where: { id: p.roleId } }) }) }),
    }),
    errors: mutationErrors,
    description:
      "Replaces a role's rights (of one display type when given); the ancestors of granted rights are added. Holders see the change at their next request. Rights: role.edit (administrators). Errors: ADMIN_ROLE_FIXED (the administrator role holds every right), RIGHT_UNKNOWN, NOT_FOUND, FORBIDDEN, INVALID_INPUT.",
    args: {
      input: t.arg({
        description: 'The role and its rights.',
        required: true,
        type: builder.inputType('SaveRoleRightsInput', {
          description: 'The complete set of rights of a role.',
          fields: (f) => ({
            roleId: f.globalID({ description: 'The Role.', required: true, for: [RoleNode] }),
            rightIds: f.intList({ required: true, description: 'Database ids of MenuItem rights.' }),
            display: f.field({ description: 'Replace only the rights of this display type; all when left out.', type: DisplayTypeEnum }),
          }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) => saveRoleRights(ctx, atDoor(saveRoleRightsInput, { roleId: localId(input.roleId, 'Role'), rightIds: input.rightIds, showType: input.display ?? undefined })),
  }),
  assignUserRoles: t.field({
    type: builder.objectRef<{ userId: number }>('AssignUserRolesPayload').implement({
      description: 'The person whose roles were set.',
      fields: (f) => ({ user: f.prismaField({ description: 'The person after the change.', type: 'User', resolve: (q, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...q, where: { id: p.userId } }) }) }),
    }),
    errors: mutationErrors,
    description:
      'Gives a person exactly these roles (others are removed). At least one active administrator always remains. Rights: role.edit (administrators). Errors: LAST_ADMIN, ROLE_UNKNOWN, ROLE_TYPE_MISMATCH, NOT_FOUND, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The person and the roles.',
        required: true,
        type: builder.inputType('AssignUserRolesInput', {
          description: 'A person and the roles they should hold.',
          fields: (f) => ({
            userId: f.globalID({ description: 'The User.', required: true, for: [UserNode] }),
            roleIds: f.globalIDList({ description: "Role ids: exactly the roles the person will hold (their kinds must match the person's type).", required: true, for: [RoleNode] }),
          }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) => assignUserRoles(ctx, atDoor(assignUserRolesInput, { userId: localId(input.userId, 'User'), roleIds: localIds(input.roleIds, 'Role') })),
  }),
}));
