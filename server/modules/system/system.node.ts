import { builder } from '../../graphql/builder.ts';
import { searchText } from '../../lib/text.ts';
import { utcOffset } from '../../lib/zones.ts';
import { atDoor } from '../../lib/validate.ts';
import { operationLogFilter, operationLogWhere } from './system.service.ts';
import { operationWords } from '../../i18n/operations.ts';
import { refusalWords, shownChanges, targetLabel, type ShownChange } from './oplog-words.ts';

export const OperationChangeRef = builder.objectRef<ShownChange>('OperationChange').implement({
  description:
    'One field a write changed (the audit trail). An archive field is shown only to callers who may read that field on that archive: otherwise `masked` is true and the values are masked as the archive screens mask them.',
  fields: (t) => ({
    entity: t.exposeString('entity', { description: 'What was changed: an archive section ("bio"), "Archive", "Application", "Role", "Enrollment".' }),
    entityId: t.exposeString('entityId', { description: 'The database id of the row changed.', nullable: true }),
    field: t.exposeString('field', { description: 'The field name.' }),
    label: t.exposeString('label', { description: "The field's label in the caller's language." }),
    before: t.exposeString('before', { description: 'The value before (null: empty or the row was new).', nullable: true }),
    after: t.exposeString('after', { description: 'The value after (null: empty or the row was deleted).', nullable: true }),
    masked: t.exposeBoolean('masked', { description: 'Whether the values are masked for the caller.' }),
  }),
});

builder.prismaNode('SysTimeZone', {
  nullable: true,
  name: 'TimeZone',
  id: { field: 'id' },
  description: 'A time zone users may choose.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id.' }),
    name: t.exposeString('name', { description: 'IANA name.' }),
    nameZh: t.exposeString('nameZh', { description: 'The Chinese name.' }),
    nameEn: t.exposeString('nameEn', { description: 'The English name.' }),
    localizedName: t.string({ description: "The name in the caller's language.", resolve: (z, _a, ctx) => (ctx.lang === 'en' ? z.nameEn : z.nameZh) }),
    utcOffset: t.string({ description: 'Offset from UTC now, like +08:00.', resolve: (z) => utcOffset(z.name) }),
  }),
});

const OutcomeEnum = builder.enumType('OperationOutcome', {
  description: 'How a write ended.',
  values: { SUCCESS: { description: 'The write was made.' }, FAILURE: { description: 'The write was refused or failed; nothing was written.' } } as const,
});
const DoorEnum = builder.enumType('Door', {
  description: 'Which door a request came through.',
  values: { GRAPHQL: { description: 'POST /graphql.' }, REST: { description: 'The legacy REST paths (/api/**.htm).' } } as const,
});

builder.prismaNode('OperationLog', {
  nullable: true,
  id: { field: 'id' },
  description: 'One write on either door.',
  authScopes: { permission: 'operationLog.read' },
  fields: (t) => ({
    databaseId: t.int({ description: 'The legacy numeric id of the line.', resolve: (l) => Number(l.id) }),
    user: t.relation('user', { description: 'Who wrote (null for a failed sign-in with an unknown account).', nullable: true }),
    account: t.exposeString('account', { description: 'The account used.', nullable: true }),
    operation: t.exposeString('operation', { description: 'What was done, e.g. task.create, auth.login.' }),
    targetType: t.exposeString('targetType', { description: 'The kind of object written, e.g. WorkTask, User.', nullable: true }),
    targetIds: t.exposeStringList('targetIds', { description: 'Database ids of the objects written.' }),
    outcome: t.field({ description: 'Whether the write succeeded.', type: OutcomeEnum, resolve: (l) => (l.outcome === 'FAILURE' ? 'FAILURE' : 'SUCCESS') }),
    errorCode: t.exposeString('errorCode', { description: 'The error code of a failed write (e.g. FORBIDDEN).', nullable: true }),
    door: t.field({ description: 'GraphQL or the legacy REST door.', type: DoorEnum, resolve: (l) => (l.door === 'REST' ? 'REST' : 'GRAPHQL') }),
    address: t.exposeString('address', { description: "The client's network address.", nullable: true }),
    requestId: t.exposeString('requestId', { description: 'The request id of the write (X-Request-Id or one the server made), as in the server log.', nullable: true }),
    createdAt: t.expose('createdAt', { description: 'When (instant).', type: 'DateTime' }),
    operationLabel: t.string({
      description: "What was done in the caller's language (登录, 要求修改作业); the operation name when it has no words.",
      resolve: (l, _a, ctx) => operationWords(ctx.lang, l.operation) ?? l.operation,
    }),
    targetLabel: t.string({ description: "The targets named in the caller's language (唐明轩的档案, 李明哲); null when there is none.", nullable: true, resolve: (l, _a, ctx) => targetLabel(ctx, l) }),
    errorMessage: t.string({ description: "A refusal in the caller's language (null for a success).", nullable: true, resolve: (l, _a, ctx) => refusalWords(ctx.lang, l.errorCode) }),
    changes: t.field({
      type: [OperationChangeRef],
      description: 'The fields the write changed, before and after (masked as the archive screens mask for callers without the right).',
      resolve: async (l, _a, ctx) => shownChanges(ctx, await ctx.db.operationChange.findMany({ where: { operationLogId: l.id }, orderBy: { id: 'asc' }, take: 500 })),
    }),
  }),
});

const OperationLogFilterInput = builder.inputType('OperationLogFilter', {
  description: 'Narrows `operationLogs`; every given condition must hold.',
  fields: (t) => ({
    userId: t.int({ description: 'Database id of the person who wrote.' }),
    account: t.string({ description: 'The account used (exact).' }),
    userName: t.string({ description: 'Who, by name or English name.' }),
    targetType: t.string({ description: 'Kind of object written, e.g. "User", "Department".' }),
    operation: t.string({ description: 'Prefix of the operation name, e.g. "auth.".' }),
    outcome: t.field({ description: 'Only successful or only failed writes.', type: OutcomeEnum }),
    from: t.field({ description: 'At or after this instant.', type: 'DateTime' }),
    to: t.field({ description: 'At or before this instant.', type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  timeZones: t.prismaConnection({
    description: 'The time zones users may choose, by sort. Signed-in callers.',
    type: 'SysTimeZone',
    cursor: 'id',
    defaultSize: 50,
    maxSize: 500,
    args: { search: t.arg.string({ description: 'IANA, Chinese or English name contains this text.' }) },
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
    description: 'Every write on either door (and failed writes), newest first. Rights: operationLog.read (administrators).',
    authScopes: { permission: 'operationLog.read' },
    args: { filter: t.arg({ description: 'Conditions on who, what, outcome and time.', type: OperationLogFilterInput }) },
    resolve: (query, _r, args, ctx) => ctx.db.operationLog.findMany({ ...query, where: operationLogWhere(ctx, atDoor(operationLogFilter, args.filter ?? {})), orderBy: { id: 'desc' } }),
  }),
}));
