import type { ServiceContext } from '../../../context.ts';
import { NotFoundError } from '../../../errors.ts';
import { dbId, inputOf, z, type Parsed } from '../../../lib/validate.ts';
import { authorize, requireActor } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { accountField, assertAccountFree, assertMayActOn, assertMaySetPassword, resolveRoles, setPasswordFor } from '../users.fields.ts';
import { USER_TYPES } from '../../../lib/codes.ts';

export const saveAuthUserAccountInput = z.object({
  userId: dbId(),
  account: accountField,
  password: z.string().max(1000).optional().nullable(),
  roleIds: z.array(dbId()).max(20).optional().nullable(),
});

/**
 * `saveAuthUserAccount`: gives a person (often a parent or student without one) a login
 * account, optionally a password (a generated one otherwise, when they have none) and roles.
 */
export async function saveAuthUserAccount(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveAuthUserAccountInput>>): Promise<{ userId: number; account: string; generatedPassword: string | null }> {
  return runWrite(ctx, { operation: 'auth.saveAccount', targetType: 'User' }, async (tx) => {
    const actor = requireActor(ctx);
    const input = inputOf(parsed);
    const user = await tx.user.findUnique({ where: { id: input.userId }, select: { id: true, type: true, passwordHash: true } });
    if (!user) throw new NotFoundError();
    authorize(ctx, user.type === USER_TYPES.STAFF ? 'staff.edit' : 'user.edit');
    await assertMayActOn(tx, actor, user.id);
    const account = input.account.toLowerCase();
    await assertAccountFree(tx, account, user.id);
    await tx.user.update({ where: { id: user.id }, data: { account } });
    if (input.roleIds) {
      authorize(ctx, 'role.edit');
      const roles = await resolveRoles(tx, actor, input.roleIds, user.type);
      await tx.userRole.deleteMany({ where: { userId: user.id } });
      if (roles.length) await tx.userRole.createMany({ data: roles.map((r) => ({ userId: user.id, roleId: r.id })) });
    }
    const setsPassword = !!input.password || !user.passwordHash;
    if (setsPassword) await assertMaySetPassword(tx, actor, user);
    const generatedPassword = setsPassword ? await setPasswordFor(tx, user.id, input.password ?? null) : null;
    return { result: { userId: user.id, account, generatedPassword }, targetIds: [user.id] };
  });
}
