import { randomInt } from 'node:crypto';
import type { Actor } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { ForbiddenError, ValidationError } from '../../errors.ts';
import { USER_TYPES } from '../../lib/codes.ts';
import { z } from '../../lib/validate.ts';
import { hashPassword, passwordRuleViolation } from '../auth/index.ts';
import type { MessageKey } from '../../i18n/catalogue.ts';
import { can } from '../../policy.ts';
import { operationRightsOf } from '../../session/session.ts';
import { usersErrors } from './users.errors.ts';

/** A blank text counts as missing, so that the answer says "required" rather than "invalid". */
export const requiredText = (max: number) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().min(1).max(max));

/** Field rules shared by staff, parents and students (both doors). */
export const nameField = requiredText(100);
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v === undefined ? undefined : v ? v : null));
export const genderField = z.coerce.number().int().min(0).max(2).optional().nullable();
/** Mainland mobiles (11 digits from 1) or international numbers with + and 6 to 15 digits. */
export const mobileField = z
  .string()
  .trim()
  .max(20)
  .refine((v) => v === '' || /^1\d{10}$/.test(v) || /^\+\d{6,15}$/.test(v))
  .optional()
  .nullable()
  .transform((v) => (v === undefined ? undefined : v ? v : null));
export const emailField = z
  .string()
  .trim()
  .max(200)
  .refine((v) => v === '' || z.email().safeParse(v).success)
  .optional()
  .nullable()
  .transform((v) => (v === undefined ? undefined : v ? v : null));
/** Accounts: 2 to 50 of letters, digits, `.`, `_`, `-`, `@`; stored lower-case. */
export const accountField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._@-]{2,50}$/),
);

