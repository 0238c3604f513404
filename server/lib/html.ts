import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (task content, additions, notices) is sanitised on write with an allowlist that
 * keeps what a rich editor (TipTap) produces: headings, paragraphs, lists, tables, quotes,
 * code, links (http, https, mailto), images (inline png/jpeg/gif/webp data, the server's own
 * paths, and http(s) addresses on the hosts of RICH_TEXT_IMAGE_HOSTS only: a remote image
 * would tell its host when staff read the text), video embeds (iframes of the players in
 * EMBED_HOSTS, sandboxed; `<video>` over https, loading nothing until played, its poster
 * under the image rule and https only), and a few harmless inline styles (colour, background
 * colour, alignment, line height, indent).
 * Everything else goes: scripts and their content, event handlers,
 * `javascript:`/`vbscript:`/`data:` links, forms, other frames, SVG, and styles that could hide
 * or overlay content (display, visibility, position, opacity, font-size, ...).
 */
export const RICH_TEXT_MAX_CHARS = 10_000;

const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

/**
 * Hosts whose pages may be embedded (video players): an `<iframe>` elsewhere is removed.
 * Frames are https only and always sandboxed; scripts inside them run in the host's origin,
 * never ours. `<video>` (which runs no script) takes any https address.
 */
export const EMBED_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com', 'player.bilibili.com', 'v.qq.com', 'player.youku.com'];
const EMBED_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';
const LENGTH = /^\d{1,3}(\.\d{1,2})?(em|px)$/;

/** Hosts remote images may come from (RICH_TEXT_IMAGE_HOSTS; set by createApp). */
let imageHosts: ReadonlySet<string> = new Set();

export function configureRichText(options: { imageHosts: readonly string[] }): void {
  imageHosts = new Set(options.imageHosts.map((h) => h.toLowerCase()));
}

/** The configured image hosts (the cleaner's worker thread is given them with each text). */
export function richTextImageHosts(): string[] {
  return [...imageHosts];
}

/** A path on this server (`/…`, never `//host`): the browser asks us, nobody else. */
const OWN_PATH = /^\/(?![/\\])/;

/**
 * Whether an image may be shown from this address: inline raster data, a path of this
 * server, or an http(s) address on a configured host. Anything else is removed rather than
 * fetched through the server (a proxy would let anyone who writes rich text make the server
 * request any address).
 */
export function imageSourceAllowed(src: string | undefined, options: { httpsOnly?: boolean; data?: boolean } = {}): boolean {
  if (!src) return false;
  const text = src.trim();
  if (text.startsWith('data:')) return options.data !== false && DATA_IMAGE.test(text);
  if (OWN_PATH.test(text)) return true;
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && (options.httpsOnly || url.protocol !== 'http:')) return false;
    return imageHosts.has(url.host.toLowerCase()) || imageHosts.has(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

function embedHostAllowed(src: string | undefined): boolean {
  if (!src) return false;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' && EMBED_HOSTS.includes(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'ins',
    'sub',
    'sup',
    'mark',
    'span',
    'div',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'colgroup',
    'col',
    'a',
    'img',
    'figure',
    'figcaption',
    'iframe',
    'video',
    'source',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style', 'scope'],
    col: ['span', 'width'],
    ol: ['start', 'type'],
    ul: ['data-type'],
    li: ['data-type', 'data-checked'],
    p: ['style'],
    span: ['style'],
    mark: ['style', 'data-color'],
    h1: ['style'],
    h2: ['style'],
    h3: ['style'],
    h4: ['style'],
    h5: ['style'],
    h6: ['style'],
    div: ['style'],
    iframe: ['src', 'width', 'height', 'title', 'allowfullscreen', 'frameborder', 'sandbox', 'referrerpolicy'],
    video: ['src', 'controls', 'width', 'height', 'poster', 'preload'],
    source: ['src', 'type'],
  },
  allowedStyles: {
    '*': {
      color: [SAFE_COLOUR],
      'background-color': [SAFE_COLOUR],
      'text-align': [/^(left|right|center|justify)$/],
      // Line heights and indents the editor offers (spec section 9).
      'line-height': [/^(1|1\.5|1\.75|2|3|4|5)$/],
      'margin-left': [LENGTH],
      'padding-left': [LENGTH],
      'text-indent': [LENGTH],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['https'], video: ['https'], source: ['https'] },
  allowedIframeHostnames: EMBED_HOSTS,
  allowIframeRelativeUrls: false,
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  selfClosing: [...sanitizeHtml.defaults.selfClosing, 'source'],
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'object', 'embed', 'svg', 'math', 'template', 'xmp', 'noembed', 'noframes'],
  exclusiveFilter: (frame) => (frame.tag === 'img' && !imageSourceAllowed(frame.attribs.src)) || (frame.tag === 'iframe' && !embedHostAllowed(frame.attribs.src)) || (frame.tag === 'source' && !frame.attribs.src),
  transformTags: {
    // A video loads nothing until it is played; its poster is an image shown at once, so it
    // follows the image rule (https only).
    video: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs, preload: 'none' };
      if (out.poster !== undefined && !imageSourceAllowed(out.poster, { httpsOnly: true, data: false })) delete out.poster;
      return { tagName, attribs: out };
    },
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, sandbox: EMBED_SANDBOX, referrerpolicy: 'no-referrer', frameborder: '0' },
    }),
    a: (tagName, attribs) => {
      const out: Record<string, string> = { ...attribs };
      if (out.target && out.target !== '_blank') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer nofollow';
      return { tagName, attribs: out };
    },
  },
};

/** Answers the safe version of untrusted rich HTML. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Characters of visible text in (already sanitised) HTML, for the 10000-character limit. */
export function richTextLength(html: string): number {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&(lt|gt|amp|quot|#39);/g, '_');
  return [...text].length;
}

/** True when sanitised HTML shows nothing: no text but white space, and no image. */
export function richTextIsBlank(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|&#160;/g, ' ');
  return text.trim() === '';
}
