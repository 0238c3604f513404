/** The catalogue split per language and area at build time (client/scripts/i18n-texts.ts). */
declare module 'virtual:i18n-texts' {
  export const groups: string[];
  export const loaders: Record<'zh' | 'en', Record<string, (() => Promise<{ default: Record<string, string> }>) | undefined>>;
}
