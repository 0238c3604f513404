import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogue } from '../../../server/i18n/catalogue.ts';
import type { Lang } from '../lib/format.ts';
import { getLangCookie, setLangCookie } from '../lib/storage.ts';

/** i18next resources built from the one catalogue (server/i18n/catalogue.ts), both languages. */
function resources() {
  const zh: Record<string, string> = {};
  const en: Record<string, string> = {};
  for (const [key, entry] of Object.entries(catalogue) as Array<[string, { zh: string; en: string }]>) {
    zh[key] = entry.zh;
    en[key] = entry.en;
  }
  return { zh: { translation: zh }, en: { translation: en } };
}

void i18next.use(initReactI18next).init({
  resources: resources(),
  lng: getLangCookie(),
  fallbackLng: 'zh',
  supportedLngs: ['zh', 'en'],
  // Catalogue keys contain dots; placeholders are written {name}.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  initAsync: false,
});

export function currentLang(): Lang {
  return i18next.language === 'en' ? 'en' : 'zh';
}

/** Applies a language to the page, the `lang` cookie and i18next. */
export function applyLang(lang: Lang): void {
  setLangCookie(lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  document.title = catalogue['client.appName'][lang];
  if (i18next.language !== lang) void i18next.changeLanguage(lang);
}

export const t = (key: string, params?: Record<string, unknown>): string => i18next.t(key, params ?? {});
export { i18next };
