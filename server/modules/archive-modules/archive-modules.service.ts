import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { dbId, inputOf, z, type Parsed } from '../../lib/validate.ts';
import { authorize, requireActor } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { requiredText } from '../users/index.ts';
import { archiveModulesErrors } from './archive-modules.errors.ts';

export type ArchiveModuleRow = { id: number; parentId: number | null; code: string; name: string; nameEn: string; sort: number };
export type ArchiveModuleNode = ArchiveModuleRow & { children: ArchiveModuleNode[] };
export type ModulePermission = { read: boolean; edit: boolean };

/** `state` of the legacy calls and `archiveFiled` of GraphQL: true/1/"filed" is a filed (archived) archive. */
export const archiveStateField = z.union([
  z.boolean(),
  z.literal(1).transform(() => true),
  z.literal(0).transform(() => false),
  z.enum(['1', '0', 'true', 'false', 'filed', 'unfiled']).transform((v) => v === '1' || v === 'true' || v === 'filed'),
]);

export function parseArchiveState(raw: unknown): boolean {
  const r = archiveStateField.safeParse(typeof raw === 'string' ? raw.trim() : raw);
  if (!r.success) throw new ValidationError('org.archiveStateInvalid', undefined, 'ARCHIVE_STATE_INVALID');
  return r.data;
}

export async function listArchiveModules(ctx: ServiceContext): Promise<ArchiveModuleRow[]> {
  authorize(ctx, 'directory.read');
  return ctx.db.archiveModule.findMany({
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    select: { id: true, parentId: true, code: true, name: true, nameEn: true, sort: true },
  });
}

export function archiveModuleTree<T extends ArchiveModuleRow>(rows: T[]): Array<T & { children: Array<T & { children: unknown[] }> }> {
  type N = T & { children: N[] };
  const byId = new Map<number, N>(rows.map((r) => [r.id, { ...r, children: [] as N[] }]));
  const roots: N[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId !== null ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export const saveArchiveModuleInput = z.object({
  id: dbId().optional().nullable(),
  parentId: dbId().optional().nullable(),
  code: z
    .string()
    .trim()
    .regex(/^[a-zA-Z][a-zA-Z0-9._-]{0,59}$/)
    .optional()
    .nullable(),
  name: requiredText(100),
  nameEn: z.string().trim().max(100).optional().nullable(),
  sort: z.coerce.number().int().min(0).max(1_000_000).optional().nullable(),
});

async function assertNoCycle(tx: Tx, id: number, parentId: number): Promise<void> {
  let cursor: number | null = parentId;
  for (let depth = 0; cursor !== null && depth < 100; depth++) {
    if (cursor === id) throw new ValidationError('org.archiveModuleCycle', undefined, 'MODULE_CYCLE');
    const row: { parentId: number | null } | null = await tx.archiveModule.findUnique({ where: { id: cursor }, select: { parentId: true } });
    cursor = row?.parentId ?? null;
  }
}

/** Adds (no id) or edits a node of the archive module tree. A new node without a code gets one. */
export async function saveArchiveModule(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveArchiveModuleInput>>): Promise<{ id: number; created: boolean }> {
  return runWrite<{ id: number; created: boolean }>(ctx, { operation: 'archiveModule.save', targetType: 'ArchiveModule' }, async (tx) => {
    authorize(ctx, 'archiveModule.edit');
    const input = inputOf(parsed);
    if (input.id && !(await tx.archiveModule.findUnique({ where: { id: input.id }, select: { id: true } }))) throw new NotFoundError();
    if (input.parentId) {
      if (!(await tx.archiveModule.findUnique({ where: { id: input.parentId }, select: { id: true } }))) throw new NotFoundError();
      if (input.id) await assertNoCycle(tx, input.id, input.parentId);
    }
    if (input.code) {
      const clash = await tx.archiveModule.findFirst({ where: { code: input.code, ...(input.id ? { id: { not: input.id } } : {}) }, select: { id: true } });
      if (clash) throw new ValidationError('org.archiveModuleCodeTaken', undefined, 'MODULE_CODE_TAKEN');
    }
    const data = {
      name: input.name,
      nameEn: input.nameEn || input.name,
      parentId: input.parentId ?? null,
      ...(input.code ? { code: input.code } : {}),
      ...(input.sort !== undefined && input.sort !== null ? { sort: input.sort } : {}),
    };
    if (input.id) {
      await tx.archiveModule.update({ where: { id: input.id }, data });
      return { result: { id: input.id, created: false }, targetIds: [input.id] };
    }
    const last = await tx.archiveModule.aggregate({ where: { parentId: data.parentId }, _max: { sort: true } });
    const row = await tx.archiveModule.create({
      data: { ...data, code: input.code ?? `custom.${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`, sort: data.sort ?? (last._max.sort ?? 0) + 1 },
      select: { id: true },
    });
    return { result: { id: row.id, created: true }, targetIds: [row.id] };
  });
}

/** A module to delete. */
export const deleteArchiveModuleInput = z.object({ id: dbId() });

/** Deletes a module (refused while it has sub-modules or archive verifications checked it); its role permissions go with it. */
export async function deleteArchiveModule(ctx: ServiceContext, parsed: Parsed<z.output<typeof deleteArchiveModuleInput>>): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'archiveModule.delete', targetType: 'ArchiveModule' }, async (tx) => {
    authorize(ctx, 'archiveModule.edit');
    const { id } = inputOf(parsed);
    const row = await tx.archiveModule.findUnique({ where: { id }, select: { id: true, name: true, _count: { select: { children: true, examineModules: true } } } });
    if (!row) throw new NotFoundError();
    if (row._count.children > 0) throw archiveModulesErrors.rule('MODULE_HAS_CHILDREN', 'org.archiveModuleHasChildren', { name: row.name });
    // Archive verifications keep the modules they checked (found by the fuzzer: the delete failed on the foreign key).
    if (row._count.examineModules > 0) throw archiveModulesErrors.rule('MODULE_IN_USE', 'org.archiveModuleInUse', { name: row.name });
    await tx.archiveModule.delete({ where: { id } });
    return { result: { id }, targetIds: [id] };
  });
}

