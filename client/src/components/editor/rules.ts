/**
 * The rich-text editor's rules (spec sections 5 and 9) as pure functions, so they are unit
 * tested without a browser (tests/client/editor-rules.test.ts). The editor is not the only
 * defence: the server sanitises every rich text it stores (server/lib/html.ts).
 */

export const EDITOR_LIMITS = {
  /** Characters of visible text; over it the editor warns that the server may refuse. */
  maxChars: 10_000,
  autosaveMs: 500,
  messageMs: 4000,
  autosaveMessageMs: 2000,
  undoDepth: 20,
  attachmentsPerPick: 100,
  tablePickerDefault: 10,
  tablePickerMax: 20,
  tableMaxCols: 20,
  tableMaxRows: 100,
  /** Inline images travel inside the HTML (data URLs), so they are kept small. */
  imageMaxBytes: 1024 * 1024,
  /** Attachments become project files (uploadProjectFile takes up to 20 MB). */
  attachmentMaxBytes: 20 * 1024 * 1024,
  tabSpaces: 4,
  indentStepEm: 2,
  maxIndent: 8,
} as const;

export const LINE_HEIGHTS = ['1', '1.5', '1.75', '2', '3', '4', '5'] as const;

/** Autosaved drafts live in local storage under the store's prefix (spec section 9: PC_). */
export const DRAFT_PREFIX = 'PC_editorDraft_';

export type LinkResult = { href: string; protocolAdded: boolean } | null;

/**
 * A link without a protocol gets `http://` (and the user is told). Only http, https and mailto
 * links are kept; anything else (javascript:, data:, vbscript:, file:) is refused.
 */
export function normaliseLink(raw: string): LinkResult {
  const text = raw.trim();
  if (!text) return null;
  if (/^mailto:/i.test(text)) return /^mailto:[^\s<>"]+@[^\s<>"]+$/i.test(text) ? { href: text, protocolAdded: false } : null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^https?:\/\//i.test(text)) {
    // "localhost:8080/x" has a scheme-like prefix but is a host with a port.
    if (!/^[a-z0-9.-]+:\d+(\/|$)/i.test(text)) return null;
  }
  const protocolAdded = !/^https?:\/\//i.test(text);
  const href = protocolAdded ? `http://${text.replace(/^\/+/, '')}` : text;
  try {
    const url = new URL(href);
    if (!url.hostname || /[\s<>"]/.test(href)) return null;
    return { href: url.href === `${href}/` ? href : url.href, protocolAdded };
  } catch {
    return null;
  }
}

/** Width and height of an image or a video: empty (natural size) or a positive whole number up to 4000. */
export function parseSize(raw: string): { ok: true; value: number | null } | { ok: false } {
  const text = raw.trim();
  if (!text) return { ok: true, value: null };
  if (!/^\d{1,4}$/.test(text)) return { ok: false };
  const value = Number(text);
  return value > 0 && value <= 4000 ? { ok: true, value } : { ok: false };
}

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

/**
 * An image by address: http(s) only, and either a known image format in the path or a host
 * on the allowed list (the site itself). SVG is never accepted (it can carry script).
 */
export function checkImageUrl(raw: string, allowedHosts: readonly string[]): { ok: true; src: string } | { ok: false } {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false };
  const ext = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase();
  if (ext === 'svg' || ext === 'svgz') return { ok: false };
  const formatOk = ext !== undefined && (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  const hostOk = allowedHosts.some((h) => h.toLowerCase() === url.host.toLowerCase());
  return formatOk || hostOk ? { ok: true, src: url.href } : { ok: false };
}

export type UploadProblem = 'empty' | 'tooLarge' | 'typeNotAllowed';

/** The type of an image from its first bytes (what the server's file-type does), or null. */
export function sniffImage(bytes: Uint8Array): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47) return 'png';
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'jpeg';
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x38) return 'gif';
  if (at(0) === 0x52 && at(1) === 0x49 && at(2) === 0x46 && at(3) === 0x46 && at(8) === 0x57 && at(9) === 0x45 && at(10) === 0x42 && at(11) === 0x50) return 'webp';
  return null;
}

