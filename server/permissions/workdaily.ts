import type { Actor } from '../context.ts';

const hasRole = (...codes: string[]) => (a: Actor) => codes.some((c) => a.roleCodes.includes(c));

/** Permissions of the workdaily area; merged into the one policy by server/policy.ts. */
export const workdailyPermissions = {
  /** See and change every user's calendar subscription (batch open and pause, the list). */
  'ics.manageAll': hasRole('manager'),
  /** Import events from an .ics file into one's own calendar (staff). */
  'ics.import': (a: Actor) => a.type === 1,
  /** Work statistics and schedule-entry lists of every staff member, not only one's own. */
  'workdaily.readAll': hasRole('manager'),
} as const satisfies Record<string, (a: Actor) => boolean>;
