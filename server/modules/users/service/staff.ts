import type { ServiceContext } from '../../../context.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { translate } from '../../../i18n/catalogue.ts';
import { sendMail } from '../../../lib/mail.ts';
import { dbId, inputOf, z, type Parsed } from '../../../lib/validate.ts';
import { authorize, can, requireActor } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { STAFF_STATES, USER_TYPES } from '../../../lib/codes.ts';
import { accountField, assertAccountFree, assertMayActOn, assertMobileFree, emailField, genderField, mobileField, nameField, optionalText, resolveRoles, resolveTimeZone, setPasswordFor } from '../users.fields.ts';
import { usersErrors } from '../users.errors.ts';

export const saveStaffInput = z.object({
  id: dbId().optional().nullable(),
  name: nameField,
  nameEn: optionalText(100),
  account: accountField,
  password: z.string().max(1000).optional().nullable(),
  email: emailField,
  mobile: mobileField,
  code: optionalText(50),
  roleIds: z.array(dbId()).max(20).optional().nullable(),
  departmentId: dbId().optional().nullable(),
  timeZone: z.string().max(64).optional().nullable(),
  gender: genderField,
  state: z.coerce.number().int().min(1).max(3).optional().nullable(),
  sendMail: z.boolean().optional().nullable(),
  language: z.coerce.number().int().min(0).max(1).optional().nullable(),
});

export type SavedStaff = { id: number; created: boolean; generatedPassword: string | null; mailedTo: string | null };

/**
 * Adds (no id) or edits a staff member. A new member without a password gets a generated
 * one, shown once in the answer, or mailed to them when `sendMail` is set. Editing never
 * changes the password (that is `resetPassword`), and deactivating through an edit revokes
 * the member's sessions as `deactivateStaff` does.
 */
export async function saveStaff(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveStaffInput>>): Promise<SavedStaff> {
  return runWrite(ctx, { operation: 'staff.save', targetType: 'User' }, async (tx) => {
    const actor = authorize(ctx, 'staff.edit');
    const input = inputOf(parsed);
    const existing = input.id ? await tx.user.findUnique({ where: { id: input.id }, select: { id: true, type: true, state: true } }) : null;
    if (input.id && !existing) throw new NotFoundError();
    if (existing && existing.type !== USER_TYPES.STAFF) throw usersErrors.rule('NOT_STAFF', 'org.notStaff');
    if (existing) await assertMayActOn(tx, actor, existing.id);
    const account = input.account.toLowerCase();
    await assertAccountFree(tx, account, existing?.id);
    if (input.mobile) await assertMobileFree(tx, input.mobile, USER_TYPES.STAFF, existing?.id);
    if (input.departmentId) {
      const dep = await tx.department.findUnique({ where: { id: input.departmentId }, select: { id: true } });
      if (!dep) throw new ValidationError('org.departmentUnknown', undefined, 'DEPARTMENT_UNKNOWN');
    }
    const timeZone = await resolveTimeZone(tx, input.timeZone);
    const state = input.state ?? existing?.state ?? STAFF_STATES.FULL_TIME;
    if (existing && existing.id === actor.id && state === STAFF_STATES.DEACTIVATED) {
      throw usersErrors.rule('CANNOT_DEACTIVATE_SELF', 'org.cannotDeactivateSelf');
    }
    // Deactivating or reactivating through an edit needs the same right as the dedicated calls.
    const deactivatedBefore = (existing?.state ?? STAFF_STATES.FULL_TIME) === STAFF_STATES.DEACTIVATED;
    if (deactivatedBefore !== (state === STAFF_STATES.DEACTIVATED)) authorize(ctx, 'staff.changeState');
    const data = {
      name: input.name,
      nameEn: input.nameEn ?? null,
      account,
      email: input.email ?? null,
      mobile: input.mobile ?? null,
      code: input.code ?? null,
      departmentId: input.departmentId ?? null,
      gender: input.gender ?? 0,
      state,
      ...(timeZone ? { timeZone } : {}),
      ...(input.sendMail !== undefined && input.sendMail !== null ? { sendMail: input.sendMail } : {}),
      ...(input.language !== undefined && input.language !== null ? { language: input.language } : {}),
    };
    let id: number;
    if (existing) {
      await tx.user.update({ where: { id: existing.id }, data });
      id = existing.id;
      if (state === STAFF_STATES.DEACTIVATED) {
        await tx.accessToken.updateMany({ where: { userId: id, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: 'deactivated' } });
      }
    } else {
      const last = await tx.user.aggregate({ where: { type: USER_TYPES.STAFF }, _max: { sort: true } });
      id = (await tx.user.create({ data: { ...data, type: USER_TYPES.STAFF, sort: (last._max.sort ?? 0) + 1 }, select: { id: true } })).id;
    }
    if (input.roleIds) {
      const roles = await resolveRoles(tx, actor, input.roleIds, USER_TYPES.STAFF);
      await tx.userRole.deleteMany({ where: { userId: id } });
      if (roles.length) await tx.userRole.createMany({ data: roles.map((r) => ({ userId: id, roleId: r.id })) });
    }
    let generatedPassword: string | null = null;
    let mailedTo: string | null = null;
    if (!existing) {
      generatedPassword = await setPasswordFor(tx, id, input.password ?? null);
      if (generatedPassword && input.sendMail && input.email) {
        await mailPassword(ctx, { email: input.email, name: input.name, account, password: generatedPassword });
        mailedTo = input.email;
        generatedPassword = null;
      }
    }
    return { result: { id, created: !existing, generatedPassword, mailedTo }, targetIds: [id] };
  });
}

