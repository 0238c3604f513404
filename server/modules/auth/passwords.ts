import { hash, verify, type Algorithm } from '@node-rs/argon2';
import type { MessageKey } from '../../i18n/catalogue.ts';

/**
 * OWASP Password Storage Cheat Sheet: argon2id, 19 MiB, 2 iterations, parallelism 1.
 * @node-rs/argon2 ships prebuilt binaries as npm packages: nothing is compiled at install.
 */
// Algorithm is an ambient const enum; 2 is its Argon2id member.
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) {
    // Spend comparable time so that unknown accounts are not revealed by timing.
    await hash(plain, ARGON2_OPTIONS);
    return false;
  }
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 24;

/** Character classes the spec counts: digit, lowercase, uppercase, special. */
export function passwordClasses(password: string): number {
  let n = 0;
  if (/[0-9]/.test(password)) n++;
  if (/[a-z]/.test(password)) n++;
  if (/[A-Z]/.test(password)) n++;
  if (/[^0-9a-zA-Z]/.test(password)) n++;
  return n;
}

/** The spec's strength bar: weak at one class, medium at two, strong at three or more. */
export function passwordStrength(password: string): 'weak' | 'medium' | 'strong' {
  const classes = passwordClasses(password);
  return classes >= 3 ? 'strong' : classes === 2 ? 'medium' : 'weak';
}

/** Returns the message key of the first broken rule, or null when the password is acceptable. */
export function passwordRuleViolation(password: string): MessageKey | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'password.length';
  if (passwordClasses(password) < 3) return 'password.classes';
  return null;
}
