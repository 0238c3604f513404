import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { groups, loaders } from 'virtual:i18n-texts';
import type { Lang } from '../lib/format.ts';
import { getLangCookie, setLangCookie } from '../lib/storage.ts';

/**
 * Texts come from the one catalogue (server/i18n/catalogue.ts), split at build time into one
 * chunk per language and area (client/scripts/i18n-texts.ts). The page starts with the `base`
 * texts (core + shell) of its language only; the layout loads the rest of that language, and a
 * language switch loads the new language before showing it. Every key stays in i18next's one
 * default namespace, so `t('client.x')` / `useTranslation()` work as before.
 */
const loaded = new Map<string, Promise<void>>();

/** Loads the texts of some groups (`all`: every group) of a language; resolves once i18next has them. */
export function loadTexts(lang: Lang, which: readonly string[] | 'all' = 'all'): Promise<void> {
  const names = which === 'all' ? groups : which;
  return Promise.all(
    names.map((group) => {
      const id = `${lang}/${group}`;
      let done = loaded.get(id);
      if (!done) {
        const load = loaders[lang][group];
        done = load
          ? load().then(
              (m) => {
                i18next.addResourceBundle(lang, 'translation', m.default, true, true);
              },
              (err: unknown) => {
                loaded.delete(id); // a failed chunk load may be retried
                throw err;
              },
            )
          : Promise.resolve();
        loaded.set(id, done);
      }
      return done;
    }),
  ).then(() => undefined);
}

const initial = getLangCookie();
void i18next.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initial,
  fallbackLng: 'zh',
  supportedLngs: ['zh', 'en'],
  // Catalogue keys contain dots; placeholders are written {name}.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  returnNull: false,
  initAsync: false,
  // Re-render when a screen's texts arrive after it mounted.
  react: { bindI18nStore: 'added' },
});
// The first render needs the shell's texts of the page's language (one small chunk).
await loadTexts(initial, ['base']);

export function currentLang(): Lang {
  return i18next.language === 'en' ? 'en' : 'zh';
}

/**
 * Applies a language to the page, the `lang` cookie and i18next. The cookie and the page's
 * `lang` change at once; i18next switches when the language's texts (those already loaded in
 * the other language) have arrived.
 */
export function applyLang(lang: Lang): Promise<void> {
  setLangCookie(lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  const have = [...loaded.keys()].filter((id) => id.startsWith(`${currentLang()}/`)).map((id) => id.slice(id.indexOf('/') + 1));
  return loadTexts(lang, ['base', ...have]).then(async () => {
    document.title = i18next.t('client.appName', { lng: lang });
    if (i18next.language !== lang) await i18next.changeLanguage(lang);
  });
}

export const t = (key: string, params?: Record<string, unknown>): string => i18next.t(key, params ?? {});
export { i18next };
