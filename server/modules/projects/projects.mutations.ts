import { atDoor } from '../../lib/validate.ts';
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
  deleteProjectsInput,
  projectFocusInput,
  saveMemberInput,
  timelineEntryIdInput,
  memberImageInput,
  projectFileInput,
  deleteFileInput,
  removeMembersInput,
} from './projects.service.ts';

const ProjectPayload = builder.objectRef<{ projectId: number }>('ProjectPayload').implement({
  description: 'The project as it is after the change.',
  fields: (t) => ({
    project: t.prismaField({ description: 'The project after the change.', type: 'Project', resolve: (query, p, _a, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: p.projectId } }) }),
  }),
});

const CreateProjectInput = builder.inputType('CreateProjectInput', {
  description: 'A new project.',
  fields: (t) => ({
    name: t.string({ description: 'The name (required).', required: true }),
    nameEn: t.string({ description: 'The English name.' }),
    code: t.string({ description: 'Unique; generated when left out.' }),
    state: t.field({ type: ProjectStateEnum, description: 'PREPARING when left out.' }),
    managerId: t.globalID({ description: 'The project manager (a staff User).', for: [UserNode] }),
    description: t.string({ description: 'What the project is, free text.' }),
    startDate: t.field({ description: 'First day (yyyy-MM-dd).', type: 'Date' }),
    endDate: t.field({ description: 'Last day (yyyy-MM-dd), not before startDate.', type: 'Date' }),
    companyName: t.string({ description: 'The partner company the project is run with or for.' }),
  }),
});

const UpdateProjectInput = builder.inputType('UpdateProjectInput', {
  description: 'Fields left out stay as they are; null clears an optional field.',
  fields: (t) => ({
    projectId: t.globalID({ description: 'The Project to edit.', required: true, for: [ProjectNode] }),
    name: t.string({ description: 'New name (not empty).' }),
    nameEn: t.string({ description: 'New English name.' }),
    code: t.string({ description: 'New code (unique).' }),
    state: t.field({ description: 'New state (a new task cannot be created on a FINISHED or CANCELLED project).', type: ProjectStateEnum }),
    managerId: t.globalID({ description: 'New manager (a staff User); null clears.', for: [UserNode] }),
    description: t.string({ description: 'New description.' }),
    startDate: t.field({ description: 'New first day.', type: 'Date' }),
    endDate: t.field({ description: 'New last day.', type: 'Date' }),
    companyName: t.string({ description: 'New company name.' }),
  }),
});

const DeleteProjectsInput = builder.inputType('DeleteProjectsInput', {
  description: 'Projects to delete, and the list page the caller shows.',
  fields: (t) => ({
    projectIds: t.globalIDList({ description: 'The Projects to delete (all or none).', required: true, for: [ProjectNode] }),
    currentPage: t.int({ description: 'The page of the list the caller shows (1-based), to learn which page to show next.' }),
    pageSize: t.int({ description: 'The page size of that list.' }),
    excludeStates: t.field({ type: [ProjectStateEnum], description: 'The filter of the list the caller shows.' }),
  }),
});

const DeleteProjectsPayload = builder.objectRef<{ deletedIds: number[]; currentPage: number; pageSize: number; rows: number }>('DeleteProjectsPayload').implement({
  description: 'The projects deleted and where the list should go.',
  fields: (t) => ({
    deletedProjectIds: t.idList({ description: 'Global ids of the deleted Projects (for @deleteRecord).', resolve: (p) => p.deletedIds.map((id) => Buffer.from(`Project:${id}`).toString('base64')) }),
    currentPage: t.exposeInt('currentPage', { description: 'The page to show now: one back when the deletion emptied a page above 1.' }),
    totalCount: t.exposeInt('rows', { description: 'Rows left in the list.' }),
  }),
});

const ProjectRefInput = builder.inputType('ProjectRefInput', { description: 'A project to act on.', fields: (t) => ({ projectId: t.globalID({ description: 'The Project.', required: true, for: [ProjectNode] }) }) });

