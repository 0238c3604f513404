import type { Actor, ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../../errors.ts';
import { atDoor, dbId, inputOf, MAX_LINE, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize, can, requireActor } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { searchText } from '../../../lib/text.ts';
import { describeHolders, isForeignKeyViolation, referencesTo } from '../../../lib/references.ts';
import { translate, type Lang } from '../../../i18n/catalogue.ts';
import { isUserVisible, visibleUsersWhere } from '../users.policy.ts';
import { STAFF_STATES, USER_TYPES } from '../../../lib/codes.ts';
import { PERSON_INCLUDE, pageOnlineFirst, type PersonRow } from '../users.people.ts';
import {
  accountField,
  assertAccountFree,
  assertMayActOn,
  assertMaySetPassword,
  assertMobileFree,
  emailField,
  genderField,
  mobileField,
  nameField,
  optionalText,
  resolveRoles,
  resolveTimeZone,
  setPasswordFor,
} from '../users.fields.ts';
import { isCalendarDay } from '../../../lib/wall-time.ts';
import { usersErrors } from '../users.errors.ts';

/** Search scopes of the spec's user searches. */
export const USER_SCOPES = ['roleAccount', 'student', 'consultant', 'lecturer', 'parent', 'staff'] as const;
export type UserScope = (typeof USER_SCOPES)[number];

export type UserListFilter = {
  type?: number | null;
  types?: number[] | null;
  state?: number | null;
  /** Leave deactivated people out (pickers). */
  activeOnly?: boolean | null;
  departmentId?: number | null;
  /** Matches name, English name, account or staff number, literally. */
  search?: string | null;
  scope?: UserScope | null;
  /** With scope roleAccount: people holding this role code (any role when absent). */
  roleCode?: string | null;
  /** Students whose parent, consultant or lecturer is this user; for a student, their parent, consultant and lecturer. */
  relatedTo?: number | null;
  /** Students of this consultant (the user-manage list's consultant scope). */
  consultantId?: number | null;
  /** Students of this lecturer (the lecturer scope). */
  lecturerId?: number | null;
  /** Children of this parent (the parent scope). */
  parentId?: number | null;
};

/** A list filter (`listPeoplePage`; `usersWhere` parses the same). */
export const userListFilterInput = z.object({
  type: z.coerce.number().int().min(1).max(3).optional().nullable(),
  types: z.array(z.coerce.number().int().min(1).max(3)).max(3).optional().nullable(),
  state: z.coerce.number().int().min(1).max(3).optional().nullable(),
  activeOnly: z.boolean().optional().nullable(),
  departmentId: dbId().optional().nullable(),
  search: z.string().max(MAX_LINE).optional().nullable(),
  scope: z.enum(USER_SCOPES).optional().nullable(),
  roleCode: z.string().max(50).optional().nullable(),
  relatedTo: dbId().optional().nullable(),
  consultantId: dbId().optional().nullable(),
  lecturerId: dbId().optional().nullable(),
  parentId: dbId().optional().nullable(),
});

const insensitive = (value: string) => ({ contains: value, mode: 'insensitive' as const });

function scopeWhere(scope: UserScope | null | undefined, roleCode: string | null | undefined): Prisma.UserWhereInput {
  switch (scope) {
    case 'roleAccount':
      return { account: { not: null }, roles: roleCode ? { some: { role: { code: roleCode } } } : { some: {} } };
    case 'student':
      return { type: USER_TYPES.STUDENT };
    case 'parent':
      return { type: USER_TYPES.PARENT };
    case 'staff':
      return { type: USER_TYPES.STAFF };
    case 'consultant':
    case 'lecturer':
      return { type: USER_TYPES.STAFF, state: { not: STAFF_STATES.DEACTIVATED }, roles: { some: { role: { code: scope } } } };
    default:
      return {};
  }
}

/** The people a list shows: what the caller may see, narrowed by the filter (both doors). */
export function usersWhere(ctx: ServiceContext, raw: UserListFilter | unknown): Prisma.UserWhereInput {
  const actor = requireActor(ctx);
  return whereOf(actor, parseInput(userListFilterInput, raw ?? {}));
}

function whereOf(actor: Actor, f: z.output<typeof userListFilterInput>): Prisma.UserWhereInput {
  const search = searchText(f.search);
  return {
    AND: [
      visibleUsersWhere(actor),
      scopeWhere(f.scope, f.roleCode),
      f.type ? { type: f.type } : {},
      f.types?.length ? { type: { in: f.types } } : {},
      f.state ? { state: f.state } : {},
      f.activeOnly ? { state: { not: 3 } } : {},
      f.departmentId ? { departmentId: f.departmentId } : {},
      f.relatedTo
        ? {
            OR: [
              { parentId: f.relatedTo },
              { consultantId: f.relatedTo },
              { lecturerId: f.relatedTo },
              { children: { some: { id: f.relatedTo } } },
              { consultedStudents: { some: { id: f.relatedTo } } },
              { taughtStudents: { some: { id: f.relatedTo } } },
            ],
          }
        : {},
      f.consultantId ? { consultantId: f.consultantId } : {},
      f.lecturerId ? { lecturerId: f.lecturerId } : {},
      f.parentId ? { parentId: f.parentId } : {},
      search ? { OR: [{ name: insensitive(search) }, { nameEn: insensitive(search) }, { account: insensitive(search) }, { code: insensitive(search) }] } : {},
    ],
  };
}

/** A page of people, online users first (both doors). */
export async function listPeoplePage(ctx: ServiceContext, parsed: Parsed<z.output<typeof userListFilterInput>>, page: { currentPage: number; pageSize: number }) {
  const actor = requireActor(ctx);
  const where = whereOf(actor, inputOf(parsed));
  return pageOnlineFirst(ctx.db, where, (page.currentPage - 1) * page.pageSize, page.pageSize);
}

/** The input of the calls that name one person (`userDetail`, `relatedPeople`). */
export const userIdInput = z.object({ id: dbId() });

/** One person the caller may see, or NotFound (hidden people are not revealed). */
export async function userDetail(ctx: ServiceContext, parsed: Parsed<z.output<typeof userIdInput>>): Promise<PersonRow> {
  const actor = requireActor(ctx);
  const id = inputOf(parsed).id;
  const user = await ctx.db.user.findUnique({ where: { id }, include: PERSON_INCLUDE });
  if (!user || !isUserVisible(actor, user)) throw new NotFoundError();
  return user;
}

/** Parents' and students' states: 1 active, 3 deactivated. */
export const PERSON_STATES = { ACTIVE: 1, DEACTIVATED: 3 } as const;

export const setStaffStateInput = z.object({ id: dbId(), state: z.coerce.number().int().min(1).max(3) });

async function revokeSessions(tx: Tx, userId: number, reason: string): Promise<void> {
  await tx.accessToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: reason } });
}

