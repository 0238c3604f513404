import { builder } from '../../graphql/builder.ts';

builder.queryFields((t) => ({
  departmentTree: t.prismaField({
    type: ['Department'],
    description: 'Top-level departments, by sort; walk `children` for the tree. Rights: directory.read (staff).',
    authScopes: { permission: 'directory.read' },
    resolve: (q, _r, _a, ctx) => ctx.db.department.findMany({ ...q, where: { parentId: null }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
  }),
}));
