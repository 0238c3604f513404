import type { ServiceContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { describeHolders, referencesTo } from '../../lib/references.ts';
import { dbId, inputOf, z, type Parsed } from '../../lib/validate.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import { requiredText } from '../users/index.ts';
import { USER_TYPES } from '../../lib/codes.ts';
import { departmentsErrors } from './departments.errors.ts';

export type DepartmentRow = {
  id: number;
  name: string;
  nameEn: string | null;
  parentId: number | null;
  managerId: number | null;
  managerName: string | null;
  sort: number;
  /** Staff in this department (deactivated included), not counting sub-departments. */
  staffCount: number;
};
export type DepartmentTreeNode = DepartmentRow & { children: DepartmentTreeNode[] };

/** Every department, flat, in tree order of `sort` (both doors). */
export async function listDepartments(ctx: ServiceContext): Promise<DepartmentRow[]> {
  authorize(ctx, 'directory.read');
  const rows = await ctx.db.department.findMany({
    orderBy: [{ sort: 'asc' }, { id: 'asc' }],
    include: { manager: { select: { name: true } }, _count: { select: { members: { where: { type: USER_TYPES.STAFF } } } } },
  });
  return rows.map((d) => ({
    id: d.id,
    name: d.name,
    nameEn: d.nameEn,
    parentId: d.parentId,
    managerId: d.managerId,
    managerName: d.manager?.name ?? null,
    sort: d.sort,
    staffCount: d._count.members,
  }));
}

export function departmentTree(rows: DepartmentRow[]): DepartmentTreeNode[] {
  const byId = new Map<number, DepartmentTreeNode>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: DepartmentTreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId !== null ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The input of the calls that name one department (`atDoor(departmentIdInput, { id })`). */
export const departmentIdInput = z.object({ id: dbId() });

export async function getDepartment(ctx: ServiceContext, input: Parsed<z.output<typeof departmentIdInput>>): Promise<DepartmentRow> {
  authorize(ctx, 'directory.read');
  const { id } = inputOf(input);
  const row = (await listDepartments(ctx)).find((d) => d.id === id);
  if (!row) throw new NotFoundError();
  return row;
}

export const saveDepartmentInput = z.object({
  id: dbId().optional().nullable(),
  name: requiredText(100),
  nameEn: z.string().trim().max(100).optional().nullable(),
  parentId: dbId().optional().nullable(),
  managerId: dbId().optional().nullable(),
  sort: z.coerce.number().int().min(0).max(1_000_000).optional().nullable(),
});

async function assertNoCycle(tx: Tx, id: number, parentId: number): Promise<void> {
  let cursor: number | null = parentId;
  for (let depth = 0; cursor !== null && depth < 100; depth++) {
    if (cursor === id) throw new ValidationError('org.departmentCycle', undefined, 'DEPARTMENT_CYCLE');
    const row: { parentId: number | null } | null = await tx.department.findUnique({ where: { id: cursor }, select: { parentId: true } });
    cursor = row?.parentId ?? null;
  }
}

/** Adds (no id) or edits a department. */
export async function saveDepartment(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveDepartmentInput>>): Promise<{ id: number; created: boolean }> {
  return runWrite<{ id: number; created: boolean }>(ctx, { operation: 'department.save', targetType: 'Department' }, async (tx) => {
    authorize(ctx, 'department.edit');
    const input = inputOf(parsed);
    if (input.id && !(await tx.department.findUnique({ where: { id: input.id }, select: { id: true } }))) throw new NotFoundError();
    if (input.parentId) {
      if (!(await tx.department.findUnique({ where: { id: input.parentId }, select: { id: true } }))) {
        throw new ValidationError('org.departmentUnknown', undefined, 'DEPARTMENT_UNKNOWN');
      }
      if (input.id) await assertNoCycle(tx, input.id, input.parentId);
    }
    if (input.managerId) {
      const m = await tx.user.findUnique({ where: { id: input.managerId }, select: { type: true, state: true } });
      if (!m || m.type !== USER_TYPES.STAFF || m.state === 3) throw new ValidationError('org.departmentManagerInvalid', undefined, 'MANAGER_INVALID');
    }
    const data = {
      name: input.name,
      nameEn: input.nameEn || null,
      parentId: input.parentId ?? null,
      managerId: input.managerId ?? null,
      ...(input.sort !== undefined && input.sort !== null ? { sort: input.sort } : {}),
    };
    if (input.id) {
      await tx.department.update({ where: { id: input.id }, data });
      return { result: { id: input.id, created: false }, targetIds: [input.id] };
    }
    const last = await tx.department.aggregate({ where: { parentId: data.parentId }, _max: { sort: true } });
    const row = await tx.department.create({ data: { ...data, sort: data.sort ?? (last._max.sort ?? 0) + 1 }, select: { id: true } });
    return { result: { id: row.id, created: true }, targetIds: [row.id] };
  });
}

/** Deletes a department; refused while it has staff (any state), sub-departments or rows elsewhere that hold it. */
export async function deleteDepartment(ctx: ServiceContext, input: Parsed<z.output<typeof departmentIdInput>>): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'department.delete', targetType: 'Department' }, async (tx) => {
    authorize(ctx, 'department.edit');
    const { id } = inputOf(input);
    const dep = await tx.department.findUnique({ where: { id }, select: { id: true, name: true, _count: { select: { members: true, children: true } } } });
    if (!dep) throw new NotFoundError();
    if (dep._count.members > 0) throw departmentsErrors.rule('DEPARTMENT_HAS_STAFF', 'org.departmentHasStaff', { name: dep.name, count: dep._count.members });
    if (dep._count.children > 0) throw departmentsErrors.rule('DEPARTMENT_HAS_CHILDREN', 'org.departmentHasChildren', { name: dep.name });
    // Any other area's rows that hold the department by a restricting key.
    const held = (await referencesTo(tx, 'departments', [id])).get(id);
    if (held) throw departmentsErrors.rule('DEPARTMENT_IN_USE', 'org.departmentReferenced', { name: dep.name, what: describeHolders(ctx.lang, held) });
    await tx.department.delete({ where: { id } });
    return { result: { id }, targetIds: [id] };
  });
}
