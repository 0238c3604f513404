/**
 * Codes shared by every module, with the legacy numbers they are stored as (docs/rules.md).
 * Module-specific codes (task states, archive states...) live in their module.
 */

/** `User.type`: who a user is. */
export const USER_TYPES = { STAFF: 1, PARENT: 2, STUDENT: 3 } as const;

/** `User.state` of staff: employment. */
export const STAFF_STATES = { FULL_TIME: 1, PART_TIME: 2, DEACTIVATED: 3 } as const;

/** Whether the caller (or any user row) is staff. */
export const isStaff = (user: { type: number }): boolean => user.type === USER_TYPES.STAFF;