/** Checks an image file before it is read: empty, too big, or not an allowed extension. */
export function checkImageFile(file: { name: string; size: number }): UploadProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > EDITOR_LIMITS.imageMaxBytes) return 'tooLarge';
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (!ext || !(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'typeNotAllowed';
  return null;
}

/** What the server's project-file store accepts (server/lib/upload.ts), by extension. */
export const ATTACHMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt', 'csv', 'md', 'png', 'jpg', 'jpeg', 'gif', 'webp'] as const;

export function checkAttachment(file: { name: string; size: number }): UploadProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > EDITOR_LIMITS.attachmentMaxBytes) return 'tooLarge';
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  if (!ext || !(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return 'typeNotAllowed';
  return null;
}

export type Embed = { kind: 'video' | 'iframe'; src: string; original: string };

/**
 * A video by address: a page of a known video site becomes its embed address; a direct
 * mp4/webm/ogg file plays in a video element. Anything else is a wrong address.
 */
export function parseVideoUrl(raw: string): Embed | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^www\./, '').toLowerCase();
  const original = url.href;
  const https = (s: string): Embed => ({ kind: 'iframe', src: s, original });
  if (host === 'youtube.com' || host === 'm.youtube.com') {
    const id = url.searchParams.get('v') ?? /^\/(?:embed|shorts)\/([\w-]{6,})/.exec(url.pathname)?.[1];
    return id && /^[\w-]{6,20}$/.test(id) ? https(`https://www.youtube.com/embed/${id}`) : null;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1);
    return /^[\w-]{6,20}$/.test(id) ? https(`https://www.youtube.com/embed/${id}`) : null;
  }
  if (host === 'vimeo.com') {
    const id = /^\/(\d{5,12})/.exec(url.pathname)?.[1];
    return id ? https(`https://player.vimeo.com/video/${id}`) : null;
  }
  if (host === 'bilibili.com') {
    const id = /^\/video\/(BV[\w]{8,12})/i.exec(url.pathname)?.[1];
    return id ? https(`https://player.bilibili.com/player.html?bvid=${id}`) : null;
  }
  if (host === 'v.youku.com') {
    const id = /id_([\w=]{6,30})\.html/.exec(url.pathname)?.[1];
    return id ? https(`https://player.youku.com/embed/${id}`) : null;
  }
  if (host === 'v.qq.com') {
    const id = /\/([a-z0-9]{11})\.html$/i.exec(url.pathname)?.[1];
    return id ? https(`https://v.qq.com/txp/iframe/player.html?vid=${id}`) : null;
  }
  if (/\.(mp4|webm|ogg|ogv)$/i.test(url.pathname)) return { kind: 'video', src: original, original };
  return null;
}

/** An iframe address: required, http(s) only. */
export function parseIframeUrl(raw: string): { ok: true; src: string } | { ok: false; reason: 'required' | 'invalid' } {
  const text = raw.trim();
  if (!text) return { ok: false, reason: 'required' };
  const link = normaliseLink(text);
  if (!link || link.href.startsWith('mailto:')) return { ok: false, reason: 'invalid' };
  return { ok: true, src: link.href };
}

/** The table picker grows from 10×10 towards 20×20: one more row (column) than the one under the pointer. */
export function pickerSize(hoverRows: number, hoverCols: number): { rows: number; cols: number } {
  const { tablePickerDefault: base, tablePickerMax: max } = EDITOR_LIMITS;
  return {
    rows: Math.min(max, Math.max(base, hoverRows + 2)),
    cols: Math.min(max, Math.max(base, hoverCols + 2)),
  };
}

/** Whether a table may grow by one row or column. */
export function tableMayGrow(rows: number, cols: number, what: 'row' | 'col'): boolean {
  return what === 'row' ? rows < EDITOR_LIMITS.tableMaxRows : cols < EDITOR_LIMITS.tableMaxCols;
}

/** The word-count line: the count and what is left, or the overflow warning. */
export function countState(count: number): { overflow: boolean; count: number; left: number; max: number } {
  const max = EDITOR_LIMITS.maxChars;
  return { overflow: count > max, count, left: Math.max(0, max - count), max };
}

