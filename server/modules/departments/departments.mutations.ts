import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId } from '../../graphql/ids.ts';
import { DepartmentNode, UserNode } from '../users/index.ts';
import { deleteDepartment, departmentIdInput, saveDepartment, saveDepartmentInput } from './departments.service.ts';
import { atDoor } from '../../lib/validate.ts';

const SaveDepartmentInput = builder.inputType('SaveDepartmentInput', {
  description: 'No departmentId creates, a departmentId edits.',
  fields: (t) => ({
    departmentId: t.globalID({ description: 'The Department to edit; leave out to create one.', for: [DepartmentNode] }),
    name: t.string({ description: "The department's Chinese name.", required: true }),
    nameEn: t.string({ description: "The department's English name." }),
    parentId: t.globalID({ for: [DepartmentNode], description: 'Absent or null: a top-level department.' }),
    managerId: t.globalID({ for: [UserNode], description: 'The department head: an active staff member.' }),
    sort: t.int({ description: 'Position among its siblings (smaller first).' }),
  }),
});

const SaveDepartmentPayload = builder.objectRef<{ id: number; created: boolean }>('SaveDepartmentPayload').implement({
  description: 'The department saved.',
  fields: (t) => ({
    department: t.prismaField({ description: 'The department after the save.', type: 'Department', resolve: (q, p, _a, ctx) => ctx.db.department.findUniqueOrThrow({ ...q, where: { id: p.id } }) }),
    created: t.exposeBoolean('created', { description: 'True when the save created it.' }),
  }),
});

const DeleteDepartmentPayload = builder.objectRef<{ id: number }>('DeleteDepartmentPayload').implement({
  description: 'The department deleted.',
  fields: (t) => ({ deletedDepartmentId: t.id({ description: 'Global id of the deleted Department (for @deleteRecord).', resolve: (p) => Buffer.from(`Department:${p.id}`).toString('base64') }) }),
});

builder.mutationFields((t) => ({
  saveDepartment: t.field({
    description:
      'Creates (no departmentId) or edits a department: names, parent, head, sort. Rights: department.edit (administrators, managers). Errors: DEPARTMENT_UNKNOWN (parent), DEPARTMENT_CYCLE (under itself), MANAGER_INVALID (not an active staff member), NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    type: SaveDepartmentPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The department.', type: SaveDepartmentInput, required: true }) },
    resolve: (_r, { input }, ctx) =>
      saveDepartment(
        ctx,
        atDoor(saveDepartmentInput, {
          id: localId(input.departmentId, 'Department') ?? undefined,
          name: input.name,
          nameEn: input.nameEn,
          parentId: localId(input.parentId, 'Department') ?? null,
          managerId: localId(input.managerId, 'User') ?? null,
          sort: input.sort,
        }),
      ),
  }),
  deleteDepartment: t.field({
    type: DeleteDepartmentPayload,
    errors: mutationErrors,
    description:
      'Deletes a department. Refused while it has staff or sub-departments or anything refers to it. Rights: department.edit (administrators, managers). Errors: DEPARTMENT_HAS_STAFF, DEPARTMENT_HAS_CHILDREN, DEPARTMENT_IN_USE, NOT_FOUND, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The department to delete.',
        type: builder.inputType('DeleteDepartmentInput', {
          description: 'A department to delete.',
          fields: (f) => ({ departmentId: f.globalID({ description: 'The Department.', required: true, for: [DepartmentNode] }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => deleteDepartment(ctx, atDoor(departmentIdInput, { id: localId(input.departmentId, 'Department') })),
  }),
}));
