import type { Actor, ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { searchText } from '../../lib/text.ts';
import { describeHolders, referencesTo } from '../../lib/references.ts';
import { atDoor, dbId, inputOf, z, type Parsed } from '../../lib/validate.ts';
import { authorize } from '../../policy.ts';
import { diffFields, recordChanges, runWrite, type FieldChange } from '../../write.ts';
import { requiredText } from '../users/index.ts';
import { parseShowType } from '../auth/index.ts';
import { resolveRoles } from '../users/index.ts';
import { STAFF_STATES, USER_TYPES } from '../../lib/codes.ts';
import { rolesErrors } from './roles.errors.ts';

/** Roles the product relies on by code: they cannot be deleted or recoded. */
export const BUILT_IN_ROLES = ['admin', 'manager', 'consultant', 'lecturer', 'sales', 'partner', 'parent', 'student'] as const;

const ROLE_INCLUDE = { _count: { select: { users: true } } } as const satisfies Prisma.RoleInclude;

export async function listAllRoles(ctx: ServiceContext) {
  authorize(ctx, 'directory.read');
  return ctx.db.role.findMany({ orderBy: [{ sort: 'asc' }, { id: 'asc' }], include: ROLE_INCLUDE });
}

/** A role list's filter: name or code, kind of person. */
export const rolesFilterInput = z.object({ search: z.string().max(200).optional().nullable(), type: z.coerce.number().int().min(1).max(3).optional().nullable() });

export function rolesWhere(ctx: ServiceContext, parsed: Parsed<z.output<typeof rolesFilterInput>>): Prisma.RoleWhereInput {
  authorize(ctx, 'directory.read');
  const f = inputOf(parsed);
  const s = searchText(f.search);
  const like = (v: string) => ({ contains: v, mode: 'insensitive' as const });
  return {
    AND: [s ? { OR: [{ name: like(s) }, { nameEn: like(s) }, { code: like(s) }, { description: like(s) }] } : {}, f.type ? { types: { has: f.type } } : {}],
  };
}

export async function listRolesPage(ctx: ServiceContext, parsed: Parsed<z.output<typeof rolesFilterInput>>, page: { currentPage: number; pageSize: number }) {
  const where = rolesWhere(ctx, parsed);
  const [rows, total] = await Promise.all([
    ctx.db.role.findMany({ where, orderBy: [{ sort: 'asc' }, { id: 'asc' }], skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize, include: ROLE_INCLUDE }),
    ctx.db.role.count({ where }),
  ]);
  return { rows, total };
}

/** The input of the calls that name one role (`roleDetail`, `deleteRole`). */
export const roleIdInput = z.object({ id: dbId() });

/** A role with the ids of its rights (by display type) and how many users hold it. */
export async function roleDetail(ctx: ServiceContext, parsed: Parsed<z.output<typeof roleIdInput>>) {
  authorize(ctx, 'directory.read');
  const { id } = inputOf(parsed);
  const role = await ctx.db.role.findUnique({
    where: { id },
    include: { ...ROLE_INCLUDE, rights: { select: { right: { select: { id: true, key: true, showType: true } } } } },
  });
  if (!role) throw new NotFoundError();
  return role;
}

const CODE = /^[a-z][a-z0-9._-]{1,49}$/;

export const saveRoleInput = z.object({
  id: dbId().optional().nullable(),
  name: requiredText(100),
  nameEn: z.string().trim().max(100).optional().nullable(),
  code: z.string().trim().toLowerCase().max(50),
  types: z.array(z.coerce.number().int().min(1).max(3)).min(1).max(3).optional().nullable(),
  description: z.string().trim().max(1000).optional().nullable(),
  descriptionEn: z.string().trim().max(1000).optional().nullable(),
  terminals: z
    .array(z.enum(['PC', 'MOBILE']))
    .max(2)
    .optional()
    .nullable(),
  sort: z.coerce.number().int().min(0).max(1_000_000).optional().nullable(),
});

/** Adds (no id) or edits a role's name, code, types, description and terminals. */
export async function saveRole(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveRoleInput>>): Promise<{ id: number; created: boolean }> {
  return runWrite<{ id: number; created: boolean }>(ctx, { operation: 'role.save', targetType: 'Role' }, (tx) => saveRoleIn(tx, ctx, parsed));
}

/**
 * The legacy role form: the role and its rights in one write, so that rights refused (one the
 * caller does not hold) leave the role unsaved too.
 */
export async function saveRoleWithRights(ctx: ServiceContext, role: Parsed<z.output<typeof saveRoleInput>>, rights: { rightIds: unknown; showType?: unknown }): Promise<{ roleId: number; rightIds: number[] }> {
  return runWrite(ctx, { operation: 'role.saveRights', targetType: 'Role' }, async (tx) => {
    const saved = await saveRoleIn(tx, ctx, role);
    // The rights are parsed with the saved role's id, where saveRoleRights parses them.
    return saveRoleRightsIn(tx, ctx, atDoor(saveRoleRightsInput, { ...rights, roleId: saved.result.id }));
  });
}

/** The role's fields the audit trail records. */
const ROLE_AUDITED = ['name', 'nameEn', 'code', 'description', 'descriptionEn', 'types', 'terminals', 'sort'] as const;

async function saveRoleIn(tx: Tx, ctx: ServiceContext, parsed: Parsed<z.output<typeof saveRoleInput>>): Promise<{ result: { id: number; created: boolean }; targetIds: number[] }> {
  authorize(ctx, 'role.edit');
  const input = inputOf(parsed);
  if (!input.code) throw new ValidationError('org.roleCodeRequired', undefined, 'REQUIRED');
  if (!CODE.test(input.code)) throw new ValidationError('org.roleCodeInvalid', undefined, 'ROLE_CODE_INVALID');
  const existing = input.id
    ? await tx.role.findUnique({ where: { id: input.id }, select: { id: true, code: true, name: true, nameEn: true, description: true, descriptionEn: true, types: true, terminals: true, sort: true } })
    : null;
  if (input.id && !existing) throw new NotFoundError();
  if (existing && existing.code !== input.code && (BUILT_IN_ROLES as readonly string[]).includes(existing.code)) {
    throw rolesErrors.rule('ROLE_BUILT_IN', 'org.roleBuiltIn', { name: existing.name });
  }
  const clash = await tx.role.findFirst({ where: { code: input.code, ...(existing ? { id: { not: existing.id } } : {}) }, select: { id: true } });
  if (clash) throw new ValidationError('org.roleCodeTaken', undefined, 'ROLE_CODE_TAKEN');
  const data = {
    name: input.name,
    nameEn: input.nameEn || null,
    code: input.code,
    description: input.description || null,
    // The legacy form sends no English description: it keeps the one there is.
    ...(input.descriptionEn !== undefined ? { descriptionEn: input.descriptionEn || null } : {}),
    ...(input.types ? { types: [...new Set(input.types)].sort() } : {}),
    ...(input.terminals ? { terminals: [...new Set(input.terminals)] } : {}),
    ...(input.sort !== undefined && input.sort !== null ? { sort: input.sort } : {}),
  };
  const roleChanges = (id: number, before: Record<string, unknown> | null) =>
    recordChanges(
      tx,
      diffFields(before, data, ROLE_AUDITED, (field) => ({ entity: 'Role', entityId: id, labelKey: `opLog.field.role.${field}` })),
    );
  if (existing) {
    await tx.role.update({ where: { id: existing.id }, data });
    roleChanges(existing.id, existing);
    return { result: { id: existing.id, created: false }, targetIds: [existing.id] };
  }
  const last = await tx.role.aggregate({ _max: { sort: true } });
  const row = await tx.role.create({ data: { ...data, sort: data.sort ?? (last._max.sort ?? 0) + 1 }, select: { id: true } });
  roleChanges(row.id, null);
  return { result: { id: row.id, created: true }, targetIds: [row.id] };
}

/** Deletes a role; refused while any user (or any other row) holds it, and for the built-in roles. */
export async function deleteRole(ctx: ServiceContext, parsed: Parsed<z.output<typeof roleIdInput>>): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'role.delete', targetType: 'Role' }, async (tx) => {
    authorize(ctx, 'role.edit');
    const { id } = inputOf(parsed);
    const role = await tx.role.findUnique({ where: { id }, include: ROLE_INCLUDE });
    if (!role) throw new NotFoundError();
    if (role._count.users > 0) throw rolesErrors.rule('ROLE_IN_USE', 'org.roleInUse', { name: role.name, count: role._count.users });
    if ((BUILT_IN_ROLES as readonly string[]).includes(role.code)) throw rolesErrors.rule('ROLE_BUILT_IN', 'org.roleBuiltIn', { name: role.name });
    // Any other area's rows that hold the role by a restricting key.
    const held = (await referencesTo(tx, 'roles', [id])).get(id);
    if (held) throw rolesErrors.rule('ROLE_IN_USE', 'org.roleReferenced', { name: role.name, what: describeHolders(ctx.lang, held) });
    await tx.role.delete({ where: { id } });
    recordChanges(
      tx,
      diffFields(role, null, ROLE_AUDITED, (field) => ({ entity: 'Role', entityId: id, labelKey: `opLog.field.role.${field}` })),
    );
    return { result: { id }, targetIds: [id] };
  });
}

