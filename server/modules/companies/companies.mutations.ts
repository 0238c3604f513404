import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { deleteCompanyUsers, saveCompanyUser } from './companies.service.ts';
import { CompanyUserNode } from './companies.node.ts';

const SaveCompanyUserInput = builder.inputType('SaveCompanyUserInput', {
  fields: (t) => ({
    companyUserId: t.globalID({ for: [CompanyUserNode] }),
    companyName: t.string({ required: true }),
    name: t.string({ required: true }),
    nameEn: t.string(),
    title: t.string(),
    mobile: t.string(),
    email: t.string(),
    remark: t.string(),
  }),
});

builder.mutationFields((t) => ({
  saveCompanyUser: t.field({
    type: builder.objectRef<{ id: number; created: boolean }>('SaveCompanyUserPayload').implement({
      fields: (f) => ({
        companyUser: f.prismaField({ type: 'CompanyUser', resolve: (q, p, _a, ctx) => ctx.db.companyUser.findUniqueOrThrow({ ...q, where: { id: p.id } }) }),
        created: f.exposeBoolean('created'),
      }),
    }),
    errors: mutationErrors,
    args: { input: t.arg({ type: SaveCompanyUserInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { companyUserId, ...rest } = input;
      return saveCompanyUser(ctx, { ...rest, id: localId(companyUserId, 'CompanyUser') ?? undefined });
    },
  }),
  deleteCompanyUsers: t.field({
    type: builder.objectRef<{ ids: number[] }>('DeleteCompanyUsersPayload').implement({
      fields: (f) => ({ deletedCompanyUserIds: f.idList({ resolve: (p) => p.ids.map((id) => Buffer.from(`CompanyUser:${id}`).toString('base64')) }) }),
    }),
    errors: mutationErrors,
    args: { input: t.arg({ type: builder.inputType('DeleteCompanyUsersInput', { fields: (f) => ({ companyUserIds: f.globalIDList({ required: true, for: [CompanyUserNode] }) }) }), required: true }) },
    resolve: async (_r, { input }, ctx) => ({ ids: await deleteCompanyUsers(ctx, { ids: localIds(input.companyUserIds, 'CompanyUser') }) }),
  }),
}));