/** Activates or deactivates a staff member; deactivation revokes every session at once. */
export async function setStaffState(ctx: ServiceContext, parsed: Parsed<z.output<typeof setStaffStateInput>>): Promise<{ id: number; state: number }> {
  return runWrite(ctx, { operation: 'user.updateState', targetType: 'User' }, async (tx) => {
    // Refusals happen inside the write so that they are recorded too.
    const actor = authorize(ctx, 'staff.changeState');
    const input = inputOf(parsed);
    const user = await tx.user.findUnique({ where: { id: input.id }, select: { id: true, type: true } });
    if (!user || user.type !== USER_TYPES.STAFF) throw new NotFoundError();
    if (user.id === actor.id && input.state === STAFF_STATES.DEACTIVATED) {
      throw usersErrors.rule('CANNOT_DEACTIVATE_SELF', 'org.cannotDeactivateSelf');
    }
    await assertMayActOn(tx, actor, user.id);
    await tx.user.update({ where: { id: user.id }, data: { state: input.state } });
    if (input.state === STAFF_STATES.DEACTIVATED) await revokeSessions(tx, user.id, 'deactivated');
    return { result: { id: user.id, state: input.state }, targetIds: [user.id] };
  });
}

const personStateInput = z.object({
  id: dbId(),
  state: z.coerce
    .number()
    .int()
    .refine((n) => n === 1 || n === 3)
    .optional()
    .nullable(),
  isMatch: z
    .union([
      z.boolean(),
      z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
      z
        .number()
        .int()
        .min(0)
        .max(1)
        .transform((n) => n === 1),
    ])
    .optional()
    .nullable(),
});

