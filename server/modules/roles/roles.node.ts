import { builder } from '../../graphql/builder.ts';
import { allRights, DisplayTypeEnum, MenuItem } from '../auth/index.ts';
import { UserTypeEnum } from '../users/index.ts';
import { rolesWhere } from './roles.service.ts';

builder.queryFields((t) => ({
  roleList: t.prismaConnection({
    type: 'Role',
    cursor: 'id',
    description: 'Roles by sort, searchable; `roles` lists them all.',
    authScopes: { permission: 'directory.read' },
    args: { search: t.arg.string(), type: t.arg({ type: UserTypeEnum }) },
    resolve: (q, _r, args, ctx) => ctx.db.role.findMany({ ...q, where: rolesWhere(ctx, { search: args.search, type: args.type }), orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
    totalCount: (_p, args, ctx) => ctx.db.role.count({ where: rolesWhere(ctx, { search: args.search, type: args.type }) }),
  }),
  rightTree: t.field({
    type: [MenuItem],
    description: 'The whole right tree of one display type (all when absent), for role administration.',
    args: { display: t.arg({ type: DisplayTypeEnum }) },
    resolve: (_r, args, ctx) => allRights(ctx, args.display ?? undefined),
  }),
}));
