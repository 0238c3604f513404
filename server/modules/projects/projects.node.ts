import { builder } from '../../graphql/builder.ts';
import { canManageProject } from './projects.policy.ts';
import { projectsWhere, PROJECT_ORDER } from './projects.service.ts';

export const ProjectStateEnum = builder.enumType('ProjectState', {
  description: 'Legacy values: 1 preparing, 2 in progress, 3 paused, 4 finished, 5 cancelled.',
  values: { PREPARING: { value: 1 }, IN_PROGRESS: { value: 2 }, PAUSED: { value: 3 }, FINISHED: { value: 4 }, CANCELLED: { value: 5 } } as const,
});

/** Legacy download paths; the client sends its token as a header (X-Token). */
export const memberImagePath = (memberId: number) => `/api/admin/project/member/image.htm?id=${memberId}`;
export const projectFilePath = (fileId: number) => `/api/admin/project/downloadFile.htm?id=${fileId}`;

export const ProjectNode = builder.prismaNode('Project', {
  nullable: true,
  id: { field: 'id' },
  authScopes: { permission: 'project.read' },
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
    companyName: t.exposeString('companyName', { nullable: true, description: 'The partner company the project is run with or for.' }),
    createdBy: t.relation('createdBy', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    deleted: t.boolean({
      description: 'Deleted projects stay readable from the tasks and schedule entries that name them, but leave every list.',
      resolve: (p) => p.deletedAt !== null,
    }),
    members: t.relatedConnection('members', {
      cursor: 'id',
      totalCount: true,
      query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] },
    }),
    files: t.relatedConnection('files', {
      cursor: 'id',
      totalCount: true,
      query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] },
    }),
    isFocused: t.boolean({
      description: 'Whether the caller follows this project.',
      select: (_args, ctx) => ({ focuses: { where: { userId: ctx.actor?.id ?? -1 }, select: { userId: true } } }),
      resolve: (p) => p.focuses.length > 0,
    }),
    viewerCanManage: t.boolean({
      description: 'Whether the caller may edit the project, its members and its files.',
      resolve: (p, _a, ctx) => !!ctx.actor && canManageProject(ctx.actor, p),
    }),
  }),
});

export const ProjectMemberNode = builder.prismaNode('ProjectMember', {
  nullable: true,
  id: { field: 'id' },
  authScopes: { permission: 'project.read' },
  description: "A staff member's place on a project, with a timeline of what they did.",
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    project: t.relation('project'),
    user: t.relation('user'),
    duty: t.exposeString('duty', { nullable: true }),
    joinedOn: t.expose('joinedOn', { type: 'Date', nullable: true }),
    remark: t.exposeString('remark', { nullable: true }),
    imageUrl: t.string({
      nullable: true,
      description: 'Where the member image is downloaded (send the token as a header).',
      resolve: (m) => (m.imageKey ? memberImagePath(m.id) : null),
    }),
    timeline: t.relatedConnection('timeline', {
      cursor: 'id',
      totalCount: true,
      query: { orderBy: [{ happenedOn: 'desc' }, { id: 'desc' }] },
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const ProjectTimelineEntryNode = builder.prismaNode('ProjectTimelineEntry', {
  nullable: true,
  id: { field: 'id' },
  authScopes: { permission: 'project.read' },
  description: "One entry of a project member's timeline.",
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    member: t.relation('member'),
    happenedOn: t.expose('happenedOn', { type: 'Date' }),
    content: t.exposeString('content'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const ProjectFileNode = builder.prismaNode('ProjectFile', {
  nullable: true,
  id: { field: 'id' },
  authScopes: { permission: 'project.read' },
  description: 'A file attached to a project.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    project: t.relation('project'),
    fileName: t.exposeString('fileName'),
    mimeType: t.exposeString('mimeType'),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    uploadedBy: t.relation('uploadedBy', { nullable: true }),
    downloadUrl: t.string({ description: 'Where the file is downloaded (send the token as a header).', resolve: (f) => projectFilePath(f.id) }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

const ProjectFilter = builder.inputType('ProjectFilter', {
  fields: (t) => ({
    excludeStates: t.field({ type: [ProjectStateEnum], description: 'Leave out these states (the legacy list leaves out FINISHED and CANCELLED).' }),
    states: t.field({ type: [ProjectStateEnum] }),
    search: t.string({ description: 'Matches name, English name or code, literally.' }),
    managerId: t.int({ description: 'Database id of the project manager.' }),
    companyName: t.string(),
    userId: t.int({ description: 'Projects this user (database id) manages or is a member of.' }),
  }),
});

builder.queryFields((t) => ({
  projects: t.prismaConnection({
    type: 'Project',
    cursor: 'id',
    maxSize: 500,
    totalCount: (_r, args, ctx) => ctx.db.project.count({ where: projectsWhere(ctx, { ...args.filter, excludeStates: [...(args.excludeStates ?? []), ...(args.filter?.excludeStates ?? [])] }) }),
    authScopes: { permission: 'project.read' },
    description: 'Live projects, newest first.',
    args: { excludeStates: t.arg({ type: [ProjectStateEnum] }), filter: t.arg({ type: ProjectFilter }) },
    resolve: (query, _r, args, ctx) =>
      ctx.db.project.findMany({
        ...query,
        where: projectsWhere(ctx, { ...args.filter, excludeStates: [...(args.excludeStates ?? []), ...(args.filter?.excludeStates ?? [])] }),
        orderBy: PROJECT_ORDER,
      }),
  }),
  focusedProjects: t.prismaConnection({
    type: 'Project',
    cursor: 'id',
    totalCount: (_r, _a, ctx) => ctx.db.project.count({ where: { AND: [projectsWhere(ctx, {}), { focuses: { some: { userId: ctx.actor?.id ?? -1 } } }] } }),
    authScopes: { permission: 'project.read' },
    description: 'Projects the caller follows.',
    resolve: (query, _r, _a, ctx) =>
      ctx.db.project.findMany({
        ...query,
        where: { AND: [projectsWhere(ctx, {}), { focuses: { some: { userId: ctx.actor?.id ?? -1 } } }] },
        orderBy: PROJECT_ORDER,
      }),
  }),
  projectCompanies: t.stringList({
    authScopes: { permission: 'project.read' },
    description: 'Company names live projects are run with, for the company filter.',
    resolve: async (_r, _a, ctx) => {
      const rows = await ctx.db.project.findMany({
        where: { ...projectsWhere(ctx, {}), companyName: { not: null } },
        distinct: ['companyName'],
        select: { companyName: true },
        orderBy: { companyName: 'asc' },
      });
      return rows.map((r) => r.companyName as string);
    },
  }),
}));