/** The rights of a role; `showType` stays as sent: parseShowType reads it under its own code after the rights check. */
export const saveRoleRightsInput = z.object({
  roleId: dbId(),
  rightIds: z.array(dbId()).max(5000),
  /** Replace only the rights of this display type (1 PC, 2 mobile navigation, 3 mobile function); all when absent. */
  showType: z.unknown().optional(),
});

/**
 * Replaces a role's rights (`saveUserRoleRights`). Ancestors of every granted right are
 * added so the menu tree stays connected. The administrator role holds every right by code.
 */
export async function saveRoleRights(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveRoleRightsInput>>): Promise<{ roleId: number; rightIds: number[] }> {
  return runWrite(ctx, { operation: 'role.saveRights', targetType: 'Role' }, (tx) => saveRoleRightsIn(tx, ctx, parsed));
}

async function saveRoleRightsIn(tx: Tx, ctx: ServiceContext, parsed: Parsed<z.output<typeof saveRoleRightsInput>>): Promise<{ result: { roleId: number; rightIds: number[] }; targetIds: number[] }> {
  const actor = authorize(ctx, 'role.edit');
  const input = inputOf(parsed);
  const showType = input.showType === undefined || input.showType === null || input.showType === '' ? null : parseShowType(input.showType);
  const role = await tx.role.findUnique({ where: { id: input.roleId }, select: { id: true, code: true } });
  if (!role) throw new NotFoundError();
  if (role.code === 'admin') throw rolesErrors.rule('ADMIN_ROLE_FIXED', 'org.adminRoleFixed');
  const all = await tx.right.findMany({ select: { id: true, parentId: true, showType: true, path: true, title: true, titleEn: true } });
  const byId = new Map(all.map((r) => [r.id, r]));
  const chosen = new Set<number>();
  for (const id of input.rightIds) {
    const right = byId.get(id);
    if (!right) throw new ValidationError('org.rightUnknown', undefined, 'RIGHT_UNKNOWN');
    if (showType !== null && right.showType !== showType) throw new ValidationError('validation.invalid', { field: 'rightIds' });
    let cursor: number | null = id;
    while (cursor !== null && !chosen.has(cursor)) {
      chosen.add(cursor);
      cursor = byId.get(cursor)?.parentId ?? null;
    }
  }
  if (!actor.isAdmin) await assertGrantsHeld(tx, ctx, actor, role.id, new Set(input.rightIds), chosen, byId);
  const before = new Set((await tx.roleRight.findMany({ where: { roleId: role.id }, select: { rightId: true } })).map((r) => r.rightId));
  await tx.roleRight.deleteMany({ where: { roleId: role.id, ...(showType !== null ? { right: { showType } } : {}) } });
  const ids = [...chosen].sort((a, b) => a - b);
  if (ids.length) await tx.roleRight.createMany({ data: ids.map((rightId) => ({ roleId: role.id, rightId })), skipDuplicates: true });
  const now = await tx.roleRight.findMany({ where: { roleId: role.id }, select: { rightId: true }, orderBy: { rightId: 'asc' } });
  recordChanges(tx, rightChanges(role.id, before, new Set(now.map((r) => r.rightId)), byId));
  return { result: { roleId: role.id, rightIds: now.map((r) => r.rightId) }, targetIds: [role.id] };
}

