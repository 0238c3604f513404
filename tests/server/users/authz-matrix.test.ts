/** The authorisation matrix of the users module's writes, on both doors (see ../org-matrix.ts). */
import { globalId } from '../support.ts';
import { describeOrgMatrix, ids, m, next, newParent, type Case } from '../org-matrix.ts';

const CASES: Case[] = [
  {
    name: 'create staff',
    permission: 'staff.edit',
    gql: async () => ({ query: m('createStaff', 'CreateStaffInput'), variables: { input: { name: '新员工', account: `s.${next()}`, password: 'Abcdef#123' } } }),
    rest: async () => ({ path: '/api/admin/user/saveUser.htm', json: { name: '新员工', account: `s.${next()}`, password: 'Abcdef#123' } }),
  },
  {
    name: 'edit staff',
    permission: 'staff.edit',
    gql: async () => ({ query: m('updateStaff', 'UpdateStaffInput'), variables: { input: { userId: globalId('User', ids.huWei!), name: '胡伟', account: 'hu.wei', state: 'FULL_TIME' } } }),
    rest: async () => ({ path: '/api/admin/user/saveUser.htm', json: { id: ids.huWei, type: 1, name: '胡伟', account: 'hu.wei', state: 1 } }),
  },
  {
    name: 'activate staff / update state',
    permission: 'staff.changeState',
    gql: async () => ({ query: m('activateStaff', 'StaffStateInput'), variables: { input: { userId: globalId('User', ids.luoDan!) } } }),
    rest: async () => ({ path: '/api/admin/user/updateState.htm', json: { id: ids.luoDan, state: 2 } }),
  },
  {
    name: 'reset password',
    permission: 'staff.edit',
    gql: async () => ({ query: m('resetPassword', 'ResetPasswordInput'), variables: { input: { userId: globalId('User', ids.gaoMin!), sendMail: false } } }),
    rest: async () => ({ path: '/api/admin/user/resetPwd.htm', json: { id: ids.gaoMin, sendMail: false } }),
  },
  {
    name: 'reset password (GET)',
    permission: 'staff.edit',
    gql: async () => ({ query: m('resetPassword', 'ResetPasswordInput'), variables: { input: { userId: globalId('User', ids.gaoMin!), sendMail: false } } }),
    rest: async () => ({ path: '/api/admin/user/resetUserPwd.htm', method: 'GET', query: { id: ids.gaoMin!, sendMail: 'false' } }),
  },
  {
    name: 'change manager',
    permission: 'staff.edit',
    gql: async () => ({ query: m('changeManager', 'ChangeManagerInput'), variables: { input: { fromUserId: globalId('User', ids.xuJing!), toUserId: globalId('User', ids.maChao!), parts: ['CONSULTANT'] } } }),
    rest: async () => ({ path: '/api/admin/user/changeManager.htm', json: { fromUserId: ids.xuJing, toUserId: ids.maChao, what: 'consultant' } }),
  },
  {
    name: 'save staff sort',
    permission: 'staff.edit',
    gql: async () => ({ query: m('saveStaffSort', 'SaveStaffSortInput'), variables: { input: { items: [{ userId: globalId('User', ids.huWei!), sort: 5 }] } } }),
    rest: async () => ({ path: '/api/admin/user/custom/saveSort.htm', json: { list: [{ id: ids.huWei, sort: 6 }] } }),
  },
  {
    name: "edit someone else's info",
    permission: 'staff.edit',
    gql: async () => ({ query: m('updateUserInfo', 'UpdateUserInfoInput'), variables: { input: { userId: globalId('User', ids.huWei!), nameEn: 'Wei Hu' } } }),
    rest: async () => ({ path: '/api/admin/user/updateUserInfo.htm', json: { id: ids.huWei, nameEn: 'Wei Hu' } }),
  },
  {
    name: 'save a parent',
    permission: 'user.edit',
    gql: async () => ({ query: m('saveUser', 'SaveUserInput'), variables: { input: { type: 'PARENT', name: `家长${next()}` } } }),
    rest: async () => ({ path: '/api/admin/user/saveUser.htm', json: { type: 2, name: `家长${next()}` } }),
  },
  {
    name: 'delete users',
    permission: 'user.edit',
    gql: async () => ({ query: m('deleteUsers', 'DeleteUsersInput'), variables: { input: { userIds: [globalId('User', await newParent())] } } }),
    rest: async () => ({ path: '/api/admin/user/del.htm', json: { ids: [await newParent()] } }),
  },
  {
    name: 'save user relations',
    permission: 'user.edit',
    gql: async () => ({ query: m('saveUserRelations', 'SaveUserRelationsInput'), variables: { input: { userId: globalId('User', ids.student!), consultantId: globalId('User', ids.consultant!) } } }),
    rest: async () => ({ path: '/api/admin/user/related/saveUserRelated.htm', json: { userId: ids.student, consultantId: ids.consultant } }),
  },
  {
    name: 'set isMatch / update a student state',
    permission: 'user.edit',
    gql: async () => ({ query: m('setUserMatch', 'SetUserMatchInput'), variables: { input: { userId: globalId('User', ids.student!), isMatch: true } } }),
    rest: async () => ({ path: '/api/admin/user/updateState.htm', json: { id: ids.student, isMatch: false } }),
  },
  {
    name: 'save a user account',
    permission: 'user.edit',
    gql: async () => ({ query: m('saveUserAccount', 'SaveUserAccountInput'), variables: { input: { userId: globalId('User', await newParent()), account: `acc.${next()}`, password: 'Abcdef#123' } } }),
    rest: async () => ({ path: '/api/admin/auth/account/saveAuthUserAccount.htm', json: { userId: await newParent(), account: `acc.${next()}`, password: 'Abcdef#123' } }),
  },
];

describeOrgMatrix(['staff.edit', 'staff.changeState', 'user.edit'], CASES);