const TimelineEntryInput = builder.inputType('ProjectTimelineEntryInput', {
  description: 'A timeline entry of a project member.',
  fields: (t) => ({
    entryId: t.globalID({ for: [ProjectTimelineEntryNode], description: 'Edit this entry; leave out to add one.' }),
    happenedOn: t.field({ description: 'The day it happened (yyyy-MM-dd).', type: 'Date', required: true }),
    content: t.string({ description: 'What happened, plain text (required).', required: true }),
  }),
});

const SaveProjectMemberInput = builder.inputType('SaveProjectMemberInput', {
  description: 'Give memberId to edit a member, or projectId and userId to add one.',
  fields: (t) => ({
    memberId: t.globalID({ description: 'The ProjectMember to edit.', for: [ProjectMemberNode] }),
    projectId: t.globalID({ description: 'The Project to add a member to.', for: [ProjectNode] }),
    userId: t.globalID({ description: 'The staff member to add (an active staff User).', for: [UserNode] }),
    duty: t.string({ description: 'What they do on the project.' }),
    joinedOn: t.field({ description: 'The day they joined.', type: 'Date' }),
    remark: t.string({ description: 'A free remark.' }),
    timeline: t.field({ type: [TimelineEntryInput], description: 'Entries to add or edit.' }),
  }),
});

const MemberPayload = builder.objectRef<{ id: number; projectId: number }>('ProjectMemberPayload').implement({
  description: 'The member saved and its project.',
  fields: (t) => ({
    member: t.prismaField({ description: 'The member after the save.', type: 'ProjectMember', resolve: (query, p, _a, ctx) => ctx.db.projectMember.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
    project: t.prismaField({ description: 'The project.', type: 'Project', resolve: (query, p, _a, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: p.projectId } }) }),
  }),
});

const RemoveMemberPayload = builder.objectRef<{ removedIds: number[]; projectId: number }>('RemoveProjectMemberPayload').implement({
  description: 'The member removed and its project.',
  fields: (t) => ({
    removedMemberIds: t.idList({ description: 'Global ids of the removed ProjectMembers (for @deleteRecord).', resolve: (p) => p.removedIds.map((id) => Buffer.from(`ProjectMember:${id}`).toString('base64')) }),
    project: t.prismaField({ description: 'The project after the change.', type: 'Project', resolve: (query, p, _a, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: p.projectId } }) }),
  }),
});

const TimelineDeletePayload = builder.objectRef<{ id: number; memberId: number }>('DeleteProjectTimelineEntryPayload').implement({
  description: 'The timeline entry deleted.',
  fields: (t) => ({
    deletedEntryId: t.id({ description: 'Global id of the deleted ProjectTimelineEntry (for @deleteRecord).', resolve: (p) => Buffer.from(`ProjectTimelineEntry:${p.id}`).toString('base64') }),
    member: t.prismaField({ description: 'The member after the change.', type: 'ProjectMember', resolve: (query, p, _a, ctx) => ctx.db.projectMember.findUniqueOrThrow({ ...query, where: { id: p.memberId } }) }),
  }),
});

const FilePayload = builder.objectRef<{ id: number; projectId: number }>('UploadProjectFilePayload').implement({
  description: 'The file uploaded and its project.',
  fields: (t) => ({
    file: t.prismaField({ description: 'The new file.', type: 'ProjectFile', resolve: (query, p, _a, ctx) => ctx.db.projectFile.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
    project: t.prismaField({ description: 'The project.', type: 'Project', resolve: (query, p, _a, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: p.projectId } }) }),
  }),
});

