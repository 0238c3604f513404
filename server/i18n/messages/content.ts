/** Texts of the content area; merged into the one catalogue by server/i18n/catalogue.ts. */
export const contentMessages = {
} as const satisfies Record<string, { zh: string; en: string }>;
