import type { ServiceContext } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError } from '../../errors.ts';
import { searchText } from '../../lib/text.ts';
import { dbId, inputOf, z, type Parsed } from '../../lib/validate.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { requiredText } from '../users/index.ts';
import { emailField, mobileField } from '../users/index.ts';

export const companyUsersFilterInput = z.object({
  companyName: z.string().max(200).optional().nullable(),
  search: z.string().max(200).optional().nullable(),
});

/** Partner-company contacts matching the filter (both doors); staff read them. */
export function companyUsersWhere(ctx: ServiceContext, input: Parsed<z.output<typeof companyUsersFilterInput>>): Prisma.CompanyUserWhereInput {
  authorize(ctx, 'directory.read');
  const f = inputOf(input);
  const company = searchText(f.companyName);
  const search = searchText(f.search);
  const like = (v: string) => ({ contains: v, mode: 'insensitive' as const });
  return {
    AND: [company ? { companyName: like(company) } : {}, search ? { OR: [{ name: like(search) }, { nameEn: like(search) }, { companyName: like(search) }, { title: like(search) }] } : {}],
  };
}

export async function listCompanyUsersPage(ctx: ServiceContext, input: Parsed<z.output<typeof companyUsersFilterInput>>, page: { currentPage: number; pageSize: number }) {
  const where = companyUsersWhere(ctx, input);
  const [rows, total] = await Promise.all([
    ctx.db.companyUser.findMany({ where, orderBy: [{ companyName: 'asc' }, { id: 'asc' }], skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }),
    ctx.db.companyUser.count({ where }),
  ]);
  return { rows, total };
}

/** Every company name once, alphabetically. */
export async function listAllCompanies(ctx: ServiceContext): Promise<string[]> {
  authorize(ctx, 'directory.read');
  const rows = await ctx.db.companyUser.findMany({ distinct: ['companyName'], select: { companyName: true }, orderBy: { companyName: 'asc' } });
  return rows.map((r) => r.companyName);
}

export const saveCompanyUserInput = z.object({
  id: dbId().optional().nullable(),
  companyName: requiredText(200),
  name: requiredText(100),
  nameEn: z.string().trim().max(100).optional().nullable(),
  title: z.string().trim().max(100).optional().nullable(),
  mobile: mobileField,
  email: emailField,
  remark: z.string().trim().max(1000).optional().nullable(),
});

export async function saveCompanyUser(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveCompanyUserInput>>): Promise<{ id: number; created: boolean }> {
  return runWrite<{ id: number; created: boolean }>(ctx, { operation: 'companyUser.save', targetType: 'CompanyUser' }, async (tx) => {
    authorize(ctx, 'companyUser.edit');
    const input = inputOf(parsed);
    const data = {
      companyName: input.companyName,
      name: input.name,
      nameEn: input.nameEn || null,
      title: input.title || null,
      mobile: input.mobile ?? null,
      email: input.email ?? null,
      remark: input.remark || null,
    };
    if (input.id) {
      if (!(await tx.companyUser.findUnique({ where: { id: input.id }, select: { id: true } }))) throw new NotFoundError();
      await tx.companyUser.update({ where: { id: input.id }, data });
      return { result: { id: input.id, created: false }, targetIds: [input.id] };
    }
    const row = await tx.companyUser.create({ data, select: { id: true } });
    return { result: { id: row.id, created: true }, targetIds: [row.id] };
  });
}

/** The input of `deleteCompanyUsers`. */
export const companyUserIdsInput = z.object({ ids: z.array(dbId()).min(1).max(500) });

export async function deleteCompanyUsers(ctx: ServiceContext, input: Parsed<z.output<typeof companyUserIdsInput>>): Promise<number[]> {
  return runWrite(ctx, { operation: 'companyUser.delete', targetType: 'CompanyUser' }, async (tx) => {
    authorize(ctx, 'companyUser.edit');
    const { ids } = inputOf(input);
    const unique = [...new Set(ids)];
    const { count } = await tx.companyUser.deleteMany({ where: { id: { in: unique } } });
    if (count !== unique.length) throw new NotFoundError();
    return { result: unique, targetIds: unique };
  });
}
