/** The authorisation matrix of the roles module's writes, on both doors (see ../org-matrix.ts). */
import { globalId } from '../support.ts';
import { describeOrgMatrix, ids, m, next, newParent, newRole, type Case } from '../org-matrix.ts';

const CASES: Case[] = [
  {
    name: 'save a role',
    permission: 'role.edit',
    gql: async () => ({ query: m('saveRole', 'SaveRoleInput'), variables: { input: { name: '新角色', code: `role.${next()}` } } }),
    rest: async () => ({ path: '/api/admin/auth/role/saveUserRoleRights.htm', json: { name: '新角色', code: `role.${next()}` } }),
  },
  {
    name: 'delete a role',
    permission: 'role.edit',
    gql: async () => ({ query: m('deleteRole', 'DeleteRoleInput'), variables: { input: { roleId: globalId('Role', await newRole()) } } }),
    rest: async () => ({ path: '/api/admin/auth/role/del.htm', json: { id: await newRole() } }),
  },
  {
    name: "save a role's rights",
    permission: 'role.edit',
    gql: async () => ({ query: m('saveRoleRights', 'SaveRoleRightsInput'), variables: { input: { roleId: globalId('Role', await newRole()), rightIds: [1], display: 'PC' } } }),
    rest: async () => ({ path: '/api/admin/auth/role/saveUserRoleRights.htm', json: { roleId: await newRole(), rightIds: [1] } }),
  },
  {
    name: 'authorise roles to a user',
    permission: 'role.edit',
    gql: async () => ({ query: m('assignUserRoles', 'AssignUserRolesInput'), variables: { input: { userId: globalId('User', await newParent()), roleIds: [globalId('Role', 7)] } } }),
    rest: async () => ({ path: '/api/admin/auth/account/saveAuthUserAccount.htm', json: { userId: await newParent(), account: `acc.${next()}`, password: 'Abcdef#123', roleIds: [7] } }),
  },
  {
    name: "save a role's archive-module permissions",
    permission: 'role.edit',
    gql: async () => ({
      query: m('saveRoleArchiveModules', 'SaveRoleArchiveModulesInput'),
      variables: { input: { roleId: globalId('Role', await newRole()), archiveFiled: false, modules: [{ moduleId: globalId('ArchiveModule', ids.module!), read: true }] } },
    }),
    rest: async () => ({ path: '/api/admin/fs/role/module/save.htm', json: { roleId: await newRole(), state: 1, modules: [{ moduleId: ids.module, read: true, edit: true }] } }),
  },
];

describeOrgMatrix(['role.edit'], CASES);