/**
 * The legacy `updateState`: staff move between full-time, part-time and deactivated (the staff
 * rule above); parents and students between active (1) and deactivated (3), and their
 * `isMatch` flag may change in the same call.
 */
export async function updateUserState(ctx: ServiceContext, raw: unknown): Promise<{ id: number; state: number; isMatch: boolean }> {
  requireActor(ctx);
  const probe = parseInput(z.object({ id: dbId() }).passthrough(), raw ?? {});
  const target = await ctx.db.user.findUnique({ where: { id: probe.id }, select: { type: true } });
  if (target?.type === USER_TYPES.STAFF) {
    const r = await setStaffState(ctx, atDoor(setStaffStateInput, raw));
    const row = await ctx.db.user.findUniqueOrThrow({ where: { id: r.id }, select: { isMatch: true } });
    return { ...r, isMatch: row.isMatch };
  }
  return runWrite(ctx, { operation: 'user.updateState', targetType: 'User' }, async (tx) => {
    const actor = authorize(ctx, 'user.edit');
    const input = parseInput(personStateInput, raw);
    if ((input.state === undefined || input.state === null) && (input.isMatch === undefined || input.isMatch === null)) {
      throw new ValidationError('validation.required', { field: 'state' });
    }
    const user = await tx.user.findUnique({ where: { id: input.id }, select: { id: true, type: true, state: true, isMatch: true } });
    if (!user || user.type === USER_TYPES.STAFF) throw new NotFoundError();
    if (user.id === actor.id) throw usersErrors.rule('CANNOT_DEACTIVATE_SELF', 'org.cannotDeactivateSelf');
    const state = input.state ?? user.state;
    const isMatch = input.isMatch ?? user.isMatch;
    await tx.user.update({ where: { id: user.id }, data: { state, isMatch } });
    if (state === PERSON_STATES.DEACTIVATED) await revokeSessions(tx, user.id, 'deactivated');
    return { result: { id: user.id, state, isMatch }, targetIds: [user.id] };
  });
}

// ── Parents and students ────────────────────────────────────────────────────────────────

export const saveUserInput = z.object({
  id: dbId().optional().nullable(),
  type: z.coerce
    .number()
    .int()
    .refine((n) => n === USER_TYPES.PARENT || n === USER_TYPES.STUDENT)
    .optional()
    .nullable(),
  name: nameField,
  nameEn: optionalText(100),
  gender: genderField,
  birthday: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isCalendarDay)
    .optional()
    .nullable()
    .or(z.literal('')),
  mobile: mobileField,
  email: emailField,
  account: accountField.optional().nullable().or(z.literal('')),
  password: z.string().max(1000).optional().nullable(),
  timeZone: z.string().max(64).optional().nullable(),
  language: z.coerce.number().int().min(0).max(1).optional().nullable(),
  roleIds: z.array(dbId()).max(20).optional().nullable(),
  parentId: dbId().optional().nullable(),
  consultantId: dbId().optional().nullable(),
  lecturerId: dbId().optional().nullable(),
  isMatch: z.boolean().optional().nullable(),
  sendMail: z.boolean().optional().nullable(),
});

