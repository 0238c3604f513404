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
 *
 * Two things make a switch complete whatever the timing: the groups the page has asked for are
 * remembered whatever their language (`wanted`), and the language being switched to (`target`)
 * is known at once. A group asked for while a switch is on its way is loaded in the target
 * language too, and the switch happens only when every wanted group of that language is there.
 * (Before, a user whose preference is English logged in, the login page switched without
 * waiting, the layout loaded the area texts in Chinese, and the switch had decided from the
 * groups loaded at its start: the areas stayed Chinese until the page was reloaded.)
 */
const loaded = new Map<string, Promise<void>>();
/** Every group the page has asked for, in any language. */
const wanted = new Set<string>(['base']);

function loadGroup(lang: Lang, group: string): Promise<void> {
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
}

const initial = getLangCookie();
/** The language the page shows or is switching to (applyLang sets it at once). */
let target: Lang = initial;

/**
 * Loads the texts of some groups (`all`: every group) of a language; resolves once i18next has
 * them. While a switch to another language is on its way they are loaded in that language too.
 */
export function loadTexts(lang: Lang, which: readonly string[] | 'all' = 'all'): Promise<void> {
  const names = which === 'all' ? groups : which;
  names.forEach((g) => wanted.add(g));
  const langs = lang === target ? [lang] : [lang, target];
  return Promise.all(langs.flatMap((l) => names.map((g) => loadGroup(l, g)))).then(() => undefined);
}

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

/** The language the page shows now. */
export function currentLang(): Lang {
  return i18next.language === 'en' ? 'en' : 'zh';
}

/** The language the page is switching to, or shows: what texts loaded now should be in. */
export function targetLang(): Lang {
  return target;
}

/**
 * Applies a language to the page, the `lang` cookie and i18next. The cookie and the page's
 * `lang` change at once; i18next switches when every group the page has asked for (including
 * groups asked for while this runs) has arrived in that language. The promise resolves then;
 * a later switch to another language wins over this one.
 */
export async function applyLang(lang: Lang): Promise<void> {
  target = lang;
  setLangCookie(lang);
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  let count: number;
  do {
    count = wanted.size;
    await loadTexts(lang, [...wanted]);
  } while (wanted.size !== count);
  if (target !== lang) return;
  document.title = i18next.t('client.appName', { lng: lang });
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
}

export const t = (key: string, params?: Record<string, unknown>): string => i18next.t(key, params ?? {});
export { i18next };
