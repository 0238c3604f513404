/** The authorisation matrix of the archive-modules module's writes, on both doors (see ../org-matrix.ts). */
import { globalId } from '../support.ts';
import { describeOrgMatrix, m, next, t, type Case } from '../org-matrix.ts';

const CASES: Case[] = [
  {
    name: 'save an archive module',
    permission: 'archiveModule.edit',
    gql: async () => ({ query: m('saveArchiveModule', 'SaveArchiveModuleInput'), variables: { input: { name: `模块${next()}` } } }),
    rest: async () => ({ path: '/api/admin/fs/archive/module/save.htm', json: { name: `模块${next()}` } }),
  },
  {
    name: 'delete an archive module',
    permission: 'archiveModule.edit',
    gql: async () => ({
      query: m('deleteArchiveModule', 'DeleteArchiveModuleInput'),
      variables: { input: { moduleId: globalId('ArchiveModule', (await t.db.archiveModule.create({ data: { code: `m${next()}`, name: 'm', nameEn: 'm' } })).id) } },
    }),
    rest: async () => ({ path: '/api/admin/fs/archive/module/del.htm', method: 'GET', query: { id: (await t.db.archiveModule.create({ data: { code: `m${next()}`, name: 'm', nameEn: 'm' } })).id } }),
  },
];

describeOrgMatrix(['archiveModule.edit'], CASES);
