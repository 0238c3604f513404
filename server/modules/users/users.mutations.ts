import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { UserNode } from './users.node.ts';
import { STAFF_STATES, setStaffState } from './users.service.ts';

const StaffStateInput = builder.inputType('StaffStateInput', {
  fields: (t) => ({ userId: t.globalID({ required: true, for: [UserNode] }) }),
});

const StaffStatePayload = builder.objectRef<{ id: number }>('StaffStatePayload').implement({
  fields: (t) => ({
    user: t.prismaField({ type: 'User', resolve: (query, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});

builder.mutationFields((t) => ({
  deactivateStaff: t.field({
    type: StaffStatePayload,
    errors: mutationErrors,
    description: 'Deactivates a staff member and revokes all their sessions.',
    args: { input: t.arg({ type: StaffStateInput, required: true }) },
    resolve: (_r, { input }, ctx) => setStaffState(ctx, { id: input.userId.id, state: STAFF_STATES.DEACTIVATED }),
  }),
  activateStaff: t.field({
    type: StaffStatePayload,
    errors: mutationErrors,
    description: 'Makes a deactivated staff member full-time again.',
    args: { input: t.arg({ type: StaffStateInput, required: true }) },
    resolve: (_r, { input }, ctx) => setStaffState(ctx, { id: input.userId.id, state: STAFF_STATES.FULL_TIME }),
  }),
}));
