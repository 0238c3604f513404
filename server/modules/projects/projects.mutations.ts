import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId, localIds } from '../../graphql/ids.ts';
import { UserNode } from '../users/index.ts';
import { ProjectFileNode, ProjectMemberNode, ProjectNode, ProjectStateEnum, ProjectTimelineEntryNode } from './projects.node.ts';
import {
  createProject,
  deleteProjectFile,
  deleteProjects,
  deleteTimelineEntry,
  removeProjectMembers,
  saveProjectMember,
  setProjectFocus,
  updateProject,
  uploadMemberImage,
  uploadProjectFile,
} from './projects.service.ts';

const ProjectPayload = builder.objectRef<{ projectId: number }>('ProjectPayload').implement({
  description: 'The project as it is after the change.',
  fields: (t) => ({
    project: t.prismaField({ type: 'Project', resolve: (query, p, _a, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: p.projectId } }) }),
  }),
});

const CreateProjectInput = builder.inputType('CreateProjectInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    nameEn: t.string(),
    code: t.string({ description: 'Unique; generated when left out.' }),
    state: t.field({ type: ProjectStateEnum, description: 'PREPARING when left out.' }),
    managerId: t.globalID({ for: [UserNode] }),
    description: t.string(),
    startDate: t.field({ type: 'Date' }),
    endDate: t.field({ type: 'Date' }),
    companyName: t.string(),
  }),
});

const UpdateProjectInput = builder.inputType('UpdateProjectInput', {
  description: 'Fields left out stay as they are; null clears an optional field.',
  fields: (t) => ({
    projectId: t.globalID({ required: true, for: [ProjectNode] }),
    name: t.string(),
    nameEn: t.string(),
    code: t.string(),
    state: t.field({ type: ProjectStateEnum }),
    managerId: t.globalID({ for: [UserNode] }),
    description: t.string(),
    startDate: t.field({ type: 'Date' }),
    endDate: t.field({ type: 'Date' }),
    companyName: t.string(),
  }),
});

const DeleteProjectsInput = builder.inputType('DeleteProjectsInput', {
  fields: (t) => ({
    projectIds: t.globalIDList({ required: true, for: [ProjectNode] }),
    currentPage: t.int({ description: 'The page of the list the caller shows (1-based), to learn which page to show next.' }),
    pageSize: t.int(),
    excludeStates: t.field({ type: [ProjectStateEnum], description: 'The filter of the list the caller shows.' }),
  }),
});

const DeleteProjectsPayload = builder.objectRef<{ deletedIds: number[]; currentPage: number; pageSize: number; rows: number }>('DeleteProjectsPayload').implement({
  fields: (t) => ({
    deletedProjectIds: t.idList({ resolve: (p) => p.deletedIds.map((id) => Buffer.from(`Project:${id}`).toString('base64')) }),
    currentPage: t.exposeInt('currentPage', { description: 'The page to show now: one back when the deletion emptied a page above 1.' }),
    totalCount: t.exposeInt('rows', { description: 'Rows left in the list.' }),
  }),
});

const ProjectRefInput = builder.inputType('ProjectRefInput', {
  fields: (t) => ({ projectId: t.globalID({ required: true, for: [ProjectNode] }) }),
});

const TimelineEntryInput = builder.inputType('ProjectTimelineEntryInput', {
  fields: (t) => ({
    entryId: t.globalID({ for: [ProjectTimelineEntryNode], description: 'Edit this entry; leave out to add one.' }),
    happenedOn: t.field({ type: 'Date', required: true }),
    content: t.string({ required: true }),
  }),
});

const SaveProjectMemberInput = builder.inputType('SaveProjectMemberInput', {
  description: 'Give memberId to edit a member, or projectId and userId to add one.',
  fields: (t) => ({
    memberId: t.globalID({ for: [ProjectMemberNode] }),
    projectId: t.globalID({ for: [ProjectNode] }),
    userId: t.globalID({ for: [UserNode] }),
    duty: t.string(),
    joinedOn: t.field({ type: 'Date' }),
    remark: t.string(),
    timeline: t.field({ type: [TimelineEntryInput], description: 'Entries to add or edit.' }),
  }),
});

const MemberPayload = builder.objectRef<{ id: number; projectId: number }>('ProjectMemberPayload').implement({
  fields: (t) => ({
    member: t.prismaField({ type: 'ProjectMember', resolve: (query, p, _a, ctx) => ctx.db.projectMember.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
    project: t.prismaField({ type: 'Project', resolve: (query, p, _a, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: p.projectId } }) }),
  }),
});

const RemoveMemberPayload = builder.objectRef<{ removedIds: number[]; projectId: number }>('RemoveProjectMemberPayload').implement({
  fields: (t) => ({
    removedMemberIds: t.idList({ resolve: (p) => p.removedIds.map((id) => Buffer.from(`ProjectMember:${id}`).toString('base64')) }),
    project: t.prismaField({ type: 'Project', resolve: (query, p, _a, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: p.projectId } }) }),
  }),
});

const TimelineDeletePayload = builder.objectRef<{ id: number; memberId: number }>('DeleteProjectTimelineEntryPayload').implement({
  fields: (t) => ({
    deletedEntryId: t.id({ resolve: (p) => Buffer.from(`ProjectTimelineEntry:${p.id}`).toString('base64') }),
    member: t.prismaField({ type: 'ProjectMember', resolve: (query, p, _a, ctx) => ctx.db.projectMember.findUniqueOrThrow({ ...query, where: { id: p.memberId } }) }),
  }),
});

