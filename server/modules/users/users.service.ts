import type { ServiceContext } from '../../context.ts';
import { DomainError, NotFoundError } from '../../errors.ts';
import { dbId, parseInput, z } from '../../lib/validate.ts';
import { authorize } from '../../policy.ts';
import { runWrite } from '../../write.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { searchText } from '../../lib/text.ts';
import { requireActor } from '../../policy.ts';
import { USER_TYPES, visibleUsersWhere } from './users.policy.ts';

export type UserListFilter = {
  type?: number | null;
  state?: number | null;
  departmentId?: number | null;
  /** Matches name, English name, account or staff number, literally. */
  search?: string | null;
};

/** The people a list shows: what the caller may see, narrowed by the filter (both doors). */
export function usersWhere(ctx: ServiceContext, f: UserListFilter): Prisma.UserWhereInput {
  const actor = requireActor(ctx);
  const search = searchText(f.search);
  const insensitive = (value: string) => ({ contains: value, mode: 'insensitive' as const });
  return {
    AND: [
      visibleUsersWhere(actor),
      f.type ? { type: f.type } : {},
      f.state ? { state: f.state } : {},
      f.departmentId ? { departmentId: f.departmentId } : {},
      search
        ? { OR: [{ name: insensitive(search) }, { nameEn: insensitive(search) }, { account: insensitive(search) }, { code: insensitive(search) }] }
        : {},
    ],
  };
}

/** Staff states: 1 full-time, 2 part-time, 3 deactivated. */
export const STAFF_STATES = { FULL_TIME: 1, PART_TIME: 2, DEACTIVATED: 3 } as const;

const stateInput = z.object({ id: dbId(), state: z.coerce.number().int().min(1).max(3) });

/** Activates or deactivates a staff member; deactivation revokes every session at once. */
export async function setStaffState(ctx: ServiceContext, raw: unknown): Promise<{ id: number; state: number }> {
  return runWrite(ctx, { operation: 'user.updateState', targetType: 'User' }, async (tx) => {
    // Refusals happen inside the write so that they are recorded too.
    const actor = authorize(ctx, 'staff.changeState');
    const input = parseInput(stateInput, raw);
    const user = await tx.user.findUnique({ where: { id: input.id }, select: { id: true, type: true } });
    if (!user || user.type !== USER_TYPES.STAFF) throw new NotFoundError();
    if (user.id === actor.id && input.state === STAFF_STATES.DEACTIVATED) {
      throw new DomainError('CANNOT_DEACTIVATE_SELF', 'error.forbidden');
    }
    await tx.user.update({ where: { id: user.id }, data: { state: input.state } });
    if (input.state === STAFF_STATES.DEACTIVATED) {
      await tx.accessToken.updateMany({ where: { userId: user.id, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: 'deactivated' } });
    }
    return { result: { id: user.id, state: input.state }, targetIds: [user.id] };
  });
}
