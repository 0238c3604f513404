import { atDoor } from '../../lib/validate.ts';
import type { ServiceContext } from '../../context.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { translate } from '../../i18n/catalogue.ts';
import { downloadResponse, uploadedFile } from '../../lib/upload.ts';
import { requireActor } from '../../policy.ts';
import { BOTH, type RestRoute } from '../../rest/adapter.ts';
import type { Params, ParsedRequest } from '../../rest/body.ts';
import { readPage } from '../../rest/envelope.ts';
import { first, num, withCondition } from '../../rest/params.ts';
import { formatDate, formatDateTime } from '../../lib/wall-time.ts';
import { memberImagePath, projectFilePath } from './projects.node.ts';
import {
  createProject,
  deleteProjectFile,
  deleteProjects,
  deleteTimelineEntry,
  findProject,
  focusedProjectIds,
  getFile,
  getMember,
  getProject,
  listFiles,
  listFocus,
  listMembers,
  listProjects,
  listProjectsPage,
  listUsersForProject,
  removeProjectMembers,
  saveProjectMember,
  setProjectFocus,
  updateProject,
  uploadMemberImage,
  uploadProjectFile,
  type FileRow,
  type MemberRow,
  type ProjectFilter,
  type ProjectRow,
  projectIdInput,
  membersInput,
  filesInput,
  fileIdInput,
  usersForProjectInput,
  deleteProjectsInput,
  projectFocusInput,
  saveMemberInput,
  timelineEntryIdInput,
  memberImageInput,
  projectFileInput,
  deleteFileInput,
  findProjectInput,
  memberKeyInput,
  removeMembersInput,
} from './projects.service.ts';
import { projectsErrors } from './projects.errors.ts';

/** Legacy `notInProjectStateStr`: "4,5" (or an array of states). */
function parseStateList(raw: unknown): number[] {
  if (raw === undefined || raw === null || raw === '') return [];
  const parts = Array.isArray(raw) ? raw : String(raw).split(',');
  const out = parts.map((p) => Number(String(p).trim())).filter((n) => Number.isInteger(n));
  if (out.length !== parts.filter((p) => String(p).trim() !== '').length) throw new ValidationError('validation.invalid', { field: 'notInProjectStateStr' });
  return out;
}

const wholeNumber = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

function legacyFilter(ctx: ServiceContext, p: Params): ProjectFilter {
  // Authenticate before reading the filter, so a caller without a token is told to log in.
  requireActor(ctx);
  const c = withCondition(p);
  return {
    excludeStates: parseStateList(c.notInProjectStateStr),
    states: c.state !== undefined && c.state !== '' ? parseStateList(c.state) : null,
    search: typeof first(c.searchKey, c.name, c.projectName) === 'string' ? (first(c.searchKey, c.name, c.projectName) as string) : null,
    managerId: wholeNumber(num(c.managerId)),
    companyName: typeof c.companyName === 'string' && c.companyName ? c.companyName : null,
    userId: wholeNumber(num(c.userId)),
  };
}

export function projectJson(ctx: ServiceContext, p: ProjectRow, focused?: Set<number>) {
  const zone = requireActor(ctx).timeZone;
  const stateName = ctx.lang === 'en' ? p.state.nameEn : p.state.name;
  return {
    id: p.id,
    name: p.name,
    projectName: p.name,
    nameEn: p.nameEn,
    code: p.code,
    projectCode: p.code,
    state: p.stateCode,
    stateName,
    managerId: p.managerId,
    managerName: p.manager?.name ?? null,
    projectManager: p.manager?.name ?? null,
    description: p.description,
    startDate: formatDate(p.startDate),
    endDate: formatDate(p.endDate),
    companyName: p.companyName,
    createById: p.createdById,
    createByName: p.createdBy?.name ?? null,
    createTime: formatDateTime(p.createdAt, zone),
    memberCount: p._count.members,
    fileCount: p._count.files,
    isFocus: focused ? focused.has(p.id) : undefined,
  };
}

function memberJson(ctx: ServiceContext, m: MemberRow) {
  const zone = requireActor(ctx).timeZone;
  return {
    id: m.id,
    projectId: m.projectId,
    userId: m.userId,
    userName: m.user.name,
    userNameEn: m.user.nameEn,
    account: m.user.account,
    duty: m.duty,
    joinDate: formatDate(m.joinedOn),
    remark: m.remark,
    imgUrl: m.imageKey ? memberImagePath(m.id) : null,
    createTime: formatDateTime(m.createdAt, zone),
    userProjectTimeLineList: m.timeline.map((e) => ({
      id: e.id,
      userProjectId: m.id,
      happenDate: formatDate(e.happenedOn),
      content: e.content,
      createTime: formatDateTime(e.createdAt, zone),
    })),
  };
}

