/** Texts of the workdaily area; merged into the one catalogue by server/i18n/catalogue.ts. */
export const workdailyMessages = {
} as const satisfies Record<string, { zh: string; en: string }>;
