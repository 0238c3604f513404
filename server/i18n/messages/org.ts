/** Texts of the org area; merged into the one catalogue by server/i18n/catalogue.ts. */
export const orgMessages = {
} as const satisfies Record<string, { zh: string; en: string }>;
