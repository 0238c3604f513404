/** The authorisation matrix of the projects module's writes, on both doors (see ../content-matrix.ts). */
import { PDF, PNG } from '../uploads.ts';
import { describeContentMatrix, gid, m, newFile, newMember, newProject, POLICY, userIds, type Case } from '../content-matrix.ts';

const CASES: Case[] = [
  {
    name: 'create project',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('createProject', 'CreateProjectInput'), variables: { input: { name: '新项目' } } }),
    rest: async () => ({ path: '/api/admin/project/add.htm', json: { name: '新项目' } }),
  },
  {
    name: 'update project',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('updateProject', 'UpdateProjectInput'), variables: { input: { projectId: gid('Project', await newProject()), name: '改名' } } }),
    rest: async () => ({ path: '/api/admin/project/add.htm', json: { id: await newProject(), name: '改名' } }),
  },
  {
    name: 'delete projects',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('deleteProjects', 'DeleteProjectsInput'), variables: { input: { projectIds: [gid('Project', await newProject())] } } }),
    rest: async () => ({ path: '/api/admin/project/del.htm', json: { ids: [await newProject()] } }),
  },
  {
    name: 'focus a project',
    allowed: POLICY['project.focus'],
    gql: async () => ({ query: m('focusProject', 'ProjectRefInput'), variables: { input: { projectId: gid('Project', await newProject()) } } }),
    rest: async () => ({ path: '/api/admin/project/saveProjectFocus.htm', json: { projectId: await newProject(), focus: true } }),
  },
  {
    name: 'unfocus a project',
    allowed: POLICY['project.focus'],
    gql: async () => ({ query: m('unfocusProject', 'ProjectRefInput'), variables: { input: { projectId: gid('Project', await newProject()) } } }),
    rest: async () => ({ path: '/api/admin/project/saveProjectFocus.htm', json: { projectId: await newProject(), focus: false } }),
  },
  {
    name: 'add a project member with a timeline',
    allowed: POLICY['project.manage'],
    gql: async () => ({
      query: m('saveProjectMember', 'SaveProjectMemberInput'),
      variables: { input: { projectId: gid('Project', await newProject()), userId: gid('User', userIds.consultant), duty: '顾问', timeline: [{ happenedOn: '2026-09-01', content: '加入' }] } },
    }),
    rest: async () => ({ path: '/api/admin/auth/user/project/save.htm', json: { projectId: await newProject(), userId: userIds.consultant, userProjectTimeLineList: [{ happenDate: '2026-09-01', content: '加入' }] } }),
  },
  {
    name: 'remove a project member',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('removeProjectMember', 'RemoveProjectMemberInput'), variables: { input: { memberId: gid('ProjectMember', (await newMember()).memberId) } } }),
    rest: async () => ({ path: '/api/admin/project/user/delete.htm', json: { id: (await newMember()).memberId } }),
  },
  {
    name: 'delete a timeline entry',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('deleteProjectTimelineEntry', 'DeleteProjectTimelineEntryInput'), variables: { input: { entryId: gid('ProjectTimelineEntry', (await newMember()).entryId) } } }),
    rest: async () => ({ path: '/api/admin/auth/user/project/timeline/del.htm', json: { userProjectTimeLineId: (await newMember()).entryId } }),
  },
  {
    name: 'upload a member image',
    allowed: POLICY['project.manage'],
    gql: async () => ({
      query: m('uploadProjectMemberImage', 'UploadProjectMemberImageInput'),
      variables: { memberId: gid('ProjectMember', (await newMember()).memberId) },
      upload: { bytes: PNG, name: 'me.png', type: 'image/png' },
    }),
    rest: async () => ({ path: '/api/admin/auth/user/project/uploadImg.htm', form: { fields: { id: (await newMember()).memberId }, file: { bytes: PNG, name: 'me.png', type: 'image/png' } } }),
  },
  {
    name: 'upload a project file (not a member)',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('uploadProjectFile', 'UploadProjectFileInput'), variables: { projectId: gid('Project', await newProject()) }, upload: { bytes: PDF, name: 'plan.pdf', type: 'application/pdf' } }),
    rest: async () => ({ path: '/api/upload/project/uploadProjectFile.htm', form: { fields: { projectId: await newProject() }, file: { bytes: PDF, name: 'plan.pdf', type: 'application/pdf' } } }),
  },
  {
    name: 'delete a project file (uploaded by someone else)',
    allowed: POLICY['project.manage'],
    gql: async () => ({ query: m('deleteProjectFile', 'DeleteProjectFileInput'), variables: { input: { fileId: gid('ProjectFile', await newFile()) } } }),
    rest: async () => ({ path: '/api/upload/project/delUploadFile.htm', json: { id: await newFile() } }),
  },
];

describeContentMatrix('projects', CASES);
