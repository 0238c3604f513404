/**
 * What the browser keeps: the token in the `Admin-Token` cookie, the language in the `lang`
 * cookie (zh, en), and the store in local storage under keys prefixed `PC_` (spec section 9).
 */
const TOKEN_COOKIE = 'Admin-Token';
const LANG_COOKIE = 'lang';
const PREFIX = 'PC_';

function readCookie(name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name.replace(/[-]/g, '\\-')}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

function writeCookie(name: string, value: string | null, maxAgeDays?: number): void {
  if (value === null) {
    document.cookie = `${name}=; path=/; max-age=0; SameSite=Lax`;
    return;
  }
  const age = maxAgeDays ? `; max-age=${maxAgeDays * 86400}` : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/${age}; SameSite=Lax`;
}

export const getToken = (): string | null => readCookie(TOKEN_COOKIE) || null;
export const setToken = (token: string): void => writeCookie(TOKEN_COOKIE, token);
export const removeToken = (): void => writeCookie(TOKEN_COOKIE, null);

export function getLangCookie(): 'zh' | 'en' {
  return readCookie(LANG_COOKIE) === 'en' ? 'en' : 'zh';
}
export const setLangCookie = (lang: 'zh' | 'en'): void => writeCookie(LANG_COOKIE, lang, 365);

export function load<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function save(key: string, value: unknown): void {
  try {
    if (value === undefined || value === null) localStorage.removeItem(PREFIX + key);
    else localStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the app keeps working from memory.
  }
}
