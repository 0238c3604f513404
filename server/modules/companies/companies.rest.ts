import { translate } from '../../i18n/catalogue.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import { BOTH } from '../../rest/adapter.ts';
import { pageJson, readPage } from '../../rest/envelope.ts';
import { formatDateTime } from '../../lib/wall-time.ts';
import { idList, num, pick, withCondition } from '../../rest/params.ts';
import { companyUserIdsInput, companyUsersFilterInput, deleteCompanyUsers, listAllCompanies, listCompanyUsersPage, saveCompanyUser, saveCompanyUserInput } from './companies.service.ts';
import { atDoor } from '../../lib/validate.ts';

export const companyRoutes: RestRoute[] = [
  {
    path: '/api/admin/company/user/listCompanyUserByPage',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const page = readPage(req.params);
      const { rows, total } = await listCompanyUsersPage(ctx, atDoor(companyUsersFilterInput, { companyName: pick(p, 'companyName'), search: pick(p, 'searchKey', 'name', 'search') }), page);
      const zone = ctx.actor?.timeZone ?? 'Asia/Shanghai';
      return {
        data: pageJson(
          page,
          total,
          rows.map((r) => ({ ...r, createdAt: undefined, createTime: formatDateTime(r.createdAt, zone) })),
        ),
      };
    },
  },
  {
    path: '/api/admin/company/user/save',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const r = await saveCompanyUser(
        ctx,
        atDoor(saveCompanyUserInput, {
          id: num(p.id),
          companyName: p.companyName,
          name: p.name,
          nameEn: p.nameEn,
          title: p.title,
          mobile: p.mobile,
          email: p.email,
          remark: p.remark,
        }),
      );
      return { data: r, message: translate(ctx.lang, 'org.saved') };
    },
  },
  {
    path: '/api/admin/company/user/del',
    methods: BOTH,
    handler: async (ctx, req) => {
      const ids = await deleteCompanyUsers(ctx, atDoor(companyUserIdsInput, { ids: idList(pick(withCondition(req.params), 'ids', 'selIds', 'id')) }));
      return { data: ids, message: translate(ctx.lang, 'toast.deleted') };
    },
  },
  {
    path: '/api/admin/company/user/listAllCompany',
    methods: BOTH,
    handler: async (ctx) => ({ data: (await listAllCompanies(ctx)).map((companyName) => ({ companyName })) }),
  },
];