const FileDeletePayload = builder.objectRef<{ id: number; projectId: number }>('DeleteProjectFilePayload').implement({
  description: 'The file deleted and its project.',
  fields: (t) => ({
    deletedFileId: t.id({ description: 'Global id of the deleted ProjectFile (for @deleteRecord).', resolve: (p) => Buffer.from(`ProjectFile:${p.id}`).toString('base64') }),
    project: t.prismaField({ description: 'The project after the change.', type: 'Project', resolve: (query, p, _a, ctx) => ctx.db.project.findUniqueOrThrow({ ...query, where: { id: p.projectId } }) }),
  }),
});

builder.mutationFields((t) => ({
  createProject: t.field({
    description:
      'Creates a project (state PREPARING unless given; code generated unless given). Rights: project.manage (managers). Errors: NAME_REQUIRED, INVALID_DATES (end before start), PROJECT_CODE_TAKEN, NOT_FOUND (manager), FORBIDDEN, INVALID_INPUT.',
    type: ProjectPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The new project.', type: CreateProjectInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const { id } = await createProject(ctx, { ...input, managerId: localId(input.managerId, 'User') });
      return { projectId: id };
    },
  }),
  updateProject: t.field({
    description: "Edits a project. Rights: project.manage, or the project's own manager. Errors: NOT_FOUND (missing or deleted), FORBIDDEN, NAME_REQUIRED, INVALID_DATES, PROJECT_CODE_TAKEN, INVALID_INPUT.",
    type: ProjectPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The project and the fields to change.', type: UpdateProjectInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const { projectId, ...rest } = input;
      const { id } = await updateProject(ctx, { ...rest, id: localId(projectId, 'Project'), managerId: localId(input.managerId, 'User') });
      return { projectId: id };
    },
  }),
  deleteProjects: t.field({
    type: DeleteProjectsPayload,
    errors: mutationErrors,
    description:
      'Deletes projects (they leave every list but stay readable from the tasks and entries that name them); all or none; answers the page the list should show next. Rights: project.manage (managers). Errors: NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The projects and the list page.', type: DeleteProjectsInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      deleteProjects(ctx, atDoor(deleteProjectsInput, { ids: localIds(input.projectIds, 'Project'), currentPage: input.currentPage ?? undefined, pageSize: input.pageSize ?? undefined }), {
        excludeStates: input.excludeStates ?? [],
      }),
  }),
  focusProject: t.field({
    type: ProjectPayload,
    errors: mutationErrors,
    description: 'The caller follows the project (it appears in focusedProjects). Rights: project.read. Errors: NOT_FOUND.',
    args: { input: t.arg({ description: 'The project to follow.', type: ProjectRefInput, required: true }) },
    resolve: (_r, { input }, ctx) => setProjectFocus(ctx, atDoor(projectFocusInput, { projectId: localId(input.projectId, 'Project'), focus: true })),
  }),
  unfocusProject: t.field({
    type: ProjectPayload,
    errors: mutationErrors,
    description: 'The caller stops following the project. Rights: project.read. Errors: NOT_FOUND.',
    args: { input: t.arg({ description: 'The project to stop following.', type: ProjectRefInput, required: true }) },
    resolve: (_r, { input }, ctx) => setProjectFocus(ctx, atDoor(projectFocusInput, { projectId: localId(input.projectId, 'Project'), focus: false })),
  }),
  saveProjectMember: t.field({
    description:
      "Adds a staff member to a project (projectId, userId) or edits a member (memberId), with timeline entries to add or edit. Rights: project.manage, or the project's own manager. Errors: INVALID_MEMBER (not an active staff member), NOT_FOUND, FORBIDDEN, INVALID_INPUT.",
    type: MemberPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The member and the changes.', type: SaveProjectMemberInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      saveProjectMember(
        ctx,
        atDoor(saveMemberInput, {
          id: localId(input.memberId, 'ProjectMember') ?? undefined,
          projectId: localId(input.projectId, 'Project') ?? undefined,
          userId: localId(input.userId, 'User') ?? undefined,
          duty: input.duty,
          joinedOn: input.joinedOn,
          remark: input.remark,
          timeline: input.timeline?.map((e) => ({ id: localId(e.entryId, 'ProjectTimelineEntry') ?? undefined, happenedOn: e.happenedOn, content: e.content })),
        }),
      ),
  }),
  removeProjectMember: t.field({
    description: "Removes a member (and their timeline) from a project. Rights: project.manage, or the project's own manager. Errors: NOT_FOUND, FORBIDDEN.",
    type: RemoveMemberPayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The member to remove.',
        type: builder.inputType('RemoveProjectMemberInput', {
          description: 'A project member to remove.',
          fields: (f) => ({ memberId: f.globalID({ description: 'The ProjectMember.', required: true, for: [ProjectMemberNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => removeProjectMembers(ctx, atDoor(removeMembersInput, { ids: [localId(input.memberId, 'ProjectMember')] })),
  }),
  deleteProjectTimelineEntry: t.field({
    description: "Deletes one timeline entry. Rights: project.manage, or the project's own manager. Errors: NOT_FOUND, FORBIDDEN.",
    type: TimelineDeletePayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The entry to delete.',
        type: builder.inputType('DeleteProjectTimelineEntryInput', {
          description: 'A timeline entry to delete.',
          fields: (f) => ({ entryId: f.globalID({ description: 'The ProjectTimelineEntry.', required: true, for: [ProjectTimelineEntryNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteTimelineEntry(ctx, atDoor(timelineEntryIdInput, { id: localId(input.entryId, 'ProjectTimelineEntry') })),
  }),
  uploadProjectMemberImage: t.field({
    type: MemberPayload,
    errors: mutationErrors,
    description:
      "Sets the member image (png, jpeg, gif or webp, at most 5 MB); send the file with the GraphQL multipart request. Rights: project.manage, or the project's own manager. Errors: NOT_FOUND, FORBIDDEN, and the upload checks (type, size, empty file).",
    args: {
      input: t.arg({
        description: 'The member and the image.',
        type: builder.inputType('UploadProjectMemberImageInput', {
          description: 'An image for a project member.',
          fields: (f) => ({
            memberId: f.globalID({ description: 'The ProjectMember.', required: true, for: [ProjectMemberNode] }),
            file: f.field({ description: 'The image (multipart upload).', type: 'File', required: true }),
          }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const stored = await uploadMemberImage(ctx, atDoor(memberImageInput, { memberId: localId(input.memberId, 'ProjectMember') }), input.file);
      const member = await ctx.db.projectMember.findUniqueOrThrow({ where: { id: stored.memberId as number }, select: { id: true, projectId: true } });
      return member;
    },
  }),
  uploadProjectFile: t.field({
    type: FilePayload,
    errors: mutationErrors,
    description:
      'Attaches a file (office documents, PDF, images, plain text; at most 20 MB) sent with the GraphQL multipart request. Rights: whoever manages the project, and its members. Errors: NOT_FOUND, FORBIDDEN, and the upload checks.',
    args: {
      input: t.arg({
        description: 'The project and the file.',
        type: builder.inputType('UploadProjectFileInput', {
          description: 'A file to attach to a project.',
          fields: (f) => ({ projectId: f.globalID({ description: 'The Project.', required: true, for: [ProjectNode] }), file: f.field({ description: 'The file (multipart upload).', type: 'File', required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => uploadProjectFile(ctx, atDoor(projectFileInput, { projectId: localId(input.projectId, 'Project') }), input.file),
  }),
  deleteProjectFile: t.field({
    description: 'Deletes a project file. Rights: its uploader (still a member) or whoever manages the project. Errors: NOT_FOUND, FORBIDDEN.',
    type: FileDeletePayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The file to delete.',
        type: builder.inputType('DeleteProjectFileInput', {
          description: 'A project file to delete.',
          fields: (f) => ({ fileId: f.globalID({ description: 'The ProjectFile.', required: true, for: [ProjectFileNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteProjectFile(ctx, atDoor(deleteFileInput, { id: localId(input.fileId, 'ProjectFile') })),
  }),
}));
