import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ForbiddenError, ValidationError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { searchText } from '../../lib/text.ts';
import { checkUpload, removeUpload, storeUpload, UPLOAD_POLICIES, type StoredUpload } from '../../lib/upload.ts';
import { dbId, dbIdList, parseInput, z, inputOf, type Parsed } from '../../lib/validate.ts';
import { authorize, can } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { STAFF_STATES, USER_TYPES } from '../../lib/codes.ts';
import { canContributeToProject, canDeleteProjectFile, canManageProject, LIVE_PROJECT } from './projects.policy.ts';
import { projectsErrors } from './projects.errors.ts';

/** Project states: 1 preparing, 2 in progress, 3 paused, 4 finished, 5 cancelled. */
export const PROJECT_STATES = [1, 2, 3, 4, 5] as const;

// ── input pieces ──

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? null : v.trim() || null))
    .pipe(z.union([z.string().max(max), z.null(), z.undefined()]));

/** A calendar day: `yyyy-MM-dd` (a legacy `yyyy-MM-dd HH:mm:ss` keeps its day). Empty clears it. */
const day = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v, c) => {
    if (v === undefined) return undefined;
    if (v === null || v.trim() === '') return null;
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/.exec(v.trim());
    const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    if (!d || d.toISOString().slice(0, 10) !== `${m?.[1]}-${m?.[2]}-${m?.[3]}`) {
      c.addIssue({ code: 'custom', message: 'invalid day' });
      return z.NEVER;
    }
    return d;
  });

const state = z.coerce
  .number()
  .int()
  .refine((n) => (PROJECT_STATES as readonly number[]).includes(n));

// ── reads ──

export type ProjectFilter = {
  excludeStates?: number[] | null;
  states?: number[] | null;
  search?: string | null;
  managerId?: number | null;
  companyName?: string | null;
  /** Projects the user manages or is a member of. */
  userId?: number | null;
};

/** The projects a list shows (both doors): live ones the caller may see, narrowed by the filter. */
export function projectsWhere(ctx: ServiceContext, f: ProjectFilter): Prisma.ProjectWhereInput {
  authorize(ctx, 'project.read');
  const search = searchText(f.search);
  const like = (value: string) => ({ contains: value, mode: 'insensitive' as const });
  return {
    AND: [
      LIVE_PROJECT,
      f.excludeStates?.length ? { stateCode: { notIn: f.excludeStates } } : {},
      f.states?.length ? { stateCode: { in: f.states } } : {},
      search ? { OR: [{ name: like(search) }, { nameEn: like(search) }, { code: like(search) }] } : {},
      f.managerId ? { managerId: f.managerId } : {},
      f.companyName ? { companyName: f.companyName } : {},
      f.userId ? { OR: [{ managerId: f.userId }, { members: { some: { userId: f.userId } } }] } : {},
    ],
  };
}

export const PROJECT_ORDER: Prisma.ProjectOrderByWithRelationInput[] = [{ createdAt: 'desc' }, { id: 'desc' }];

const projectInclude = {
  manager: { select: { id: true, name: true, nameEn: true } },
  createdBy: { select: { id: true, name: true } },
  state: true,
  _count: { select: { members: true, files: true } },
} satisfies Prisma.ProjectInclude;

export type ProjectRow = Prisma.ProjectGetPayload<{ include: typeof projectInclude }>;

export async function listProjectsPage(ctx: ServiceContext, filter: ProjectFilter, page: { currentPage: number; pageSize: number }): Promise<{ rows: ProjectRow[]; total: number }> {
  const where = projectsWhere(ctx, filter);
  const [rows, total] = await Promise.all([
    ctx.db.project.findMany({ where, include: projectInclude, orderBy: PROJECT_ORDER, skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }),
    ctx.db.project.count({ where }),
  ]);
  return { rows, total };
}

export async function listProjects(ctx: ServiceContext, filter: ProjectFilter): Promise<ProjectRow[]> {
  return ctx.db.project.findMany({ where: projectsWhere(ctx, filter), include: projectInclude, orderBy: PROJECT_ORDER, take: 5000 });
}

