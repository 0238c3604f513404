import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { DisplayTypeEnum } from '../auth/index.ts';
import { RoleNode, UserNode, UserTypeEnum } from '../users/index.ts';
import { assignUserRoles, deleteRole, saveRole, saveRoleRights } from './roles.service.ts';

const TerminalEnum = builder.enumType('Terminal', { values: ['PC', 'MOBILE'] as const });

const SaveRoleInput = builder.inputType('SaveRoleInput', {
  description: 'No roleId creates, a roleId edits.',
  fields: (t) => ({
    roleId: t.globalID({ for: [RoleNode] }),
    name: t.string({ required: true }),
    nameEn: t.string(),
    code: t.string({ required: true, description: 'Lower-case letters, digits, . _ -; starts with a letter; unique.' }),
    types: t.field({ type: [UserTypeEnum], description: 'Kinds of people the role applies to (default STAFF).' }),
    description: t.string(),
    terminals: t.field({ type: [TerminalEnum] }),
    sort: t.int(),
  }),
});

const RolePayload = builder.objectRef<{ id: number }>('RolePayload').implement({
  fields: (t) => ({ role: t.prismaField({ type: 'Role', resolve: (q, p, _a, ctx) => ctx.db.role.findUniqueOrThrow({ ...q, where: { id: p.id } }) }) }),
});

builder.mutationFields((t) => ({
  saveRole: t.field({
    type: RolePayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: SaveRoleInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { roleId, ...rest } = input;
      return saveRole(ctx, { ...rest, id: localId(roleId, 'Role') ?? undefined });
    },
  }),
  deleteRole: t.field({
    type: builder.objectRef<{ id: number }>('DeleteRolePayload').implement({
      fields: (f) => ({ deletedRoleId: f.id({ resolve: (p) => Buffer.from(`Role:${p.id}`).toString('base64') }) }),
    }),
    errors: mutationErrors,
    description: 'Refused while anyone holds the role, and for built-in roles.',
    args: { input: t.arg({ type: builder.inputType('DeleteRoleInput', { fields: (f) => ({ roleId: f.globalID({ required: true, for: [RoleNode] }) }) }), required: true }) },
    resolve: (_r, { input }, ctx) => deleteRole(ctx, localId(input.roleId, 'Role')),
  }),
  saveRoleRights: t.field({
    type: builder.objectRef<{ roleId: number }>('SaveRoleRightsPayload').implement({
      fields: (f) => ({ role: f.prismaField({ type: 'Role', resolve: (q, p, _a, ctx) => ctx.db.role.findUniqueOrThrow({ ...q, where: { id: p.roleId } }) }) }),
    }),
    errors: mutationErrors,
    description: "Replaces a role's rights (of one display type when given). Ancestors of granted rights are added.",
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('SaveRoleRightsInput', {
          fields: (f) => ({
            roleId: f.globalID({ required: true, for: [RoleNode] }),
            rightIds: f.intList({ required: true, description: 'Database ids of MenuItem rights.' }),
            display: f.field({ type: DisplayTypeEnum }),
          }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) => saveRoleRights(ctx, { roleId: localId(input.roleId, 'Role'), rightIds: input.rightIds, showType: input.display ?? undefined }),
  }),
  assignUserRoles: t.field({
    type: builder.objectRef<{ userId: number }>('AssignUserRolesPayload').implement({
      fields: (f) => ({ user: f.prismaField({ type: 'User', resolve: (q, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...q, where: { id: p.userId } }) }) }),
    }),
    errors: mutationErrors,
    description: 'Authorises exactly these roles to a person.',
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('AssignUserRolesInput', {
          fields: (f) => ({ userId: f.globalID({ required: true, for: [UserNode] }), roleIds: f.globalIDList({ required: true, for: [RoleNode] }) }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) => assignUserRoles(ctx, { userId: localId(input.userId, 'User'), roleIds: localIds(input.roleIds, 'Role') }),
  }),
}));
