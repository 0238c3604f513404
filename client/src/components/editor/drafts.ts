import { DRAFT_PREFIX } from './rules.ts';

/** Autosaved drafts (local storage, key prefix PC_). Kept outside the editor chunk so forms can clear them. */
export function loadDraft(key: string): string | null {
  try {
    return localStorage.getItem(DRAFT_PREFIX + key);
  } catch {
    return null;
  }
}

export function saveDraft(key: string, html: string): void {
  try {
    localStorage.setItem(DRAFT_PREFIX + key, html);
  } catch {
    // A full quota or private mode: drafts are a convenience.
  }
}

export function clearDraft(key: string): void {
  try {
    localStorage.removeItem(DRAFT_PREFIX + key);
  } catch {
    // ignore
  }
}