/** One change per right granted or taken away; the value is the right's title in both languages. */
function rightChanges(roleId: number, before: ReadonlySet<number>, after: ReadonlySet<number>, byId: ReadonlyMap<number, { title: string; titleEn: string }>): FieldChange[] {
  const title = (id: number) => JSON.stringify({ zh: byId.get(id)?.title ?? String(id), en: byId.get(id)?.titleEn ?? String(id) });
  const out: FieldChange[] = [];
  for (const id of after) if (!before.has(id)) out.push({ entity: 'Role', entityId: roleId, field: 'right', labelKey: 'opLog.field.role.right', before: null, after: title(id) });
  for (const id of before) if (!after.has(id)) out.push({ entity: 'Role', entityId: roleId, field: 'right', labelKey: 'opLog.field.role.right', before: title(id), after: null });
  return out;
}

/**
 * Nobody raises a role above themself (docs/users.md): a right the role does not hold yet may be
 * granted only by someone whose own roles hold it. Rights the role already holds may stay, and
 * the menu groups added as ancestors of a granted right may be added (they grant nothing by
 * themselves); an operation right (a node without a route path) never comes in that way.
 */
async function assertGrantsHeld(
  tx: Tx,
  ctx: ServiceContext,
  actor: Actor,
  roleId: number,
  requested: ReadonlySet<number>,
  chosen: ReadonlySet<number>,
  byId: ReadonlyMap<number, { path: string | null; title: string; titleEn: string }>,
) {
  const [had, held] = await Promise.all([
    tx.roleRight.findMany({ where: { roleId }, select: { rightId: true } }),
    tx.roleRight.findMany({ where: { roleId: { in: actor.roleIds } }, select: { rightId: true }, distinct: ['rightId'] }),
  ]);
  const hadIds = new Set(had.map((r) => r.rightId));
  const heldIds = new Set(held.map((r) => r.rightId));
  for (const id of chosen) {
    if (hadIds.has(id) || heldIds.has(id)) continue;
    const right = byId.get(id);
    if (!requested.has(id) && right?.path) continue;
    throw rolesErrors.rule('RIGHT_NOT_HELD', 'org.rightNotHeld', { title: ctx.lang === 'en' ? (right?.titleEn ?? String(id)) : (right?.title ?? String(id)) });
  }
}