const FilePayload = builder.objectRef<{ id: number; projectId: number }>('UploadProjectFilePayload').implement({
  fields: (t) => ({
    file: t.prismaField({ type: 'ProjectFile', resolve: (query, p, _a, ctx) => ctx.db.projectFile.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
    project: t.prismaField({ type: 'Project', resolve: (query, p, _a, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: p.projectId } }) }),
  }),
});

const FileDeletePayload = builder.objectRef<{ id: number; projectId: number }>('DeleteProjectFilePayload').implement({
  fields: (t) => ({
    deletedFileId: t.id({ resolve: (p) => Buffer.from(`ProjectFile:${p.id}`).toString('base64') }),
    project: t.prismaField({ type: 'Project', resolve: (query, p, _a, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: p.projectId } }) }),
  }),
});

builder.mutationFields((t) => ({
  createProject: t.field({
    type: ProjectPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: CreateProjectInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const { id } = await createProject(ctx, { ...input, managerId: localId(input.managerId, 'User') });
      return { projectId: id };
    },
  }),
  updateProject: t.field({
    type: ProjectPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: UpdateProjectInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const { projectId, ...rest } = input;
      const { id } = await updateProject(ctx, { ...rest, id: localId(projectId, 'Project'), managerId: localId(input.managerId, 'User') });
      return { projectId: id };
    },
  }),
  deleteProjects: t.field({
    type: DeleteProjectsPayload,
    errors: mutationErrors,
    description: 'Deletes projects; answers the page the list should show next.',
    args: { input: t.arg({ type: DeleteProjectsInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      deleteProjects(ctx, { ids: localIds(input.projectIds, 'Project'), currentPage: input.currentPage ?? undefined, pageSize: input.pageSize ?? undefined }, { excludeStates: input.excludeStates ?? [] }),
  }),
  focusProject: t.field({
    type: ProjectPayload,
    errors: mutationErrors,
    description: 'The caller follows the project.',
    args: { input: t.arg({ type: ProjectRefInput, required: true }) },
    resolve: (_r, { input }, ctx) => setProjectFocus(ctx, { projectId: localId(input.projectId, 'Project'), focus: true }),
  }),
  unfocusProject: t.field({
    type: ProjectPayload,
    errors: mutationErrors,
    description: 'The caller stops following the project.',
    args: { input: t.arg({ type: ProjectRefInput, required: true }) },
    resolve: (_r, { input }, ctx) => setProjectFocus(ctx, { projectId: localId(input.projectId, 'Project'), focus: false }),
  }),
  saveProjectMember: t.field({
    type: MemberPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: SaveProjectMemberInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      saveProjectMember(ctx, {
        id: localId(input.memberId, 'ProjectMember') ?? undefined,
        projectId: localId(input.projectId, 'Project') ?? undefined,
        userId: localId(input.userId, 'User') ?? undefined,
        duty: input.duty,
        joinedOn: input.joinedOn,
        remark: input.remark,
        timeline: input.timeline?.map((e) => ({ id: localId(e.entryId, 'ProjectTimelineEntry') ?? undefined, happenedOn: e.happenedOn, content: e.content })),
      }),
  }),
  removeProjectMember: t.field({
    type: RemoveMemberPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: builder.inputType('RemoveProjectMemberInput', { fields: (f) => ({ memberId: f.globalID({ required: true, for: [ProjectMemberNode] }) }) }), required: true }) },
    resolve: (_r, { input }, ctx) => removeProjectMembers(ctx, { ids: [localId(input.memberId, 'ProjectMember')] }),
  }),
  deleteProjectTimelineEntry: t.field({
    type: TimelineDeletePayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        type: builder.inputType('DeleteProjectTimelineEntryInput', { fields: (f) => ({ entryId: f.globalID({ required: true, for: [ProjectTimelineEntryNode] }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteTimelineEntry(ctx, { id: localId(input.entryId, 'ProjectTimelineEntry') }),
  }),
  uploadProjectMemberImage: t.field({
    type: MemberPayload,
    errors: mutationErrors,
    description: 'Sets the member image (png, jpeg, gif or webp, at most 5 MB); send the file with the GraphQL multipart request.',
    args: {
      input: t.arg({
        type: builder.inputType('UploadProjectMemberImageInput', {
          fields: (f) => ({ memberId: f.globalID({ required: true, for: [ProjectMemberNode] }), file: f.field({ type: 'File', required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const stored = await uploadMemberImage(ctx, { memberId: localId(input.memberId, 'ProjectMember') }, input.file);
      const member = await ctx.db.projectMember.findUniqueOrThrow({ where: { id: stored.memberId as number }, select: { id: true, projectId: true } });
      return member;
    },
  }),
  uploadProjectFile: t.field({
    type: FilePayload,
    errors: mutationErrors,
    description: 'Attaches a file (office documents, PDF, images, plain text; at most 20 MB) sent with the GraphQL multipart request.',
    args: {
      input: t.arg({
        type: builder.inputType('UploadProjectFileInput', {
          fields: (f) => ({ projectId: f.globalID({ required: true, for: [ProjectNode] }), file: f.field({ type: 'File', required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => uploadProjectFile(ctx, { projectId: localId(input.projectId, 'Project') }, input.file),
  }),
  deleteProjectFile: t.field({
    type: FileDeletePayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        type: builder.inputType('DeleteProjectFileInput', { fields: (f) => ({ fileId: f.globalID({ required: true, for: [ProjectFileNode] }) }) }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteProjectFile(ctx, { id: localId(input.fileId, 'ProjectFile') }),
  }),
}));
