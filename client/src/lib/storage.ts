/**
 * What the browser keeps: the token in local storage under `Admin-Token` (shared by the tabs,
 * sent only in the `X-Token` header, never with every request as a cookie would be; the server
 * never read the old `Admin-Token` cookie), the language in the `lang` cookie (zh, en), and the
 * store in local storage under keys prefixed `PC_` (spec section 9).
 */
const TOKEN_KEY = 'Admin-Token';
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

/** A token an older client left in the `Admin-Token` cookie moves to local storage, once. */
function migrateTokenCookie(): void {
  const old = readCookie(TOKEN_KEY);
  if (old === null) return;
  writeCookie(TOKEN_KEY, null);
  try {
    if (old && !localStorage.getItem(TOKEN_KEY)) localStorage.setItem(TOKEN_KEY, old);
  } catch {
    // No storage: the next login stores it again.
  }
}

export function getToken(): string | null {
  migrateTokenCookie();
  try {
    return localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  try {
    localStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Private mode or a full quota: the session lasts as long as the page.
  }
}

export function removeToken(): void {
  writeCookie(TOKEN_KEY, null);
  try {
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored.
  }
}

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
