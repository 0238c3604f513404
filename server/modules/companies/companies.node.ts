import { builder } from '../../graphql/builder.ts';
import { companyUsersFilterInput, companyUsersWhere, listAllCompanies } from './companies.service.ts';
import { atDoor } from '../../lib/validate.ts';

export const CompanyUserNode = builder.prismaNode('CompanyUser', {
  nullable: true,
  id: { field: 'id' },
  description: 'A contact at a partner company.',
  authScopes: { permission: 'directory.read' },
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id.' }),
    companyName: t.exposeString('companyName', { description: 'The company.' }),
    name: t.exposeString('name', { description: "The contact's name." }),
    nameEn: t.exposeString('nameEn', { description: 'The English name.', nullable: true }),
    title: t.exposeString('title', { description: 'Job title.', nullable: true }),
    mobile: t.exposeString('mobile', { description: 'Mobile number.', nullable: true }),
    email: t.exposeString('email', { description: 'E-mail address.', nullable: true }),
    remark: t.exposeString('remark', { description: 'A free remark.', nullable: true }),
    createdAt: t.expose('createdAt', { description: 'When the contact was added (instant).', type: 'DateTime' }),
  }),
});

const CompanyUserFilter = builder.inputType('CompanyUserFilter', {
  description: 'Narrows `companyUsers`.',
  fields: (t) => ({ companyName: t.string({ description: 'Only contacts of this company (exact name).' }), search: t.string({ description: 'Name, English name, company or title.' }) }),
});

builder.queryFields((t) => ({
  companyUsers: t.prismaConnection({
    description: 'Contacts at partner companies, by id. Rights: directory.read (staff).',
    type: 'CompanyUser',
    cursor: 'id',
    authScopes: { permission: 'directory.read' },
    args: { filter: t.arg({ description: 'Conditions on company and name.', type: CompanyUserFilter }) },
    resolve: (q, _r, args, ctx) => ctx.db.companyUser.findMany({ ...q, where: companyUsersWhere(ctx, atDoor(companyUsersFilterInput, args.filter ?? {})), orderBy: { id: 'asc' } }),
    totalCount: (_p, args, ctx) => ctx.db.companyUser.count({ where: companyUsersWhere(ctx, atDoor(companyUsersFilterInput, args.filter ?? {})) }),
  }),
  companies: t.stringList({
    description: 'Every company name once, alphabetically. Rights: directory.read (staff).',
    authScopes: { permission: 'directory.read' },
    resolve: (_r, _a, ctx) => listAllCompanies(ctx),
  }),
}));
