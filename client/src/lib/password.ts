/** Password rules of spec section 5 (change password and the login tip). Pure functions. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 24;

/** Character classes counted: digit, lower-case, upper-case, special. */
export function characterClasses(password: string): number {
  let n = 0;
  if (/[0-9]/.test(password)) n += 1;
  if (/[a-z]/.test(password)) n += 1;
  if (/[A-Z]/.test(password)) n += 1;
  if (/[^0-9a-zA-Z]/.test(password)) n += 1;
  return n;
}

export type Strength = 'weak' | 'medium' | 'strong';

/** The change-password strength bar: weak at one class, medium at two, strong at three or more. */
export function strengthBar(password: string): Strength | null {
  const classes = characterClasses(password);
  if (classes === 0) return null;
  if (classes === 1) return 'weak';
  if (classes === 2) return 'medium';
  return 'strong';
}

export type LoginStrength = 'tooShort' | 'medium' | 'strong';

/** The login tip: too short under 8 characters, strong with three or more classes, else medium. */
export function loginStrength(password: string): LoginStrength | null {
  if (!password) return null;
  if (password.length < PASSWORD_MIN) return 'tooShort';
  return characterClasses(password) >= 3 ? 'strong' : 'medium';
}

/** The first problem with a new password, as a catalogue key, or null when it is acceptable. */
export function newPasswordProblem(password: string): 'password.length' | 'password.classes' | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'password.length';
  if (characterClasses(password) <= 2) return 'password.classes';
  return null;
}
