import { builder } from '../../graphql/builder.ts';
import { allRights, DisplayTypeEnum, MenuItem } from '../auth/index.ts';
import { UserTypeEnum } from '../users/index.ts';
import { atDoor } from '../../lib/validate.ts';
import { rolesFilterInput, rolesWhere } from './roles.service.ts';

builder.queryFields((t) => ({
  roleList: t.prismaConnection({
    type: 'Role',
    cursor: 'id',
    description: 'Roles by sort, searchable by name or code and by kind of person, with totalCount (`roles` lists them all). Rights: directory.read (staff).',
    authScopes: { permission: 'directory.read' },
    args: { search: t.arg.string({ description: 'Name or code contains this text.' }), type: t.arg({ description: 'Only roles that apply to this kind of person.', type: UserTypeEnum }) },
    resolve: (q, _r, args, ctx) => ctx.db.role.findMany({ ...q, where: rolesWhere(ctx, atDoor(rolesFilterInput, { search: args.search, type: args.type })), orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
    totalCount: (_p, args, ctx) => ctx.db.role.count({ where: rolesWhere(ctx, atDoor(rolesFilterInput, { search: args.search, type: args.type })) }),
  }),
  rightTree: t.field({
    type: [MenuItem],
    description: 'The whole right tree (menus, buttons and hidden operation rights) of one display type, all when absent, for role administration. Rights: rights.readAll (administrators).',
    args: { display: t.arg({ description: 'Only rights of this display type; all when left out.', type: DisplayTypeEnum }) },
    resolve: (_r, args, ctx) => allRights(ctx, args.display ?? undefined),
  }),
}));