/** Ids of the caller's followed projects among `ids` (or all of them). */
export async function focusedProjectIds(ctx: ServiceContext, ids?: number[]): Promise<Set<number>> {
  const actor = authorize(ctx, 'project.read');
  const rows = await ctx.db.projectFocus.findMany({
    where: { userId: actor.id, ...(ids ? { projectId: { in: ids } } : {}) },
    select: { projectId: true },
  });
  return new Set(rows.map((r) => r.projectId));
}

async function liveProject(db: ServiceContext['db'] | Tx, id: number) {
  const project = await db.project.findFirst({ where: { id, ...LIVE_PROJECT } });
  if (!project) throw projectsErrors.rule('NOT_FOUND', 'project.notFound');
  return project;
}

export const projectIdInput = z.object({ id: dbId() });

export async function getProject(ctx: ServiceContext, parsed: Parsed<z.output<typeof projectIdInput>>): Promise<ProjectRow> {
  authorize(ctx, 'project.read');
  const { id } = inputOf(parsed);
  const row = await ctx.db.project.findFirst({ where: { id, ...LIVE_PROJECT }, include: projectInclude });
  if (!row) throw projectsErrors.rule('NOT_FOUND', 'project.notFound');
  return row;
}

export const findProjectInput = z.object({ id: dbId().optional(), code: text(50).optional(), name: text(100).optional() }).refine((v) => v.id || v.code || v.name, { path: ['id'] });

/** The first live project matching an id, a code or an exact name (getProjectDetailByCondition). */
export async function findProject(ctx: ServiceContext, parsed: Parsed<z.output<typeof findProjectInput>>): Promise<ProjectRow> {
  authorize(ctx, 'project.read');
  const input = inputOf(parsed);
  const row = await ctx.db.project.findFirst({
    where: { ...LIVE_PROJECT, ...(input.id ? { id: input.id } : {}), ...(input.code ? { code: input.code } : {}), ...(input.name ? { name: input.name } : {}) },
    include: projectInclude,
    orderBy: { id: 'asc' },
  });
  if (!row) throw projectsErrors.rule('NOT_FOUND', 'project.notFound');
  return row;
}

const memberInclude = {
  user: { select: { id: true, name: true, nameEn: true, account: true, state: true } },
  timeline: { orderBy: [{ happenedOn: 'desc' }, { id: 'desc' }] },
} satisfies Prisma.ProjectMemberInclude;
export type MemberRow = Prisma.ProjectMemberGetPayload<{ include: typeof memberInclude }>;

export const membersInput = z.object({ projectId: dbId() });

