/** Texts of the client area; merged into the one catalogue by server/i18n/catalogue.ts. */
export const clientMessages = {
} as const satisfies Record<string, { zh: string; en: string }>;
