/** Texts of the tasks area; merged into the one catalogue by server/i18n/catalogue.ts. */
export const tasksMessages = {
} as const satisfies Record<string, { zh: string; en: string }>;