export type SavedUser = { id: number; created: boolean; generatedPassword: string | null };

/** Creates (no id) or updates a parent or student. */
export async function saveUser(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveUserInput>>): Promise<SavedUser> {
  return runWrite(ctx, { operation: 'user.save', targetType: 'User' }, async (tx) => {
    const actor = authorize(ctx, 'user.edit');
    const input = inputOf(parsed);
    const existing = input.id ? await tx.user.findUnique({ where: { id: input.id }, select: { id: true, type: true, passwordHash: true, account: true } }) : null;
    if (input.id && !existing) throw new NotFoundError();
    if (existing && existing.type === USER_TYPES.STAFF) throw usersErrors.rule('NOT_PARENT_OR_STUDENT', 'org.notParentOrStudent');
    const type = existing?.type ?? input.type ?? null;
    if (!type) throw new ValidationError('validation.required', { field: 'type' });
    if (input.type && existing && input.type !== existing.type) throw new ValidationError('validation.invalid', { field: 'type' });
    const account = input.account ? input.account.toLowerCase() : null;
    if (account) await assertAccountFree(tx, account, existing?.id);
    if (input.mobile) await assertMobileFree(tx, input.mobile, type, existing?.id);
    const timeZone = await resolveTimeZone(tx, input.timeZone);
    const relations = await resolveRelations(tx, ctx.lang, type, { parentId: input.parentId, consultantId: input.consultantId, lecturerId: input.lecturerId });
    const data = {
      name: input.name,
      nameEn: input.nameEn ?? null,
      gender: input.gender ?? 0,
      birthday: input.birthday ? new Date(`${input.birthday}T00:00:00.000Z`) : null,
      mobile: input.mobile ?? null,
      email: input.email ?? null,
      ...(input.account !== undefined ? { account } : {}),
      ...(timeZone ? { timeZone } : {}),
      ...(input.language !== undefined && input.language !== null ? { language: input.language } : {}),
      ...(input.isMatch !== undefined && input.isMatch !== null ? { isMatch: input.isMatch } : {}),
      ...(input.sendMail !== undefined && input.sendMail !== null ? { sendMail: input.sendMail } : {}),
      ...relations,
    };
    let id: number;
    if (existing) {
      await tx.user.update({ where: { id: existing.id }, data });
      id = existing.id;
    } else {
      id = (await tx.user.create({ data: { ...data, type, state: PERSON_STATES.ACTIVE }, select: { id: true } })).id;
    }
    // Roles: the given ones (checked), or the type's default role for a new user.
    const roleIds = input.roleIds ?? (existing ? null : await defaultRoleIds(tx, type));
    if (roleIds) {
      const roles = await resolveRoles(tx, actor, roleIds, type);
      await tx.userRole.deleteMany({ where: { userId: id } });
      if (roles.length) await tx.userRole.createMany({ data: roles.map((r) => ({ userId: id, roleId: r.id })) });
    }
    let generatedPassword: string | null = null;
    if (account && (input.password || !existing?.passwordHash)) {
      if (existing) await assertMaySetPassword(tx, actor, existing);
      generatedPassword = await setPasswordFor(tx, id, input.password ?? null);
    }
    return { result: { id, created: !existing, generatedPassword }, targetIds: [id] };
  });
}

async function defaultRoleIds(tx: Tx, type: number): Promise<number[]> {
  const code = type === USER_TYPES.PARENT ? 'parent' : 'student';
  const role = await tx.role.findUnique({ where: { code }, select: { id: true } });
  return role ? [role.id] : [];
}

type RelationInput = { parentId?: number | null; consultantId?: number | null; lecturerId?: number | null };