function fileJson(ctx: ServiceContext, f: FileRow) {
  return {
    id: f.id,
    projectId: f.projectId,
    fileName: f.fileName,
    fileSize: f.size,
    fileType: f.mimeType,
    url: projectFilePath(f.id),
    uploadUserId: f.uploadedById,
    uploadUserName: f.uploadedBy?.name ?? null,
    createTime: formatDateTime(f.createdAt, requireActor(ctx).timeZone),
  };
}

/** Kept for importers of this module (server/lib/upload.ts holds the one implementation). */
export { uploadedFile };

/** Legacy member form: timeline under `userProjectTimeLineList` (or `timeline`), days as `happenDate`. */
function memberInput(p: Params) {
  const list = first(p.userProjectTimeLineList, p.timelineList, p.timeline);
  return {
    id: first(p.id, p.userProjectId),
    projectId: p.projectId,
    userId: p.userId,
    duty: p.duty,
    joinedOn: first(p.joinDate, p.joinedOn),
    remark: p.remark,
    imageKey: p.imageKey,
    timeline: Array.isArray(list)
      ? list.map((e) => {
          const entry = (e ?? {}) as Params;
          return { id: first(entry.id), happenedOn: first(entry.happenDate, entry.happenedOn, entry.date), content: entry.content };
        })
      : list,
  };
}

async function pageOfProjects(ctx: ServiceContext, req: ParsedRequest) {
  const page = readPage(req.params);
  const { rows, total } = await listProjectsPage(ctx, legacyFilter(ctx, req.params), page);
  const focused = await focusedProjectIds(
    ctx,
    rows.map((r) => r.id),
  );
  return { currentPage: page.currentPage, pageSize: page.requestedPageSize, rows: total, resultList: rows.map((r) => projectJson(ctx, r, focused)) };
}

