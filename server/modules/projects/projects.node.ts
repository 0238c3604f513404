import { builder } from '../../graphql/builder.ts';

export const ProjectStateEnum = builder.enumType('ProjectState', {
  description: 'Legacy values: 1 preparing, 2 in progress, 3 paused, 4 finished, 5 cancelled.',
  values: { PREPARING: { value: 1 }, IN_PROGRESS: { value: 2 }, PAUSED: { value: 3 }, FINISHED: { value: 4 }, CANCELLED: { value: 5 } } as const,
});

builder.prismaNode('Project', {
  nullable: true,
  id: { field: 'id' },
  authScopes: { staff: true },
  description: 'A project staff work on; tasks and schedule entries reference it.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    nameEn: t.exposeString('nameEn', { nullable: true }),
    code: t.exposeString('code'),
    state: t.field({ type: ProjectStateEnum, resolve: (p) => p.stateCode as 1 | 2 | 3 | 4 | 5 }),
    manager: t.relation('manager', { nullable: true }),
    description: t.exposeString('description', { nullable: true }),
    startDate: t.expose('startDate', { type: 'Date', nullable: true }),
    endDate: t.expose('endDate', { type: 'Date', nullable: true }),
  }),
});

builder.queryFields((t) => ({
  projects: t.prismaConnection({
    type: 'Project',
    cursor: 'id',
    authScopes: { staff: true },
    args: { excludeStates: t.arg({ type: [ProjectStateEnum] }) },
    resolve: (query, _r, args, ctx) =>
      ctx.db.project.findMany({ ...query, where: args.excludeStates?.length ? { stateCode: { notIn: args.excludeStates } } : {}, orderBy: { id: 'asc' } }),
  }),
}));