/** Checks the people named as parent, consultant and lecturer of a student. */
async function resolveRelations(tx: Tx, lang: Lang, type: number, r: RelationInput): Promise<RelationInput> {
  const given = Object.entries(r).filter(([, v]) => v !== undefined) as Array<[keyof RelationInput, number | null]>;
  if (!given.length) return {};
  if (type !== USER_TYPES.STUDENT) {
    if (given.some(([, v]) => v !== null)) throw new ValidationError('org.relationOnlyStudents', undefined, 'RELATION_INVALID');
    return {};
  }
  const out: RelationInput = {};
  for (const [kind, id] of given) {
    if (id === null) {
      out[kind] = null;
      continue;
    }
    const person = await tx.user.findUnique({
      where: { id },
      select: { id: true, name: true, type: true, state: true, roles: { select: { role: { select: { code: true } } } } },
    });
    const relation = kind === 'parentId' ? 'parent' : kind === 'consultantId' ? 'consultant' : 'lecturer';
    const fits = !!person && person.state !== 3 && (relation === 'parent' ? person.type === USER_TYPES.PARENT : person.type === USER_TYPES.STAFF && person.roles.some((x) => x.role.code === relation));
    if (!fits) {
      throw new ValidationError('org.relationTargetInvalid', { name: person?.name ?? String(id), relation: translate(lang, `org.relation.${relation}`) }, 'RELATION_INVALID');
    }
    out[kind] = id;
  }
  return out;
}

export const deleteUsersInput = z.object({ ids: z.array(dbId()).min(1).max(500) });

/**
 * Deletes parents and students, all or nothing. Staff are never deleted (deactivate them:
 * their work stays attributed). A person whom rows elsewhere still hold by a restricting
 * foreign key (a student's archive, live or deleted, school applications, task records,
 * calendar entries they created, ...) is refused by name, saying what holds them; nothing is
 * deleted then. Links that clear themselves (a child's parent, an archive's parent account,
 * event participation, letters received) do not refuse.
 */
export async function deleteUsers(ctx: ServiceContext, parsed: Parsed<z.output<typeof deleteUsersInput>>): Promise<number[]> {
  return runWrite(ctx, { operation: 'user.delete', targetType: 'User' }, async (tx) => {
    const actor = authorize(ctx, 'user.edit');
    const { ids } = inputOf(parsed);
    const unique = [...new Set(ids)];
    if (unique.includes(actor.id)) throw usersErrors.rule('CANNOT_DELETE_SELF', 'org.cannotDeleteSelf');
    const users = await tx.user.findMany({ where: { id: { in: unique } }, select: { id: true, type: true, name: true }, orderBy: { id: 'asc' } });
    if (users.length !== unique.length) throw new NotFoundError();
    if (users.some((u) => u.type === USER_TYPES.STAFF)) throw usersErrors.rule('STAFF_NOT_DELETABLE', 'org.staffNotDeletable');
    const held = await referencesTo(tx, 'users', unique);
    const first = users.find((u) => held.has(u.id));
    if (first) {
      throw usersErrors.rule('USER_IN_USE', 'org.userReferenced', { name: first.name, what: describeHolders(ctx.lang, held.get(first.id) ?? []) });
    }
    for (const u of users) {
      // A row written since the check, or one held through a cascade, still meets the key:
      // a savepoint per person names the one refused (the transaction then rolls back whole).
      try {
        await tx.$executeRaw`SAVEPOINT del_user`;
        await tx.user.delete({ where: { id: u.id } });
        await tx.$executeRaw`RELEASE SAVEPOINT del_user`;
      } catch (err) {
        if (isForeignKeyViolation(err)) throw usersErrors.rule('USER_IN_USE', 'org.userInUse', { name: u.name });
        throw err;
      }
    }
    return { result: unique, targetIds: unique };
  });
}

// ── Relations (parent, consultant, lecturer of a student) ──────────────────────────────

export const saveUserRelationsInput = z.object({
  userId: dbId(),
  parentId: dbId().optional().nullable(),
  consultantId: dbId().optional().nullable(),
  lecturerId: dbId().optional().nullable(),
});

