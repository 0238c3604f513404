import { builder } from '../../graphql/builder.ts';
import { canManageProject } from './projects.policy.ts';
import { projectsWhere, PROJECT_ORDER } from './projects.service.ts';

export const ProjectStateEnum = builder.enumType('ProjectState', {
  description: 'Legacy values: 1 preparing, 2 in progress, 3 paused, 4 finished, 5 cancelled.',
  values: {
    PREPARING: { value: 1, description: '1: being prepared (the state of a new project).' },
    IN_PROGRESS: { value: 2, description: '2: in progress.' },
    PAUSED: { value: 3, description: '3: paused.' },
    FINISHED: { value: 4, description: '4: finished (no new tasks).' },
    CANCELLED: { value: 5, description: '5: cancelled (no new tasks).' },
  } as const,
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
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the project (projectId on the legacy door).' }),
    name: t.exposeString('name', { description: "The project's name." }),
    nameEn: t.exposeString('nameEn', { description: 'The English name.', nullable: true }),
    code: t.exposeString('code', { description: 'The project code (unique).' }),
    state: t.field({ description: 'Where the project stands.', type: ProjectStateEnum, resolve: (p) => p.stateCode as 1 | 2 | 3 | 4 | 5 }),
    manager: t.relation('manager', { description: "The project's manager (may edit it, its members and files).", nullable: true }),
    description: t.exposeString('description', { description: 'What the project is, free text.', nullable: true }),
    startDate: t.expose('startDate', { description: 'First day (a calendar day).', type: 'Date', nullable: true }),
    endDate: t.expose('endDate', { description: 'Last day (a calendar day), not before startDate.', type: 'Date', nullable: true }),
    companyName: t.exposeString('companyName', { nullable: true, description: 'The partner company the project is run with or for.' }),
    createdBy: t.relation('createdBy', { description: 'Who created the project.', nullable: true }),
    createdAt: t.expose('createdAt', { description: 'When it was created (instant).', type: 'DateTime' }),
    deleted: t.boolean({
      description: 'Deleted projects stay readable from the tasks and schedule entries that name them, but leave every list.',
      resolve: (p) => p.deletedAt !== null,
    }),
    members: t.relatedConnection('members', { description: "The project's members, in the order they joined.", cursor: 'id', totalCount: true, query: { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] } }),
    files: t.relatedConnection('files', { description: 'Files attached to the project, newest first.', cursor: 'id', totalCount: true, query: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] } }),
    isFocused: t.boolean({
      description: 'Whether the caller follows this project.',
      select: (_args, ctx) => ({ focuses: { where: { userId: ctx.actor?.id ?? -1 }, select: { userId: true } } }),
      resolve: (p) => p.focuses.length > 0,
    }),
    viewerIsMember: t.boolean({
      description: 'Whether the caller is a member of the project (members may upload files).',
      select: (_args, ctx) => ({ members: { where: { userId: ctx.actor?.id ?? -1 }, select: { id: true }, take: 1 } }),
      resolve: (p) => p.members.length > 0,
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
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the member.' }),
    project: t.relation('project', { description: 'The project.' }),
    user: t.relation('user', { description: 'The staff member.' }),
    duty: t.exposeString('duty', { description: 'What they do on the project.', nullable: true }),
    joinedOn: t.expose('joinedOn', { description: 'The day they joined.', type: 'Date', nullable: true }),
    remark: t.exposeString('remark', { description: 'A free remark.', nullable: true }),
    imageUrl: t.string({
      nullable: true,
      description: 'Where the member image is downloaded (send the token as a header).',
      resolve: (m) => (m.imageKey ? memberImagePath(m.id) : null),
    }),
    timeline: t.relatedConnection('timeline', { description: 'What they did, newest first.', cursor: 'id', totalCount: true, query: { orderBy: [{ happenedOn: 'desc' }, { id: 'desc' }] } }),
    createdAt: t.expose('createdAt', { description: 'When they were added (instant).', type: 'DateTime' }),
  }),
});

export const ProjectTimelineEntryNode = builder.prismaNode('ProjectTimelineEntry', {
  nullable: true,
  id: { field: 'id' },
  authScopes: { permission: 'project.read' },
  description: "One entry of a project member's timeline.",
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the entry.' }),
    member: t.relation('member', { description: 'The project member it belongs to.' }),
    happenedOn: t.expose('happenedOn', { description: 'The day it happened.', type: 'Date' }),
    content: t.exposeString('content', { description: 'What happened, plain text.' }),
    createdAt: t.expose('createdAt', { description: 'When the entry was written (instant).', type: 'DateTime' }),
  }),
});

export const ProjectFileNode = builder.prismaNode('ProjectFile', {
  nullable: true,
  id: { field: 'id' },
  authScopes: { permission: 'project.read' },
  description: 'A file attached to a project.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the file.' }),
    project: t.relation('project', { description: 'The project.' }),
    fileName: t.exposeString('fileName', { description: 'The file name as uploaded (made safe).' }),
    mimeType: t.exposeString('mimeType', { description: 'The MIME type recognised from the content.' }),
    size: t.exposeInt('size', { description: 'Bytes.' }),
    uploadedBy: t.relation('uploadedBy', { description: 'Who uploaded it.', nullable: true }),
    downloadUrl: t.string({ description: 'Where the file is downloaded (send the token as a header).', resolve: (f) => projectFilePath(f.id) }),
    createdAt: t.expose('createdAt', { description: 'When it was uploaded (instant).', type: 'DateTime' }),
  }),
});

const ProjectFilter = builder.inputType('ProjectFilter', {
  description: 'Narrows `projects`; every given condition must hold.',
  fields: (t) => ({
    excludeStates: t.field({ type: [ProjectStateEnum], description: 'Leave out these states (the legacy list leaves out FINISHED and CANCELLED).' }),
    states: t.field({ description: 'Only projects in these states.', type: [ProjectStateEnum] }),
    search: t.string({ description: 'Matches name, English name or code, literally.' }),
    managerId: t.int({ description: 'Database id of the project manager.' }),
    companyName: t.string({ description: 'Only projects run with this company (exact name).' }),
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
    description: 'Live (not deleted) projects, newest first. Rights: project.read (staff).',
    args: {
      excludeStates: t.arg({ type: [ProjectStateEnum], description: 'Leave out these states.', deprecationReason: 'Use `filter: { excludeStates }`, which does the same.' }),
      filter: t.arg({ description: 'Conditions on states, name, manager, company and member.', type: ProjectFilter }),
    },
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
    description: 'Live projects the caller follows, newest first. Rights: project.read (staff).',
    resolve: (query, _r, _a, ctx) =>
      ctx.db.project.findMany({
        ...query,
        where: { AND: [projectsWhere(ctx, {}), { focuses: { some: { userId: ctx.actor?.id ?? -1 } } }] },
        orderBy: PROJECT_ORDER,
      }),
  }),
  projectCompanies: t.stringList({
    authScopes: { permission: 'project.read' },
    description: 'Company names live projects are run with, for the company filter, alphabetically. Rights: project.read (staff).',
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
