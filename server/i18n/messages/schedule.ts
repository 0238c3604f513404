/** Texts of the schedule area; merged into the one catalogue by server/i18n/catalogue.ts. */
export const scheduleMessages = {
} as const satisfies Record<string, { zh: string; en: string }>;
