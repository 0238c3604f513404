import { builder } from '../../graphql/builder.ts';
import { searchText } from '../../lib/text.ts';
import { utcOffset } from '../../lib/zones.ts';
import { operationLogWhere } from './system.service.ts';

builder.prismaNode('SysTimeZone', {
  nullable: true,
  name: 'TimeZone',
  id: { field: 'id' },
  description: 'A time zone users may choose.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name', { description: 'IANA name.' }),
    nameZh: t.exposeString('nameZh'),
    nameEn: t.exposeString('nameEn'),
    localizedName: t.string({ resolve: (z, _a, ctx) => (ctx.lang === 'en' ? z.nameEn : z.nameZh) }),
    utcOffset: t.string({ description: 'Offset from UTC now, like +08:00.', resolve: (z) => utcOffset(z.name) }),
  }),
});

const OutcomeEnum = builder.enumType('OperationOutcome', { values: ['SUCCESS', 'FAILURE'] as const });
const DoorEnum = builder.enumType('Door', { values: ['GRAPHQL', 'REST'] as const });

builder.prismaNode('OperationLog', {
  nullable: true,
  id: { field: 'id' },
  description: 'One write on either door.',
  authScopes: { permission: 'operationLog.read' },
  fields: (t) => ({
    databaseId: t.int({ resolve: (l) => Number(l.id) }),
    user: t.relation('user', { nullable: true }),
    account: t.exposeString('account', { nullable: true }),
    operation: t.exposeString('operation'),
    targetType: t.exposeString('targetType', { nullable: true }),
    targetIds: t.exposeStringList('targetIds'),
    outcome: t.field({ type: OutcomeEnum, resolve: (l) => (l.outcome === 'FAILURE' ? 'FAILURE' : 'SUCCESS') }),
    errorCode: t.exposeString('errorCode', { nullable: true }),
    door: t.field({ type: DoorEnum, resolve: (l) => (l.door === 'REST' ? 'REST' : 'GRAPHQL') }),
    address: t.exposeString('address', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const OperationLogFilterInput = builder.inputType('OperationLogFilter', {
  fields: (t) => ({
    userId: t.int(),
    account: t.string(),
    userName: t.string({ description: 'Who, by name or English name.' }),
    targetType: t.string({ description: 'Kind of object written, e.g. "User", "Department".' }),
    operation: t.string({ description: 'Prefix of the operation name, e.g. "auth.".' }),
    outcome: t.field({ type: OutcomeEnum }),
    from: t.field({ type: 'DateTime' }),
    to: t.field({ type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  timeZones: t.prismaConnection({
    type: 'SysTimeZone',
    cursor: 'id',
    defaultSize: 50,
    maxSize: 500,
    args: { search: t.arg.string() },
    resolve: (query, _r, args, ctx) => {
      const s = searchText(args.search, 64);
      return ctx.db.sysTimeZone.findMany({
        ...query,
        where: s ? { OR: [{ name: { contains: s, mode: 'insensitive' } }, { nameZh: { contains: s } }, { nameEn: { contains: s, mode: 'insensitive' } }] } : {},
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      });
    },
  }),
  operationLogs: t.prismaConnection({
    type: 'OperationLog',
    cursor: 'id',
    description: 'Newest first. Administrators only.',
    authScopes: { permission: 'operationLog.read' },
    args: { filter: t.arg({ type: OperationLogFilterInput }) },
    resolve: (query, _r, args, ctx) => ctx.db.operationLog.findMany({ ...query, where: operationLogWhere(ctx, args.filter ?? {}), orderBy: { id: 'desc' } }),
  }),
}));
