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

/**
 * What a JSON body may hold, counted on its bytes before it is parsed (docs/security.md):
 * parsing is not linear in the number of distinct keys (200 000 keys in 2 MB take V8 1.4 s)
 * and 100 000 short strings take it 100 ms, so a body within the byte limit could still stall
 * the server. A page of 1 000 rows of ten fields is 10 000 keys and 11 000 values; the deepest
 * input of the schema nests about ten levels.
 */
export const JSON_LIMITS = { maxKeys: 20_000, maxValues: 50_000, maxDepth: 64 } as const;

/**
 * Whether a JSON text has more keys (`:`), values (`,`) or levels (`[`, `{`) outside its
 * strings than JSON_LIMITS allows. A byte scan, stopped as soon as a count passes its limit.
 */
export function jsonTooComplex(bytes: Uint8Array): boolean {
  let keys = 0;
  let values = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i += 1; // a backslash escapes the next byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x3a) {
      if (++keys > JSON_LIMITS.maxKeys) return true;
    } else if (b === 0x2c) {
      if (++values > JSON_LIMITS.maxValues) return true;
    } else if (b === 0x5b || b === 0x7b) {
      if (++depth > JSON_LIMITS.maxDepth) return true;
    } else if (b === 0x5d || b === 0x7d) depth -= 1;
  }
  return false;
}