/** Positions of every literal (case-insensitive when asked) occurrence of `needle` in `text`. */
export function findAll(text: string, needle: string, caseSensitive: boolean): number[] {
  if (!needle) return [];
  const hay = caseSensitive ? text : text.toLowerCase();
  const n = caseSensitive ? needle : needle.toLowerCase();
  const out: number[] = [];
  for (let i = hay.indexOf(n); i !== -1; i = hay.indexOf(n, i + n.length)) out.push(i);
  return out;
}

export const SPECIAL_CHARACTERS = [
  '、',
  '。',
  '·',
  'ˉ',
  'ˇ',
  '¨',
  '〃',
  '々',
  '—',
  '～',
  '‖',
  '…',
  '‘',
  '’',
  '“',
  '”',
  '〔',
  '〕',
  '〈',
  '〉',
  '《',
  '》',
  '「',
  '」',
  '『',
  '』',
  '〖',
  '〗',
  '【',
  '】',
  '±',
  '×',
  '÷',
  '∶',
  '∧',
  '∨',
  '∑',
  '∏',
  '∪',
  '∩',
  '∈',
  '∷',
  '√',
  '⊥',
  '∥',
  '∠',
  '⌒',
  '⊙',
  '∫',
  '∮',
  '≡',
  '≌',
  '≈',
  '∽',
  '∝',
  '≠',
  '≮',
  '≯',
  '≤',
  '≥',
  '∞',
  '∵',
  '∴',
  '♂',
  '♀',
  '°',
  '′',
  '″',
  '℃',
  '$',
  '¤',
  '￠',
  '￡',
  '‰',
  '§',
  '№',
  '☆',
  '★',
  '○',
  '●',
  '◎',
  '◇',
  '◆',
  '□',
  '■',
  '△',
  '▲',
  '※',
  '→',
  '←',
  '↑',
  '↓',
  '〓',
  '€',
  '¥',
  '©',
  '®',
  '™',
  'α',
  'β',
  'γ',
  'δ',
  'ε',
  'ζ',
  'η',
  'θ',
  'λ',
  'μ',
  'π',
  'σ',
  'φ',
  'ω',
  'Ω',
  'Δ',
  'Σ',
  '①',
  '②',
  '③',
  '④',
  '⑤',
  '⑥',
  '⑦',
  '⑧',
  '⑨',
  '⑩',
] as const;

export const EMOTICONS = [
  '😀',
  '😁',
  '😂',
  '🤣',
  '😃',
  '😄',
  '😅',
  '😆',
  '😉',
  '😊',
  '😋',
  '😎',
  '😍',
  '😘',
  '🙂',
  '🤗',
  '🤔',
  '😐',
  '😑',
  '😶',
  '🙄',
  '😏',
  '😣',
  '😥',
  '😮',
  '😯',
  '😪',
  '😫',
  '😴',
  '😌',
  '😛',
  '😜',
  '😝',
  '😒',
  '😓',
  '😔',
  '😕',
  '🙃',
  '😲',
  '🙁',
  '😖',
  '😞',
  '😟',
  '😤',
  '😢',
  '😭',
  '😨',
  '😩',
  '😬',
  '😰',
  '😱',
  '😳',
  '😵',
  '😡',
  '😠',
  '😷',
  '👍',
  '👎',
  '👌',
  '👏',
  '🙏',
  '💪',
  '🎉',
  '🎈',
  '❤️',
  '💔',
  '⭐',
  '🔥',
  '✅',
  '❌',
  '⚠️',
  '📌',
  '📎',
  '📅',
  '📝',
  '💡',
  '🚀',
  '☕',
] as const;

/** Colours offered for text and background. */
export const PALETTE = [
  '#000000',
  '#434343',
  '#666666',
  '#999999',
  '#c0392b',
  '#e74c3c',
  '#d35400',
  '#e67e22',
  '#f1c40f',
  '#27ae60',
  '#16a085',
  '#2980b9',
  '#3498db',
  '#8e44ad',
  '#9b59b6',
  '#ffffff',
  '#fdecea',
  '#fff4e5',
  '#fffbe6',
  '#e8f5e9',
  '#e3f2fd',
  '#f3e5f5',
] as const;