export async function assertAccountFree(tx: Tx, account: string, exceptId?: number | null): Promise<void> {
  const taken = await tx.user.findFirst({ where: { account: account.toLowerCase(), ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (taken) throw new ValidationError('org.accountTaken', undefined, 'ACCOUNT_TAKEN');
}

/** A mobile number belongs to one person of each kind (a parent and their child may share one). */
export async function assertMobileFree(tx: Tx, mobile: string, type: number, exceptId?: number | null): Promise<void> {
  const taken = await tx.user.findFirst({ where: { mobile, type, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { id: true } });
  if (taken) throw new ValidationError('org.mobileTaken', undefined, 'MOBILE_TAKEN');
}

export async function resolveTimeZone(tx: Tx, name: string | null | undefined): Promise<string | null> {
  if (!name) return null;
  const zone = await tx.sysTimeZone.findUnique({ where: { name: name.trim() }, select: { name: true } });
  if (!zone) throw new ValidationError('org.timeZoneUnknown', undefined, 'UNKNOWN_TIME_ZONE');
  return zone.name;
}

/**
 * Checks roles about to be authorised to a person of `type`: they exist, apply to that kind
 * of person, and the caller may grant them. Only administrators grant the administrator
 * role or a role holding an operation right the caller lacks, so nobody raises anyone above
 * themself.
 */
export async function resolveRoles(tx: Tx, actor: Actor, roleIds: number[], type: number) {
  const unique = [...new Set(roleIds)];
  const roles = await tx.role.findMany({
    where: { id: { in: unique } },
    select: { id: true, code: true, name: true, types: true, rights: { where: { right: { path: null } }, select: { right: { select: { key: true } } } } },
  });
  if (roles.length !== unique.length) throw new ValidationError('org.roleUnknown', undefined, 'ROLE_UNKNOWN');
  for (const role of roles) {
    if (!role.types.includes(type)) throw new ValidationError('org.roleTypeMismatch', { role: role.name }, 'ROLE_TYPE_MISMATCH');
    if (!actor.isAdmin) {
      const mine = operationRightsOf(actor);
      if (role.code === 'admin' || role.rights.some((r) => !mine.has(r.right.key))) throw new ForbiddenError();
    }
  }
  return roles;
}

/** Non-administrators may not edit, reset or deactivate an administrator (`holdsAdmin`: the person holds the admin role). */
export function mayActOn(actor: Actor, holdsAdmin: boolean): boolean {
  return actor.isAdmin || !holdsAdmin;
}

/** Refuses what `mayActOn` refuses, reading the person's roles. */
export async function assertMayActOn(tx: Tx, actor: Actor, userId: number): Promise<void> {
  if (actor.isAdmin) return;
  const admin = await tx.userRole.findFirst({ where: { userId, role: { code: 'admin' } }, select: { userId: true } });
  if (!mayActOn(actor, !!admin)) throw new ForbiddenError();
}

/**
 * What the caller may do to a person, by the same rules the writes check (`saveStaff`/`savePerson`,
 * `setStaffState`/`updateUserState`, `resetPassword`): the right for the person's kind, never an
 * administrator unless the caller is one, never deactivate oneself, a reset needs an account.
 * `restriction` is the catalogue key saying why an act the caller's rights allow is refused here.
 */
export function actsOnPerson(
  actor: Actor,
  person: { id: number; type: number; state: number; account: string | null; roles: ReadonlyArray<{ role: { code: string | null } }> },
): { edit: boolean; changeState: boolean; resetPassword: boolean; restriction: MessageKey | null } {
  const staff = person.type === USER_TYPES.STAFF;
  const editRight = can(actor, staff ? 'staff.edit' : 'user.edit');
  const stateRight = can(actor, staff ? 'staff.changeState' : 'user.edit');
  const allowed = mayActOn(
    actor,
    person.roles.some((r) => r.role.code === 'admin'),
  );
  const self = person.id === actor.id;
  const deactivated = person.state === 3;
  return {
    edit: editRight && allowed,
    changeState: stateRight && allowed && !(self && !deactivated),
    resetPassword: editRight && allowed && !!person.account,
    restriction: (editRight || stateRight) && !allowed ? 'org.adminOnlyByAdmin' : null,
  };
}

/**
 * Whether `actorId` stands strictly above the staff member `targetId` in the department tree:
 * the actor heads a department the target belongs to, directly or through sub-departments,
 * and the target heads neither that department nor any above it. Nobody is above themself;
 * a person without a department has nobody above them but administrators.
 */
export async function isStrictlyAbove(tx: Tx, actorId: number, targetId: number): Promise<boolean> {
  if (actorId === targetId) return false;
  const target = await tx.user.findUnique({ where: { id: targetId }, select: { departmentId: true } });
  if (!target?.departmentId) return false;
  const departments = await tx.department.findMany({ select: { id: true, parentId: true, managerId: true } });
  const byId = new Map(departments.map((d) => [d.id, d]));
  // The chain from the target's department up to the top.
  const chain: Array<{ managerId: number | null }> = [];
  const seen = new Set<number>();
  for (let d = byId.get(target.departmentId); d && !seen.has(d.id); d = d.parentId !== null ? byId.get(d.parentId) : undefined) {
    seen.add(d.id);
    chain.push(d);
  }
  const headed = chain.findIndex((d) => d.managerId === actorId);
  if (headed < 0) return false;
  return !chain.slice(headed).some((d) => d.managerId === targetId);
}

/**
 * Setting a person's password (a chosen one, or a first one generated for an existing
 * person) is for administrators, or for someone strictly above the person (`isStrictlyAbove`;
 * parents and students have the staff who manage people above them). Anyone else with the
 * right to edit the person uses the reset flow (`resetPassword`), which ends the person's
 * sessions and mails or shows a generated password. Nobody sets their own password this way:
 * that is `changePassword`, which asks for the current one.
 */
export async function assertMaySetPassword(tx: Tx, actor: Actor, target: { id: number; type: number }): Promise<void> {
  if (actor.isAdmin) return;
  if (target.id !== actor.id && target.type !== USER_TYPES.STAFF) return;
  if (await isStrictlyAbove(tx, actor.id, target.id)) return;
  throw usersErrors.rule('PASSWORD_SET_FORBIDDEN', 'org.passwordSetForbidden');
}

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIAL = '#@%+=?!';

/** A random 12-character password holding all four character classes (no look-alike characters). */
export function generatePassword(): string {
  const pools = [LOWER, UPPER, DIGITS, SPECIAL];
  const all = pools.join('');
  const chars = pools.map((p) => p[randomInt(p.length)]!);
  while (chars.length < 12) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * Sets a password: the given one (checked against the password rules) or a generated one,
 * which is returned so that it can be shown once or mailed. Sessions of the user end.
 */
export async function setPasswordFor(tx: Tx, userId: number, given: string | null): Promise<string | null> {
  let password = given;
  let generated: string | null = null;
  if (password) {
    const violation = passwordRuleViolation(password);
    if (violation) throw new ValidationError(violation, undefined, 'PASSWORD_RULES');
  } else {
    password = generated = generatePassword();
  }
  await tx.user.update({ where: { id: userId }, data: { passwordHash: await hashPassword(password), passwordChangedAt: new Date() } });
  await tx.accessToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date(), revokedReason: 'password' } });
  return generated;
}