export type RoleModuleRow = ArchiveModuleRow & ModulePermission;

/** A role and an archive state; the state stays as sent: parseArchiveState reads it under its own code (ARCHIVE_STATE_INVALID). */
export const roleModulePermissionsInput = z.object({ roleId: dbId(), archiveFiled: z.unknown() });

/** A role's permission on every module for one archive state (missing rows mean no permission). */
export async function roleModulePermissions(ctx: ServiceContext, parsed: Parsed<z.output<typeof roleModulePermissionsInput>>): Promise<RoleModuleRow[]> {
  authorize(ctx, 'directory.read');
  const input = inputOf(parsed);
  const roleId = input.roleId;
  const archiveFiled = parseArchiveState(input.archiveFiled);
  const role = await ctx.db.role.findUnique({ where: { id: roleId }, select: { code: true } });
  if (!role) throw new NotFoundError();
  const [modules, perms] = await Promise.all([listArchiveModules(ctx), ctx.db.roleArchiveModule.findMany({ where: { roleId, archiveFiled } })]);
  const byModule = new Map(perms.map((p) => [p.moduleId, p]));
  const all = role.code === 'admin';
  return modules.map((m) => ({ ...m, read: all || !!byModule.get(m.id)?.canRead, edit: all || !!byModule.get(m.id)?.canEdit }));
}

export const saveRoleArchiveModulesInput = z.object({
  roleId: dbId(),
  archiveFiled: z.unknown(),
  modules: z.array(z.object({ moduleId: dbId(), read: z.boolean().optional().nullable(), edit: z.boolean().optional().nullable() })).max(1000),
});

/**
 * Replaces a role's module permissions for one archive state. Edit implies read; a module
 * whose permission is neither is removed.
 */
export async function saveRoleArchiveModules(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveRoleArchiveModulesInput>>): Promise<{ roleId: number; archiveFiled: boolean }> {
  return runWrite(ctx, { operation: 'role.saveArchiveModules', targetType: 'Role' }, async (tx) => {
    authorize(ctx, 'role.edit');
    const input = inputOf(parsed);
    const archiveFiled = parseArchiveState(input.archiveFiled);
    const role = await tx.role.findUnique({ where: { id: input.roleId }, select: { id: true } });
    if (!role) throw new NotFoundError();
    const ids = [...new Set(input.modules.map((m) => m.moduleId))];
    if (ids.length !== input.modules.length) throw new ValidationError('validation.invalid', { field: 'modules' });
    if ((await tx.archiveModule.count({ where: { id: { in: ids } } })) !== ids.length) throw new NotFoundError();
    await tx.roleArchiveModule.deleteMany({ where: { roleId: role.id, archiveFiled } });
    const rows = input.modules.map((m) => ({ roleId: role.id, moduleId: m.moduleId, archiveFiled, canEdit: !!m.edit, canRead: !!m.read || !!m.edit })).filter((r) => r.canRead);
    if (rows.length) await tx.roleArchiveModule.createMany({ data: rows });
    return { result: { roleId: role.id, archiveFiled }, targetIds: [role.id] };
  });
}

/**
 * What the caller may do with each archive section (by module code) for an archive that is
 * filed or not: the union over the caller's roles; administrators may do everything. The
 * archives area enforces it.
 */
export async function archiveModulePermissions(ctx: ServiceContext, archiveFiled: boolean): Promise<Map<string, ModulePermission>> {
  const actor = requireActor(ctx);
  const modules = await ctx.db.archiveModule.findMany({ select: { id: true, code: true } });
  const out = new Map<string, ModulePermission>(modules.map((m) => [m.code, { read: actor.isAdmin, edit: actor.isAdmin }]));
  if (actor.isAdmin || !actor.roleIds.length) return out;
  const perms = await ctx.db.roleArchiveModule.findMany({
    where: { roleId: { in: actor.roleIds }, archiveFiled },
    select: { canRead: true, canEdit: true, module: { select: { code: true } } },
  });
  for (const p of perms) {
    const cur = out.get(p.module.code) ?? { read: false, edit: false };
    out.set(p.module.code, { read: cur.read || p.canRead, edit: cur.edit || p.canEdit });
  }
  return out;
}