export const projectRoutes: RestRoute[] = [
  { path: '/api/admin/project/list', methods: BOTH, handler: async (ctx, req) => ({ data: await pageOfProjects(ctx, req) }) },
  {
    path: '/api/admin/project/add',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = req.params;
      const input = {
        name: first(p.name, p.projectName),
        nameEn: p.nameEn,
        code: first(p.code, p.projectCode),
        state: first(p.state),
        managerId: first(p.managerId, p.projectManagerId),
        description: p.description,
        startDate: p.startDate,
        endDate: p.endDate,
        companyName: p.companyName,
      };
      const id = first(p.id);
      const result = id ? await updateProject(ctx, { ...input, id }) : await createProject(ctx, input);
      return { data: result, message: String(result.id) };
    },
  },
  {
    path: '/api/admin/project/del',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = req.params;
      const page = readPage(p);
      const result = await deleteProjects(ctx, atDoor(deleteProjectsInput, { ids: first(p.ids, p.selIds, p.id), currentPage: page.currentPage, pageSize: page.pageSize }), legacyFilter(ctx, p));
      return { data: result, message: translate(ctx.lang, 'project.deleted') };
    },
  },
  {
    path: '/api/admin/project/listAllProject',
    methods: BOTH,
    handler: async (ctx, req) => {
      const rows = await listProjects(ctx, legacyFilter(ctx, req.params));
      return { data: rows.map((r) => projectJson(ctx, r)) };
    },
  },
  {
    path: '/api/admin/project/listProjectByCompanyAndUser',
    methods: BOTH,
    handler: async (ctx, req) => {
      const actor = requireActor(ctx);
      const f = legacyFilter(ctx, req.params);
      const rows = await listProjects(ctx, { ...f, userId: f.userId ?? actor.id });
      return { data: rows.map((r) => projectJson(ctx, r)) };
    },
  },
  {
    path: '/api/admin/project/members',
    methods: BOTH,
    handler: async (ctx, req) => ({ data: (await listMembers(ctx, atDoor(membersInput, { projectId: withCondition(req.params).projectId ?? req.params.id }))).map((m) => memberJson(ctx, m)) }),
  },
  {
    path: '/api/admin/project/listUploadFile',
    methods: BOTH,
    handler: async (ctx, req) => ({ data: (await listFiles(ctx, atDoor(filesInput, { projectId: withCondition(req.params).projectId ?? req.params.id }))).map((f) => fileJson(ctx, f)) }),
  },
  {
    path: '/api/admin/project/listProjectFocus',
    methods: BOTH,
    handler: async (ctx) => {
      const rows = await listFocus(ctx);
      const zone = requireActor(ctx).timeZone;
      return { data: rows.map((r) => ({ projectId: r.projectId, focusTime: formatDateTime(r.createdAt, zone), ...projectJson(ctx, r.project), isFocus: true })) };
    },
  },
  {
    path: '/api/admin/project/saveProjectFocus',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = req.params;
      const focus = p.focus === undefined ? true : p.focus === true || p.focus === 'true' || p.focus === 1 || p.focus === '1';
      return { data: await setProjectFocus(ctx, atDoor(projectFocusInput, { projectId: p.projectId, focus })) };
    },
  },
  {
    path: '/api/admin/project/getProjectDetailByCondition',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const row = await findProject(ctx, atDoor(findProjectInput, { id: first(c.id, c.projectId), code: first(c.code, c.projectCode), name: first(c.name, c.projectName) }));
      return { data: projectJson(ctx, row, await focusedProjectIds(ctx, [row.id])) };
    },
  },
  {
    path: '/api/admin/project/getProjectDetailById',
    methods: BOTH,
    handler: async (ctx, req) => {
      const row = await getProject(ctx, atDoor(projectIdInput, { id: first(req.params.id, req.params.projectId) }));
      const [members, files, focused] = await Promise.all([listMembers(ctx, atDoor(membersInput, { projectId: row.id })), listFiles(ctx, atDoor(filesInput, { projectId: row.id })), focusedProjectIds(ctx, [row.id])]);
      return {
        data: { ...projectJson(ctx, row, focused), persons: members.map((m) => memberJson(ctx, m)), files: files.map((f) => fileJson(ctx, f)) },
      };
    },
  },
  {
    path: '/api/admin/project/user/delete',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = req.params;
      const ids = first(p.ids, p.id);
      const result = await removeProjectMembers(ctx, atDoor(removeMembersInput, ids ? { ids } : { projectId: p.projectId, userId: p.userId }));
      return { data: result, message: translate(ctx.lang, 'toast.deleted') };
    },
  },
  {
    path: '/api/admin/project/downloadFile',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const file = await getFile(ctx, atDoor(fileIdInput, { id: req.params.id }));
      const res = await downloadResponse(ctx, file.storageKey, { fileName: file.fileName, mime: file.mimeType });
      if (!res) throw projectsErrors.rule('NOT_FOUND', 'project.fileNotFound');
      return res;
    },
  },
  {
    path: '/api/admin/project/member/image',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const member = await getMember(ctx, atDoor(memberKeyInput, { id: req.params.id }));
      const res = member.imageKey ? await downloadResponse(ctx, member.imageKey, { fileName: `member-${member.id}.${member.imageKey.split('.').pop()}`, mime: imageMime(member.imageKey), inline: true }) : null;
      if (!res) throw new NotFoundError();
      return res;
    },
  },
  {
    path: '/api/upload/project/uploadProjectFile',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const result = await uploadProjectFile(ctx, atDoor(projectFileInput, { projectId: req.params.projectId }), uploadedFile(req));
      return { data: fileJson(ctx, await getFile(ctx, atDoor(fileIdInput, { id: result.id }))) };
    },
  },
  {
    path: '/api/upload/project/delUploadFile',
    methods: BOTH,
    handler: async (ctx, req) => ({ data: await deleteProjectFile(ctx, atDoor(deleteFileInput, { id: first(req.params.id, req.params.fileId) })), message: translate(ctx.lang, 'toast.deleted') }),
  },
  // Project members ("auth/user/project").
  {
    path: '/api/admin/auth/user/project/detail',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = req.params;
      const id = first(p.id, p.userProjectId);
      return { data: memberJson(ctx, await getMember(ctx, atDoor(memberKeyInput, id ? { id } : { projectId: p.projectId, userId: p.userId }))) };
    },
  },
  {
    path: '/api/admin/auth/user/project/save',
    methods: BOTH,
    handler: async (ctx, req) => {
      const saved = await saveProjectMember(ctx, atDoor(saveMemberInput, memberInput(req.params)));
      return { data: memberJson(ctx, await getMember(ctx, atDoor(memberKeyInput, { id: saved.id }))), message: String(saved.id) };
    },
  },
  {
    path: '/api/admin/auth/user/project/timeline/del',
    methods: BOTH,
    handler: async (ctx, req) => ({
      data: await deleteTimelineEntry(ctx, atDoor(timelineEntryIdInput, { id: first(req.params.userProjectTimeLineId, req.params.id) })),
      message: translate(ctx.lang, 'toast.deleted'),
    }),
  },
  {
    path: '/api/admin/auth/user/project/uploadImg',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const stored = await uploadMemberImage(ctx, atDoor(memberImageInput, { memberId: first(p.memberId, p.id, p.userProjectId) }), uploadedFile(req));
      return {
        data: {
          memberId: stored.memberId,
          imageKey: stored.key,
          url: stored.memberId ? memberImagePath(stored.memberId) : null,
          fileName: stored.fileName,
          size: stored.size,
          type: stored.mime,
        },
      };
    },
  },
  {
    path: '/api/admin/user/listUsers4Project',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const page = readPage(req.params);
      const { rows, total } = await listUsersForProject(ctx, atDoor(usersForProjectInput, { projectId: first(c.projectId), searchKey: first(c.searchKey, c.name), onlyMembers: c.onlyMembers }), page);
      return { data: { currentPage: page.currentPage, pageSize: page.pageSize, rows: total, resultList: rows } };
    },
  },
];

function imageMime(key: string): string {
  const ext = key.split('.').pop();
  return ext === 'jpg' ? 'image/jpeg' : `image/${ext}`;
}