export const assignUserRolesInput = z.object({ userId: dbId(), roleIds: z.array(dbId()).max(20) });

/** Authorises exactly these roles to a person. At least one active administrator always remains. */
export async function assignUserRoles(ctx: ServiceContext, parsed: Parsed<z.output<typeof assignUserRolesInput>>): Promise<{ userId: number; roleIds: number[] }> {
  return runWrite(ctx, { operation: 'role.assignUsers', targetType: 'User' }, async (tx) => {
    const actor = authorize(ctx, 'role.edit');
    const input = inputOf(parsed);
    const user = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true, type: true, roles: { select: { role: { select: { code: true } } } } } });
    if (!user) throw new NotFoundError();
    const roles = await resolveRoles(tx, actor, input.roleIds, user.type);
    const wasAdmin = user.roles.some((r) => r.role.code === 'admin');
    const staysAdmin = roles.some((r) => r.code === 'admin');
    if (wasAdmin && !staysAdmin) {
      const others = await tx.user.count({ where: { id: { not: user.id }, type: USER_TYPES.STAFF, state: { not: STAFF_STATES.DEACTIVATED }, roles: { some: { role: { code: 'admin' } } } } });
      if (others === 0) throw rolesErrors.rule('LAST_ADMIN', 'org.lastAdmin');
    }
    await tx.userRole.deleteMany({ where: { userId: user.id } });
    if (roles.length) await tx.userRole.createMany({ data: roles.map((r) => ({ userId: user.id, roleId: r.id })) });
    return { result: { userId: user.id, roleIds: roles.map((r) => r.id).sort((a, b) => a - b) }, targetIds: [user.id] };
  });
}
