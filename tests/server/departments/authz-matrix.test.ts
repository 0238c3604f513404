/** The authorisation matrix of the departments module's writes, on both doors (see ../org-matrix.ts). */
import { globalId } from '../support.ts';
import { describeOrgMatrix, ids, m, next, t, type Case } from '../org-matrix.ts';

const CASES: Case[] = [
  {
    name: 'save a department',
    permission: 'department.edit',
    gql: async () => ({ query: m('saveDepartment', 'SaveDepartmentInput'), variables: { input: { name: `部门${next()}`, parentId: globalId('Department', ids.usTeam!) } } }),
    rest: async () => ({ path: '/api/admin/depart/doSaveDepart.htm', json: { name: `部门${next()}`, parentId: ids.usTeam } }),
  },
  {
    name: 'delete a department',
    permission: 'department.edit',
    gql: async () => ({ query: m('deleteDepartment', 'DeleteDepartmentInput'), variables: { input: { departmentId: globalId('Department', (await t.db.department.create({ data: { name: `空${next()}` } })).id) } } }),
    rest: async () => ({ path: '/api/admin/depart/doDeleteDepart.htm', json: { id: (await t.db.department.create({ data: { name: `空${next()}` } })).id } }),
  },
];

describeOrgMatrix(['department.edit'], CASES);