export async function listMembers(ctx: ServiceContext, parsed: Parsed<z.output<typeof membersInput>>): Promise<MemberRow[]> {
  authorize(ctx, 'project.read');
  const { projectId } = inputOf(parsed);
  await liveProject(ctx.db, projectId);
  return ctx.db.projectMember.findMany({ where: { projectId }, include: memberInclude, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

export const memberKeyInput = z.object({ id: dbId().optional(), projectId: dbId().optional(), userId: dbId().optional() }).refine((v) => v.id || (v.projectId && v.userId), { path: ['id'] });

/** One member with the timeline, by member id or by project and user. */
export async function getMember(ctx: ServiceContext, parsed: Parsed<z.output<typeof memberKeyInput>>): Promise<MemberRow> {
  authorize(ctx, 'project.read');
  const input = inputOf(parsed);
  const row = await ctx.db.projectMember.findFirst({
    where: input.id ? { id: input.id, project: LIVE_PROJECT } : { projectId: input.projectId, userId: input.userId, project: LIVE_PROJECT },
    include: memberInclude,
  });
  if (!row) throw projectsErrors.rule('NOT_FOUND', 'project.memberNotFound');
  return row;
}

const fileInclude = { uploadedBy: { select: { id: true, name: true } } } satisfies Prisma.ProjectFileInclude;
export type FileRow = Prisma.ProjectFileGetPayload<{ include: typeof fileInclude }>;

export const filesInput = z.object({ projectId: dbId() });

export async function listFiles(ctx: ServiceContext, parsed: Parsed<z.output<typeof filesInput>>): Promise<FileRow[]> {
  authorize(ctx, 'project.read');
  const { projectId } = inputOf(parsed);
  await liveProject(ctx.db, projectId);
  return ctx.db.projectFile.findMany({ where: { projectId }, include: fileInclude, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

export const fileIdInput = z.object({ id: dbId() });

export async function getFile(ctx: ServiceContext, parsed: Parsed<z.output<typeof fileIdInput>>): Promise<FileRow> {
  authorize(ctx, 'project.read');
  const { id } = inputOf(parsed);
  const row = await ctx.db.projectFile.findFirst({ where: { id, project: LIVE_PROJECT }, include: fileInclude });
  if (!row) throw projectsErrors.rule('NOT_FOUND', 'project.fileNotFound');
  return row;
}

/** The caller's followed projects, newest follow first. */
export async function listFocus(ctx: ServiceContext): Promise<Array<{ projectId: number; createdAt: Date; project: ProjectRow }>> {
  const actor = authorize(ctx, 'project.read');
  return ctx.db.projectFocus.findMany({
    where: { userId: actor.id, project: LIVE_PROJECT },
    include: { project: { include: projectInclude } },
    orderBy: [{ createdAt: 'desc' }, { projectId: 'asc' }],
  });
}

export const usersForProjectInput = z.object({ projectId: dbId().optional(), searchKey: text(100).optional(), onlyMembers: z.coerce.boolean().optional() });

/** Active staff who could join a project, each flagged when already a member. */
export async function listUsersForProject(
  ctx: ServiceContext,
  parsed: Parsed<z.output<typeof usersForProjectInput>>,
  page: { currentPage: number; pageSize: number },
): Promise<{ rows: Array<{ id: number; name: string; nameEn: string | null; account: string | null; departmentId: number | null; isMember: boolean }>; total: number }> {
  authorize(ctx, 'project.read');
  const input = inputOf(parsed);
  if (input.projectId) await liveProject(ctx.db, input.projectId);
  const search = searchText(input.searchKey);
  const like = (value: string) => ({ contains: value, mode: 'insensitive' as const });
  const where: Prisma.UserWhereInput = {
    type: USER_TYPES.STAFF,
    state: { not: STAFF_STATES.DEACTIVATED },
    ...(search ? { OR: [{ name: like(search) }, { nameEn: like(search) }, { account: like(search) }] } : {}),
    ...(input.onlyMembers && input.projectId ? { projectMemberships: { some: { projectId: input.projectId } } } : {}),
  };
  const [rows, total] = await Promise.all([
    ctx.db.user.findMany({
      where,
      select: {
        id: true,
        name: true,
        nameEn: true,
        account: true,
        departmentId: true,
        projectMemberships: input.projectId ? { where: { projectId: input.projectId }, select: { id: true } } : { take: 0, select: { id: true } },
      },
      orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      skip: (page.currentPage - 1) * page.pageSize,
      take: page.pageSize,
    }),
    ctx.db.user.count({ where }),
  ]);
  return {
    rows: rows.map(({ projectMemberships, ...u }) => ({ ...u, isMember: projectMemberships.length > 0 })),
    total,
  };
}

// ── project writes ──

const projectFields = {
  name: text(100).min(1),
  nameEn: optionalText(100),
  code: optionalText(50),
  state: state.optional(),
  managerId: z.union([dbId(), z.null()]).optional(),
  description: optionalText(2000),
  startDate: day,
  endDate: day,
  companyName: optionalText(100),
};

const createInput = z.object(projectFields);
const updateInput = z.object({ id: dbId(), ...projectFields, name: projectFields.name.optional() });

async function checkProjectRefs(tx: Tx, input: { managerId?: number | null; code?: string | null; startDate?: Date | null; endDate?: Date | null }, selfId?: number) {
  if (input.managerId) {
    const manager = await tx.user.findUnique({ where: { id: input.managerId }, select: { type: true, state: true } });
    if (!manager || manager.type !== USER_TYPES.STAFF || manager.state === STAFF_STATES.DEACTIVATED) throw new ValidationError('validation.invalid', { field: 'managerId' });
  }
  if (input.code) {
    const other = await tx.project.findUnique({ where: { code: input.code }, select: { id: true } });
    if (other && other.id !== selfId) throw projectsErrors.rule('PROJECT_CODE_TAKEN', 'project.codeTaken');
  }
  if (input.startDate && input.endDate && input.endDate < input.startDate) throw new ValidationError('project.datesOrder', undefined, 'INVALID_DATES');
}

/** A code for a project created without one: P<year>-<6 hex>. */
function newProjectCode(): string {
  return `P${new Date().getUTCFullYear()}-${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')
    .toUpperCase()}`;
}

function requireName(raw: unknown) {
  const name = (raw as { name?: unknown } | null)?.name;
  if (name === undefined || name === null || (typeof name === 'string' && name.trim() === '')) {
    throw new ValidationError('project.nameRequired', undefined, 'NAME_REQUIRED');
  }
}

export async function createProject(ctx: ServiceContext, raw: unknown): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'project.create', targetType: 'Project' }, async (tx) => {
    const actor = authorize(ctx, 'project.manage');
    requireName(raw);
    const input = parseInput(createInput, raw);
    await checkProjectRefs(tx, input);
    const project = await tx.project.create({
      data: {
        name: input.name,
        nameEn: input.nameEn ?? null,
        code: input.code ?? newProjectCode(),
        stateCode: input.state ?? 1,
        managerId: input.managerId ?? null,
        description: input.description ?? null,
        startDate: input.startDate ?? null,
        endDate: input.endDate ?? null,
        companyName: input.companyName ?? null,
        createdById: actor.id,
      },
      select: { id: true },
    });
    return { result: project, targetIds: [project.id] };
  });
}

export async function updateProject(ctx: ServiceContext, raw: unknown): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'project.update', targetType: 'Project' }, async (tx) => {
    const actor = authorize(ctx, 'project.read');
    if ((raw as { name?: unknown } | null)?.name !== undefined) requireName(raw);
    const input = parseInput(updateInput, raw);
    const project = await liveProject(tx, input.id);
    if (!canManageProject(actor, project)) throw new ForbiddenError();
    // Only managers hand a project to someone else.
    if (input.managerId !== undefined && input.managerId !== project.managerId && !can(actor, 'project.manage')) throw new ForbiddenError();
    await checkProjectRefs(
      tx,
      {
        managerId: input.managerId,
        code: input.code,
        startDate: input.startDate === undefined ? project.startDate : input.startDate,
        endDate: input.endDate === undefined ? project.endDate : input.endDate,
      },
      project.id,
    );
    await tx.project.update({
      where: { id: project.id },
      data: {
        name: input.name,
        nameEn: input.nameEn,
        code: input.code ?? undefined,
        stateCode: input.state,
        managerId: input.managerId,
        description: input.description,
        startDate: input.startDate,
        endDate: input.endDate,
        companyName: input.companyName,
      },
    });
    return { result: { id: project.id }, targetIds: [project.id] };
  });
}

