import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { companyUsersWhere, deleteCompanyUsers, listAllCompanies, saveCompanyUser } from './companies.service.ts';

export const CompanyUserNode = builder.prismaNode('CompanyUser', {
  nullable: true,
  id: { field: 'id' },
  description: 'A contact at a partner company.',
  authScopes: { permission: 'directory.read' },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    companyName: t.exposeString('companyName'),
    name: t.exposeString('name'),
    nameEn: t.exposeString('nameEn', { nullable: true }),
    title: t.exposeString('title', { nullable: true }),
    mobile: t.exposeString('mobile', { nullable: true }),
    email: t.exposeString('email', { nullable: true }),
    remark: t.exposeString('remark', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const CompanyUserFilter = builder.inputType('CompanyUserFilter', {
  fields: (t) => ({ companyName: t.string(), search: t.string({ description: 'Name, English name, company or title.' }) }),
});

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

builder.queryFields((t) => ({
  companyUsers: t.prismaConnection(
    {
      type: 'CompanyUser',
      cursor: 'id',
      authScopes: { permission: 'directory.read' },
      args: { filter: t.arg({ type: CompanyUserFilter }) },
      resolve: (q, _r, args, ctx) => ctx.db.companyUser.findMany({ ...q, where: companyUsersWhere(ctx, args.filter ?? {}), orderBy: { id: 'asc' } }),
      totalCount: (_p, args, ctx) => ctx.db.companyUser.count({ where: companyUsersWhere(ctx, args.filter ?? {}) }),
    },
  ),
  companies: t.stringList({
    description: 'Every company name once.',
    authScopes: { permission: 'directory.read' },
    resolve: (_r, _a, ctx) => listAllCompanies(ctx),
  }),
}));

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
      return saveCompanyUser(ctx, { ...rest, id: companyUserId?.id });
    },
  }),
  deleteCompanyUsers: t.field({
    type: builder.objectRef<{ ids: number[] }>('DeleteCompanyUsersPayload').implement({
      fields: (f) => ({ deletedCompanyUserIds: f.idList({ resolve: (p) => p.ids.map((id) => Buffer.from(`CompanyUser:${id}`).toString('base64')) }) }),
    }),
    errors: mutationErrors,
    args: { input: t.arg({ type: builder.inputType('DeleteCompanyUsersInput', { fields: (f) => ({ companyUserIds: f.globalIDList({ required: true, for: [CompanyUserNode] }) }) }), required: true }) },
    resolve: async (_r, { input }, ctx) => ({ ids: await deleteCompanyUsers(ctx, { ids: input.companyUserIds.map((g) => g.id) }) }),
  }),
}));