async function mailPassword(ctx: ServiceContext, p: { email: string; name: string; account: string; password: string }): Promise<void> {
  // The mail goes in the recipient's default language (Chinese) with the English text below.
  const params = { name: p.name, account: p.account, password: p.password };
  await sendMail(ctx.config, {
    to: p.email,
    subject: `${translate('zh', 'org.passwordMailSubject')} / ${translate('en', 'org.passwordMailSubject')}`,
    text: `${translate('zh', 'org.passwordMailBody', params)}\n\n---\n\n${translate('en', 'org.passwordMailBody', params)}`,
  });
}

export const resetPasswordInput = z.object({
  id: dbId(),
  sendMail: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')])
    .optional()
    .nullable(),
});

export type ResetPasswordResult = { id: number; password: string | null; mailedTo: string | null };

/**
 * Gives a person a generated password and ends their sessions. The password is answered
 * once (it is stored only as a hash) unless it is mailed: `sendMail` in the request, or the
 * person's own `sendMail` setting when the request does not say.
 */
export async function resetPassword(ctx: ServiceContext, parsed: Parsed<z.output<typeof resetPasswordInput>>): Promise<ResetPasswordResult> {
  return runWrite<ResetPasswordResult>(ctx, { operation: 'user.resetPassword', targetType: 'User' }, async (tx) => {
    const actor = requireActor(ctx);
    const input = inputOf(parsed);
    const user = await tx.user.findUnique({ where: { id: input.id }, select: { id: true, type: true, name: true, account: true, email: true, sendMail: true } });
    if (!user) throw new NotFoundError();
    authorize(ctx, user.type === USER_TYPES.STAFF ? 'staff.edit' : 'user.edit');
    await assertMayActOn(tx, actor, user.id);
    if (!user.account) throw new ValidationError('org.accountRequired', undefined, 'NO_ACCOUNT');
    const mail = input.sendMail ?? user.sendMail;
    if (mail && !user.email) throw new ValidationError('org.passwordMailNoEmail', undefined, 'NO_EMAIL');
    const password = (await setPasswordFor(tx, user.id, null))!;
    if (mail && user.email) {
      // Last step of the write: if the mail fails, the password stays as it was.
      await mailPassword(ctx, { email: user.email, name: user.name, account: user.account, password });
      return { result: { id: user.id, password: null, mailedTo: user.email }, targetIds: [user.id] };
    }
    return { result: { id: user.id, password, mailedTo: null }, targetIds: [user.id] };
  });
}

export const checkAccountInput = z.object({ account: z.string().trim().min(1).max(100), id: dbId().optional().nullable() });

/** Whether an account is free (for another person than `id`). Staff editors only: it reveals accounts. */
export async function checkAccount(ctx: ServiceContext, parsed: Parsed<z.output<typeof checkAccountInput>>): Promise<{ available: boolean; valid: boolean }> {
  const actor = requireActor(ctx);
  if (!can(actor, 'staff.edit') && !can(actor, 'user.edit')) authorize(ctx, 'staff.edit');
  const input = inputOf(parsed);
  const valid = accountField.safeParse(input.account).success;
  const taken = await ctx.db.user.findFirst({ where: { account: input.account.toLowerCase(), ...(input.id ? { id: { not: input.id } } : {}) }, select: { id: true } });
  return { available: !taken, valid };
}

export const checkMobileInput = z.object({
  mobile: z.string().trim().min(1).max(20),
  id: dbId().optional().nullable(),
  type: z.coerce.number().int().min(1).max(3).optional().nullable(),
});