export const deleteProjectsInput = z.object({
  ids: dbIdList,
  currentPage: z.coerce.number().int().min(1).max(1_000_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(8388607).optional(),
});

/**
 * Deletes projects (kept for the tasks and schedule entries that name them, hidden
 * everywhere). Answers the page the list should show next: when the deletion emptied the
 * page the client was on and that page was above 1, the last page that still has rows.
 */
export async function deleteProjects(
  ctx: ServiceContext,
  parsed: Parsed<z.output<typeof deleteProjectsInput>>,
  filter: ProjectFilter = {},
): Promise<{ deletedIds: number[]; currentPage: number; pageSize: number; rows: number }> {
  return runWrite(ctx, { operation: 'project.delete', targetType: 'Project' }, async (tx) => {
    authorize(ctx, 'project.manage');
    const input = inputOf(parsed);
    const ids = [...new Set(input.ids)];
    const found = await tx.project.findMany({ where: { id: { in: ids }, ...LIVE_PROJECT }, select: { id: true } });
    if (found.length !== ids.length) throw projectsErrors.rule('NOT_FOUND', 'project.notFound');
    await tx.project.updateMany({ where: { id: { in: ids } }, data: { deletedAt: new Date() } });
    await tx.projectFocus.deleteMany({ where: { projectId: { in: ids } } });
    const pageSize = input.pageSize ?? 20;
    const rows = await tx.project.count({ where: projectsWhere(ctx, filter) });
    const lastPage = Math.max(1, Math.ceil(rows / pageSize));
    const currentPage = Math.min(input.currentPage ?? 1, lastPage);
    return { result: { deletedIds: ids, currentPage, pageSize, rows }, targetIds: ids };
  });
}

export const projectFocusInput = z.object({ projectId: dbId(), focus: z.boolean() });

/** Follows or stops following a project (idempotent). */
export async function setProjectFocus(ctx: ServiceContext, parsed: Parsed<z.output<typeof projectFocusInput>>): Promise<{ projectId: number; focused: boolean }> {
  return runWrite(ctx, { operation: 'project.focus', targetType: 'Project' }, async (tx) => {
    const actor = authorize(ctx, 'project.read');
    const input = inputOf(parsed);
    await liveProject(tx, input.projectId);
    if (input.focus) {
      await tx.projectFocus.upsert({
        where: { userId_projectId: { userId: actor.id, projectId: input.projectId } },
        create: { userId: actor.id, projectId: input.projectId },
        update: {},
      });
    } else {
      await tx.projectFocus.deleteMany({ where: { userId: actor.id, projectId: input.projectId } });
    }
    return { result: { projectId: input.projectId, focused: input.focus }, targetIds: [input.projectId] };
  });
}

// ── members and timelines ──

const IMAGE_KEY = /^member-images\/\d{6}\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export const saveMemberInput = z.object({
  id: dbId().optional(),
  projectId: dbId().optional(),
  userId: dbId().optional(),
  duty: optionalText(50),
  joinedOn: day,
  remark: optionalText(500),
  imageKey: z.union([z.string().regex(IMAGE_KEY), z.null()]).optional(),
  timeline: z
    .array(z.object({ id: dbId().optional(), happenedOn: day.pipe(z.date()), content: text(1000).min(1) }))
    .max(200)
    .optional(),
});

/**
 * Adds a staff member to a project or edits their place on it; timeline entries with an id
 * are edited, those without are added (deleting is its own call).
 */
export async function saveProjectMember(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveMemberInput>>): Promise<{ id: number; projectId: number }> {
  return runWrite(ctx, { operation: 'project.member.save', targetType: 'ProjectMember' }, async (tx) => {
    const actor = authorize(ctx, 'project.read');
    const input = inputOf(parsed);
    let member: { id: number; projectId: number; imageKey: string | null };
    if (input.id) {
      const existing = await tx.projectMember.findFirst({ where: { id: input.id, project: LIVE_PROJECT }, include: { project: true } });
      if (!existing) throw projectsErrors.rule('NOT_FOUND', 'project.memberNotFound');
      if (!canManageProject(actor, existing.project)) throw new ForbiddenError();
      member = existing;
    } else {
      if (!input.projectId) throw new ValidationError('validation.required', { field: 'projectId' });
      if (!input.userId) throw new ValidationError('validation.required', { field: 'userId' });
      const project = await liveProject(tx, input.projectId);
      if (!canManageProject(actor, project)) throw new ForbiddenError();
      const user = await tx.user.findUnique({ where: { id: input.userId }, select: { type: true, state: true } });
      if (!user || user.type !== USER_TYPES.STAFF || user.state === STAFF_STATES.DEACTIVATED) throw projectsErrors.rule('INVALID_MEMBER', 'project.memberUserInvalid');
      const same = await tx.projectMember.findUnique({ where: { projectId_userId: { projectId: project.id, userId: input.userId } } });
      member = same ?? (await tx.projectMember.create({ data: { projectId: project.id, userId: input.userId } }));
    }
    await tx.projectMember.update({
      where: { id: member.id },
      data: { duty: input.duty, joinedOn: input.joinedOn, remark: input.remark, imageKey: input.imageKey },
    });
    for (const entry of input.timeline ?? []) {
      if (entry.id) {
        const updated = await tx.projectTimelineEntry.updateMany({
          where: { id: entry.id, memberId: member.id },
          data: { happenedOn: entry.happenedOn, content: entry.content },
        });
        if (updated.count !== 1) throw projectsErrors.rule('NOT_FOUND', 'project.timelineNotFound');
      } else {
        await tx.projectTimelineEntry.create({ data: { memberId: member.id, happenedOn: entry.happenedOn, content: entry.content } });
      }
    }
    return { result: { id: member.id, projectId: member.projectId }, targetIds: [member.id] };
  });
}

export const removeMembersInput = z.object({ ids: dbIdList.optional(), projectId: dbId().optional(), userId: dbId().optional() }).refine((v) => v.ids || (v.projectId && v.userId), { path: ['id'] });

/** Removes members from a project, by member ids or by project and user. */
export async function removeProjectMembers(ctx: ServiceContext, parsed: Parsed<z.output<typeof removeMembersInput>>): Promise<{ removedIds: number[]; projectId: number }> {
  return runWrite(ctx, { operation: 'project.member.remove', targetType: 'ProjectMember' }, async (tx) => {
    const actor = authorize(ctx, 'project.read');
    const input = inputOf(parsed);
    const members = await tx.projectMember.findMany({
      where: input.ids ? { id: { in: input.ids }, project: LIVE_PROJECT } : { projectId: input.projectId, userId: input.userId, project: LIVE_PROJECT },
      include: { project: true },
    });
    if (!members.length || (input.ids && members.length !== new Set(input.ids).size)) throw projectsErrors.rule('NOT_FOUND', 'project.memberNotFound');
    const projectIds = new Set(members.map((m) => m.projectId));
    if (projectIds.size !== 1) throw new ValidationError('validation.invalid', { field: 'ids' });
    if (!canManageProject(actor, (members[0] as (typeof members)[0]).project)) throw new ForbiddenError();
    await tx.projectMember.deleteMany({ where: { id: { in: members.map((m) => m.id) } } });
    return { result: { removedIds: members.map((m) => m.id), projectId: [...projectIds][0] as number }, targetIds: members.map((m) => m.id) };
  });
}

export const timelineEntryIdInput = z.object({ id: dbId() });

export async function deleteTimelineEntry(ctx: ServiceContext, parsed: Parsed<z.output<typeof timelineEntryIdInput>>): Promise<{ id: number; memberId: number }> {
  return runWrite(ctx, { operation: 'project.timeline.delete', targetType: 'ProjectTimelineEntry' }, async (tx) => {
    const actor = authorize(ctx, 'project.read');
    const { id } = inputOf(parsed);
    const entry = await tx.projectTimelineEntry.findFirst({ where: { id, member: { project: LIVE_PROJECT } }, include: { member: { include: { project: true } } } });
    if (!entry) throw projectsErrors.rule('NOT_FOUND', 'project.timelineNotFound');
    if (!canManageProject(actor, entry.member.project)) throw new ForbiddenError();
    await tx.projectTimelineEntry.delete({ where: { id } });
    return { result: { id, memberId: entry.memberId }, targetIds: [id] };
  });
}

// ── uploads ──

export const memberImageInput = z.object({ memberId: dbId().optional() });

/**
 * Stores a member image. With a member id the image becomes that member's (the old one is
 * removed); without one the key is answered for a following save.
 */
export async function uploadMemberImage(ctx: ServiceContext, parsed: Parsed<z.output<typeof memberImageInput>>, file: File | null | undefined): Promise<StoredUpload & { memberId: number | null }> {
  let stored: StoredUpload | null = null;
  let replaced: string | null = null;
  try {
    const result = await runWrite(ctx, { operation: 'project.member.image', targetType: 'ProjectMember' }, async (tx) => {
      const actor = authorize(ctx, 'project.read');
      const input = inputOf(parsed);
      let memberId: number | null = null;
      if (input.memberId) {
        const member = await tx.projectMember.findFirst({ where: { id: input.memberId, project: LIVE_PROJECT }, include: { project: true } });
        if (!member) throw projectsErrors.rule('NOT_FOUND', 'project.memberNotFound');
        if (!canManageProject(actor, member.project)) throw new ForbiddenError();
        memberId = member.id;
        replaced = member.imageKey;
      } else if (!can(actor, 'project.manage') && !(await tx.project.count({ where: { managerId: actor.id, ...LIVE_PROJECT } }))) {
        // Only people who manage some project add member images.
        throw new ForbiddenError();
      }
      const checked = await checkUpload(file, UPLOAD_POLICIES.memberImage);
      stored = await storeUpload(ctx, checked, UPLOAD_POLICIES.memberImage);
      if (memberId) await tx.projectMember.update({ where: { id: memberId }, data: { imageKey: stored.key } });
      return { result: { ...stored, memberId }, targetIds: memberId ? [memberId] : [] };
    });
    if (replaced) await removeUpload(ctx, replaced).catch(() => {});
    return result;
  } catch (err) {
    if (stored) await removeUpload(ctx, (stored as StoredUpload).key).catch(() => {});
    throw err;
  }
}

export const projectFileInput = z.object({ projectId: dbId() });

export async function uploadProjectFile(ctx: ServiceContext, parsed: Parsed<z.output<typeof projectFileInput>>, file: File | null | undefined): Promise<{ id: number; projectId: number }> {
  let stored: StoredUpload | null = null;
  try {
    return await runWrite(ctx, { operation: 'project.file.upload', targetType: 'ProjectFile' }, async (tx) => {
      const actor = authorize(ctx, 'project.read');
      const { projectId } = inputOf(parsed);
      const project = await liveProject(tx, projectId);
      const isMember = (await tx.projectMember.count({ where: { projectId, userId: actor.id } })) > 0;
      if (!canContributeToProject(actor, project, isMember)) throw new ForbiddenError();
      const checked = await checkUpload(file, UPLOAD_POLICIES.projectFile);
      stored = await storeUpload(ctx, checked, UPLOAD_POLICIES.projectFile);
      const row = await tx.projectFile.create({
        data: { projectId, uploadedById: actor.id, fileName: stored.fileName, storageKey: stored.key, mimeType: stored.mime, size: stored.size },
        select: { id: true, projectId: true },
      });
      return { result: row, targetIds: [row.id] };
    });
  } catch (err) {
    if (stored) await removeUpload(ctx, (stored as StoredUpload).key).catch(() => {});
    throw err;
  }
}

export const deleteFileInput = z.object({ id: dbId() });

export async function deleteProjectFile(ctx: ServiceContext, parsed: Parsed<z.output<typeof deleteFileInput>>): Promise<{ id: number; projectId: number }> {
  const result = await runWrite(ctx, { operation: 'project.file.delete', targetType: 'ProjectFile' }, async (tx) => {
    const actor = authorize(ctx, 'project.read');
    const { id } = inputOf(parsed);
    const file = await tx.projectFile.findFirst({ where: { id, project: LIVE_PROJECT }, include: { project: true } });
    if (!file) throw projectsErrors.rule('NOT_FOUND', 'project.fileNotFound');
    const isMember = (await tx.projectMember.count({ where: { projectId: file.projectId, userId: actor.id } })) > 0;
    if (!canDeleteProjectFile(actor, file.project, file, isMember)) throw new ForbiddenError();
    await tx.projectFile.delete({ where: { id } });
    return { result: { id, projectId: file.projectId, key: file.storageKey }, targetIds: [id] };
  });
  // The bytes go once the row is gone for good.
  await removeUpload(ctx, result.key).catch(() => {});
  return { id: result.id, projectId: result.projectId };
}
