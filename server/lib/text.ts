/** Escapes `\`, `%` and `_` so that a user's search text matches literally in LIKE/ILIKE. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Search text as users type it: trimmed, bounded, literal. Empty means "no filter". */
export function searchText(raw: string | null | undefined, max = 100): string | null {
  // U+0000 cannot be stored, so it cannot match either.
  const s = raw?.replaceAll('\u0000', '').trim().slice(0, max);
  return s ? escapeLike(s) : null;
}

/** PostgreSQL text cannot hold U+0000: inputs holding it are refused before they reach SQL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || !value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}
