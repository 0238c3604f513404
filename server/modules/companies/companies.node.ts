import { builder } from '../../graphql/builder.ts';
import { companyUsersWhere, listAllCompanies } from './companies.service.ts';

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

builder.queryFields((t) => ({
  companyUsers: t.prismaConnection({
    type: 'CompanyUser',
    cursor: 'id',
    authScopes: { permission: 'directory.read' },
    args: { filter: t.arg({ type: CompanyUserFilter }) },
    resolve: (q, _r, args, ctx) => ctx.db.companyUser.findMany({ ...q, where: companyUsersWhere(ctx, args.filter ?? {}), orderBy: { id: 'asc' } }),
    totalCount: (_p, args, ctx) => ctx.db.companyUser.count({ where: companyUsersWhere(ctx, args.filter ?? {}) }),
  }),
  companies: t.stringList({
    description: 'Every company name once.',
    authScopes: { permission: 'directory.read' },
    resolve: (_r, _a, ctx) => listAllCompanies(ctx),
  }),
}));
