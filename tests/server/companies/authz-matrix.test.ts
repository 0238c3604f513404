/** The authorisation matrix of the companies module's writes, on both doors (see ../org-matrix.ts). */
import { globalId } from '../support.ts';
import { describeOrgMatrix, m, next, t, type Case } from '../org-matrix.ts';

const CASES: Case[] = [
  {
    name: 'save a company contact',
    permission: 'companyUser.edit',
    gql: async () => ({ query: m('saveCompanyUser', 'SaveCompanyUserInput'), variables: { input: { companyName: '测试公司', name: `联系人${next()}` } } }),
    rest: async () => ({ path: '/api/admin/company/user/save.htm', json: { companyName: '测试公司', name: `联系人${next()}` } }),
  },
  {
    name: 'delete company contacts',
    permission: 'companyUser.edit',
    gql: async () => ({
      query: m('deleteCompanyUsers', 'DeleteCompanyUsersInput'),
      variables: { input: { companyUserIds: [globalId('CompanyUser', (await t.db.companyUser.create({ data: { companyName: 'X', name: 'Y' } })).id)] } },
    }),
    rest: async () => ({ path: '/api/admin/company/user/del.htm', json: { ids: [(await t.db.companyUser.create({ data: { companyName: 'X', name: 'Y' } })).id] } }),
  },
];

describeOrgMatrix(['companyUser.edit'], CASES);