/** Sets a student's parent, consultant and lecturer (fields not given stay; null clears). */
export async function saveUserRelations(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveUserRelationsInput>>): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'user.saveRelations', targetType: 'User' }, async (tx) => {
    authorize(ctx, 'user.edit');
    const input = inputOf(parsed);
    const user = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true, type: true } });
    if (!user) throw new NotFoundError();
    if (user.type !== USER_TYPES.STUDENT) throw new ValidationError('org.relationOnlyStudents', undefined, 'RELATION_INVALID');
    const data = await resolveRelations(tx, ctx.lang, USER_TYPES.STUDENT, { parentId: input.parentId, consultantId: input.consultantId, lecturerId: input.lecturerId });
    await tx.user.update({ where: { id: user.id }, data });
    return { result: { id: user.id }, targetIds: [user.id] };
  });
}

/** The people related to one person: a student's parent, consultant and lecturer; a parent's children; a staff member's students. */
export async function relatedPeople(ctx: ServiceContext, parsed: Parsed<z.output<typeof userIdInput>>) {
  const actor = requireActor(ctx);
  const person = await userDetail(ctx, parsed);
  const where: Prisma.UserWhereInput = {
    AND: [
      visibleUsersWhere(actor),
      {
        OR: [{ id: { in: [person.parentId, person.consultantId, person.lecturerId].filter((x): x is number => x !== null) } }, { parentId: person.id }, { consultantId: person.id }, { lecturerId: person.id }],
      },
    ],
  };
  const rows = await ctx.db.user.findMany({ where, include: PERSON_INCLUDE, orderBy: [{ type: 'asc' }, { sort: 'asc' }, { id: 'asc' }] });
  return { person, rows };
}

// ── Own profile ──────────────────────────────────────────────────────────────────────────

export const updateUserInfoInput = z.object({
  id: dbId().optional().nullable(),
  name: nameField.optional(),
  nameEn: optionalText(100),
  gender: genderField,
  mobile: mobileField,
  email: emailField,
  timeZone: z.string().max(64).optional().nullable(),
  language: z.coerce.number().int().min(0).max(1).optional().nullable(),
  sendMail: z.boolean().optional().nullable(),
});

/**
 * `updateUserInfo`: a person edits their own contact details, time zone and language; editing
 * someone else's needs the right to edit that kind of person.
 */
export async function updateUserInfo(ctx: ServiceContext, parsed: Parsed<z.output<typeof updateUserInfoInput>>): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'user.updateInfo', targetType: 'User' }, async (tx) => {
    const actor = requireActor(ctx);
    const input = inputOf(parsed);
    const id = input.id ?? actor.id;
    const user = await tx.user.findUnique({ where: { id }, select: { id: true, type: true } });
    if (!user) throw new NotFoundError();
    if (id !== actor.id) {
      if (!can(actor, user.type === USER_TYPES.STAFF ? 'staff.edit' : 'user.edit')) throw new ForbiddenError();
      await assertMayActOn(tx, actor, id);
    }
    if (input.mobile) await assertMobileFree(tx, input.mobile, user.type, id);
    const timeZone = await resolveTimeZone(tx, input.timeZone);
    await tx.user.update({
      where: { id },
      data: {
        ...(input.name ? { name: input.name } : {}),
        ...(input.nameEn !== undefined ? { nameEn: input.nameEn } : {}),
        ...(input.gender !== undefined && input.gender !== null ? { gender: input.gender } : {}),
        ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(timeZone ? { timeZone } : {}),
        ...(input.language !== undefined && input.language !== null ? { language: input.language } : {}),
        ...(input.sendMail !== undefined && input.sendMail !== null ? { sendMail: input.sendMail } : {}),
      },
    });
    if (id === actor.id && input.language !== undefined && input.language !== null) ctx.lang = input.language === 1 ? 'en' : 'zh';
    return { result: { id }, targetIds: [id] };
  });
}