/** Whether a mobile number is free among people of one kind (staff unless `type` says otherwise). */
export async function checkMobile(ctx: ServiceContext, parsed: Parsed<z.output<typeof checkMobileInput>>): Promise<{ available: boolean; valid: boolean }> {
  const actor = requireActor(ctx);
  if (!can(actor, 'staff.edit') && !can(actor, 'user.edit')) authorize(ctx, 'staff.edit');
  const input = inputOf(parsed);
  const valid = mobileField.safeParse(input.mobile).success;
  const taken = await ctx.db.user.findFirst({
    where: { mobile: input.mobile, type: input.type ?? USER_TYPES.STAFF, ...(input.id ? { id: { not: input.id } } : {}) },
    select: { id: true },
  });
  return { available: !taken, valid };
}

export const changeManagerInput = z.object({
  fromUserId: dbId(),
  toUserId: dbId(),
  /** What moves; all when absent. */
  what: z
    .array(z.enum(['consultant', 'lecturer', 'department']))
    .max(3)
    .optional()
    .nullable(),
});

export type HandoverResult = { fromUserId: number; toUserId: number; consultant: number; lecturer: number; department: number };

/**
 * `changeManager`: hands a staff member's charges to another (typically before deactivating
 * them): the students they consult, the students they teach and the departments they head.
 */
export async function changeManager(ctx: ServiceContext, parsed: Parsed<z.output<typeof changeManagerInput>>): Promise<HandoverResult> {
  return runWrite(ctx, { operation: 'staff.changeManager', targetType: 'User' }, async (tx) => {
    authorize(ctx, 'staff.edit');
    const input = inputOf(parsed);
    if (input.fromUserId === input.toUserId) throw new ValidationError('org.handoverSame', undefined, 'HANDOVER_SAME');
    const [from, to] = await Promise.all([
      tx.user.findUnique({ where: { id: input.fromUserId }, select: { id: true, type: true } }),
      tx.user.findUnique({ where: { id: input.toUserId }, select: { id: true, type: true, state: true, roles: { select: { role: { select: { code: true } } } } } }),
    ]);
    if (!from || !to) throw new NotFoundError();
    if (from.type !== USER_TYPES.STAFF || to.type !== USER_TYPES.STAFF) throw usersErrors.rule('NOT_STAFF', 'org.notStaff');
    if (to.state === STAFF_STATES.DEACTIVATED) throw usersErrors.rule('HANDOVER_TARGET_INACTIVE', 'org.handoverTargetInactive');
    const what = new Set(input.what?.length ? input.what : ['consultant', 'lecturer', 'department']);
    const codes = to.roles.map((r) => r.role.code);
    const moved = { consultant: 0, lecturer: 0, department: 0 };
    if (what.has('consultant')) {
      if (!codes.includes('consultant') && (await tx.user.count({ where: { consultantId: from.id } })) > 0) {
        throw new ValidationError('org.relationTargetInvalid', { name: String(to.id), relation: translate(ctx.lang, 'org.relation.consultant') }, 'RELATION_INVALID');
      }
      moved.consultant = (await tx.user.updateMany({ where: { consultantId: from.id }, data: { consultantId: to.id } })).count;
    }
    if (what.has('lecturer')) {
      if (!codes.includes('lecturer') && (await tx.user.count({ where: { lecturerId: from.id } })) > 0) {
        throw new ValidationError('org.relationTargetInvalid', { name: String(to.id), relation: translate(ctx.lang, 'org.relation.lecturer') }, 'RELATION_INVALID');
      }
      moved.lecturer = (await tx.user.updateMany({ where: { lecturerId: from.id }, data: { lecturerId: to.id } })).count;
    }
    if (what.has('department')) {
      moved.department = (await tx.department.updateMany({ where: { managerId: from.id }, data: { managerId: to.id } })).count;
    }
    return { result: { fromUserId: from.id, toUserId: to.id, ...moved }, targetIds: [from.id, to.id] };
  });
}

export const saveStaffSortInput = z.object({
  items: z
    .array(z.object({ id: dbId(), sort: z.coerce.number().int().min(0).max(1_000_000) }))
    .min(1)
    .max(5000),
});

/** Saves the custom order of the staff list (`custom/saveSort`). */
export async function saveStaffSort(ctx: ServiceContext, parsed: Parsed<z.output<typeof saveStaffSortInput>>): Promise<Array<{ id: number; sort: number }>> {
  return runWrite(ctx, { operation: 'staff.saveSort', targetType: 'User' }, async (tx) => {
    authorize(ctx, 'staff.edit');
    const input = inputOf(parsed);
    if (!input.items.length) throw new ValidationError('org.sortEmpty');
    const ids = [...new Set(input.items.map((i) => i.id))];
    const staff = await tx.user.count({ where: { id: { in: ids }, type: USER_TYPES.STAFF } });
    if (staff !== ids.length) throw new NotFoundError();
    for (const item of input.items) await tx.user.update({ where: { id: item.id }, data: { sort: item.sort } });
    return { result: input.items, targetIds: ids };
  });
}
