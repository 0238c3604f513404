import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId } from '../../graphql/ids.ts';
import { DepartmentNode, UserNode } from '../users/index.ts';
import { deleteDepartment, saveDepartment } from './departments.service.ts';

const SaveDepartmentInput = builder.inputType('SaveDepartmentInput', {
  description: 'No departmentId creates, a departmentId edits.',
  fields: (t) => ({
    departmentId: t.globalID({ for: [DepartmentNode] }),
    name: t.string({ required: true }),
    nameEn: t.string(),
    parentId: t.globalID({ for: [DepartmentNode], description: 'Absent or null: a top-level department.' }),
    managerId: t.globalID({ for: [UserNode], description: 'The department head: an active staff member.' }),
    sort: t.int(),
  }),
});

const SaveDepartmentPayload = builder.objectRef<{ id: number; created: boolean }>('SaveDepartmentPayload').implement({
  fields: (t) => ({
    department: t.prismaField({ type: 'Department', resolve: (q, p, _a, ctx) => ctx.db.department.findUniqueOrThrow({ ...q, where: { id: p.id } }) }),
    created: t.exposeBoolean('created'),
  }),
});

const DeleteDepartmentPayload = builder.objectRef<{ id: number }>('DeleteDepartmentPayload').implement({
  fields: (t) => ({ deletedDepartmentId: t.id({ resolve: (p) => Buffer.from(`Department:${p.id}`).toString('base64') }) }),
});

builder.mutationFields((t) => ({
  saveDepartment: t.field({
    type: SaveDepartmentPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: SaveDepartmentInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      saveDepartment(ctx, {
        id: localId(input.departmentId, 'Department') ?? undefined,
        name: input.name,
        nameEn: input.nameEn,
        parentId: localId(input.parentId, 'Department') ?? null,
        managerId: localId(input.managerId, 'User') ?? null,
        sort: input.sort,
      }),
  }),
  deleteDepartment: t.field({
    type: DeleteDepartmentPayload,
    errors: mutationErrors,
    description: 'Refused while the department has staff or sub-departments.',
    args: { input: t.arg({ type: builder.inputType('DeleteDepartmentInput', { fields: (f) => ({ departmentId: f.globalID({ required: true, for: [DepartmentNode] }) }) }), required: true }) },
    resolve: (_r, { input }, ctx) => deleteDepartment(ctx, localId(input.departmentId, 'Department')),
  }),
}));
