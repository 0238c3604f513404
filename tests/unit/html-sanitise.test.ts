/**
 * server/lib/html.ts: rich text keeps what an editor produces and loses everything that can
 * run script or hide content. The output of every payload is parsed again (with htmlparser2,
 * the parser sanitize-html itself uses) and every element and attribute is inspected, so a
 * payload that survives in a form a browser would run fails the test.
 */
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { configureRichText, EMBED_HOSTS, RICH_TEXT_MAX_CHARS, richTextIsBlank, richTextLength, sanitizeRichText } from '../../server/lib/html.ts';

const XSS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<script>/*</script><script>*/alert(1)</script>',
  '<<script>alert(1);//<</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JAVASCRIPT:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<a href="java\u0000script:alert(1)">nul</a>',
  '<a href="&#106;avascript:alert(1)">entity</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="//evil.example/x">protocol relative</a>',
  '<a href="https://ok.example" onclick="alert(1)">handler</a>',
  '<a href="https://ok.example" target="_top">target</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<style>@import "javascript:alert(1)";</style>',
  '<div style="background-image: url(javascript:alert(1))">bg</div>',
  '<div style="width: expression(alert(1))">ie</div>',
  '<p style="display:none">hidden</p>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</p>',
  '<span style="opacity:0">invisible</span>',
  '<span style="font-size:0">tiny</span>',
  '<p style="color: red; background: url(x)">colour with url</p>',
  '<span style="color: expression(alert(1))">colour expression</span>',
  '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
  '<td onmouseover="alert(1)">cell</td>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p><a href="http://ok.example/?q=<script>alert(1)</script>">query</a></p>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<textarea><script>alert(1)</script></textarea>',
  '<xmp><script>alert(1)</script></xmp>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<a href="javas&#99;ript:alert(1)">mixed entity</a>',
  '<img src="x" onerror="alert(1)" alt="a">',
  '<IMG LOWSRC="javascript:alert(1)">',
  '<BGSOUND SRC="javascript:alert(1)">',
  '<isindex action="javascript:alert(1)" type=submit>',
  '<keygen autofocus onfocus=alert(1)>',
  '<a href="https://ok.example" style="position:absolute;top:0">abs</a>',
];

const ALLOWED_TAGS = new Set([
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
]);
const SAFE_STYLE = /^(color|background-color|text-align|line-height|margin-left|padding-left|text-indent)$/;

type Element = { tag: string; attrs: Record<string, string> };

/** Elements of HTML as a browser-grade parser reads them, attribute values decoded. */
function elements(html: string): Element[] {
  const out: Element[] = [];
  const parser = new Parser({ onopentag: (tag, attrs) => out.push({ tag, attrs }) }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  return out;
}

/** The scheme a browser would see: control characters and white space are ignored. */
function scheme(url: string): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const m = /^([a-z][a-z0-9+.-]*):/.exec(cleaned);
  return m ? m[1]! : null;
}

function problems(html: string): string[] {
  const found: string[] = [];
  for (const el of elements(html)) {
    if (!ALLOWED_TAGS.has(el.tag)) found.push(`tag <${el.tag}>`);
    for (const [name, value] of Object.entries(el.attrs)) {
      if (name.startsWith('on')) found.push(`handler ${name}`);
      if (['href', 'src', 'action', 'formaction', 'background', 'lowsrc', 'data', 'srcdoc', 'xlink:href'].includes(name)) {
        const s = scheme(value);
        if (name === 'srcdoc') found.push('srcdoc');
        else if (s === null && value.replace(/\s/g, '').startsWith('//')) found.push(`protocol-relative ${name}`);
        else if (s !== null && !['http', 'https', 'mailto'].includes(s) && !(el.tag === 'img' && name === 'src' && /^data:image\/(png|jpe?g|gif|webp);base64,/i.test(value))) {
          found.push(`${name} scheme ${s}`);
        }
      }
      if (name === 'style') {
        for (const decl of value
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)) {
          const prop = decl.split(':')[0]!.trim().toLowerCase();
          if (!SAFE_STYLE.test(prop)) found.push(`style ${prop}`);
          if (/url\(|expression|javascript/i.test(decl)) found.push(`style value ${decl}`);
        }
      }
      if (name === 'target' && value !== '_blank') found.push(`target ${value}`);
    }
    // Embeds: only https pages of the allowed players, always sandboxed without top navigation.
    if (['video', 'source'].includes(el.tag) && el.attrs.src !== undefined && scheme(el.attrs.src) !== 'https') found.push(`media from ${el.attrs.src}`);
    if (el.tag === 'iframe' && el.attrs.src !== undefined) {
      let host = '';
      try {
        const url = new URL(el.attrs.src);
        host = url.protocol === 'https:' ? url.hostname : '';
      } catch {
        host = '';
      }
      if (!EMBED_HOSTS.includes(host)) found.push(`embed from ${el.attrs.src}`);
    }
    if (el.tag === 'iframe' && (!el.attrs.src || !el.attrs.sandbox || /allow-top-navigation/.test(el.attrs.sandbox))) found.push('iframe not sandboxed');
  }
  // Text a browser would not run, but nothing should look like markup after sanitising either.
  if (/<\s*script/i.test(html)) found.push('script text');
  return found;
}

describe('sanitizeRichText against an XSS corpus', () => {
  it(`has at least 50 payloads (${XSS.length})`, () => {
    expect(XSS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS.map((p, i) => [i + 1, p] as const))('payload %i leaves no script, handler, javascript: URL or hiding style', (_n, payload) => {
    const out = sanitizeRichText(payload);
    expect(problems(out), `${payload}\n→ ${out}`).toEqual([]);
    // Sanitising is stable: the output sanitised again is the same.
    expect(sanitizeRichText(out)).toBe(out);
  });

  it('the checker itself catches what it must (it can fail)', () => {
    expect(problems('<img src=x onerror=alert(1)>')).toContain('handler onerror');
    expect(problems('<a href="jav&#x09;ascript:alert(1)">x</a>')).toContain('href scheme javascript');
    expect(problems('<p style="display:none">x</p>')).toContain('style display');
    expect(problems('<svg></svg>')).toContain('tag <svg>');
  });
});

describe('sanitizeRichText keeps what a rich editor produces', () => {
  it('headings, paragraphs, emphasis, lists, quotes, code', () => {
    const html =
      '<h1>标题</h1><h3>Sub</h3><p><strong>粗</strong> <em>斜</em> <u>下</u> <s>删</s> <code>x</code></p><ul><li>一</li></ul><ol start="3"><li>三</li></ol><blockquote><p>引用</p></blockquote><pre><code>let a = 1;</code></pre>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('tables with spans', () => {
    const html = '<table><thead><tr><th colspan="2">头</th></tr></thead><tbody><tr><td rowspan="2">a</td><td>b</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('links http, https and mailto; target _blank gets rel noopener', () => {
    expect(sanitizeRichText('<a href="https://www.andover.edu">学校</a>')).toBe('<a href="https://www.andover.edu">学校</a>');
    expect(sanitizeRichText('<a href="http://a.example/x?y=1&amp;z=2">x</a>')).toBe('<a href="http://a.example/x?y=1&amp;z=2">x</a>');
    expect(sanitizeRichText('<a href="mailto:office@school.example">mail</a>')).toBe('<a href="mailto:office@school.example">mail</a>');
    expect(sanitizeRichText('<a href="https://x.example" target="_blank">x</a>')).toBe('<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });

  it('images from configured hosts, the server itself and inline raster data; safe colours and alignment', () => {
    configureRichText({ imageHosts: ['cdn.example'] });
    expect(sanitizeRichText('<img src="https://cdn.example/a.png" alt="图" width="100">')).toBe('<img src="https://cdn.example/a.png" alt="图" width="100" />');
    configureRichText({ imageHosts: [] });
    expect(sanitizeRichText('<img src="/api/admin/project/downloadFile.htm?id=3" />')).toBe('<img src="/api/admin/project/downloadFile.htm?id=3" />');
    const png = '<img src="data:image/png;base64,iVBORw0KGgo=" />';
    expect(sanitizeRichText(png)).toBe(png);
    expect(sanitizeRichText('<p style="text-align:center;color:#ff0000">x</p>')).toBe('<p style="text-align:center;color:#ff0000">x</p>');
  });

  it('line heights and indents the editor offers, nothing else in the same attribute', () => {
    expect(sanitizeRichText('<p style="line-height: 1.75; margin-left: 2em; text-indent: 2em; position: fixed; font-size: 0">x</p>')).toBe('<p style="line-height:1.75;margin-left:2em;text-indent:2em">x</p>');
    expect(sanitizeRichText('<p style="line-height: 99; margin-left: -9999px">x</p>')).toBe('<p>x</p>');
  });

  it('page embeds from the allowed players only, https, sandboxed; video over https', () => {
    const out = sanitizeRichText(
      '<iframe src="https://player.bilibili.com/player.html?bvid=BV1" sandbox="allow-top-navigation" onload="alert(1)" width="640" height="360"></iframe>' +
        '<iframe src="https://evil.example/page"></iframe><iframe src="http://www.youtube.com/embed/x"></iframe>' +
        '<video src="https://player.vimeo.com/v.mp4" controls></video><video src="http://media.example/v.mp4"></video>',
    );
    expect(out).toBe(
      '<iframe src="https://player.bilibili.com/player.html?bvid=BV1" sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" width="640" height="360" referrerpolicy="no-referrer" frameborder="0"></iframe>' +
        '<video src="https://player.vimeo.com/v.mp4" controls preload="none"></video><video preload="none"></video>',
    );
    expect(sanitizeRichText('<video controls><source src="https://media.example/v.mp4" type="video/mp4" /><source src="javascript:alert(1)" /></video>')).toBe(
      '<video controls preload="none"><source src="https://media.example/v.mp4" type="video/mp4" /></video>',
    );
    expect(problems(out)).toEqual([]);
    expect(problems('<iframe src="https://evil.example/"></iframe>')).toEqual(['embed from https://evil.example/', 'iframe not sandboxed']);
  });

  it('shows no remote image a stranger controls: only configured hosts, the server itself, inline data', () => {
    // A remote image tells its host when (and from where) staff read the text.
    configureRichText({ imageHosts: [] });
    expect(sanitizeRichText('<p>a<img src="https://tracker.example/pixel.gif?who=1">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<img src="http://tracker.example/p.png"><img src="//tracker.example/p.png"><img src="/\\tracker.example/p.png">')).toBe('');
    configureRichText({ imageHosts: ['img.school.example', 'cdn.example:8443'] });
    expect(sanitizeRichText('<img src="https://img.school.example/logo.png"><img src="https://other.example/x.png"><img src="https://cdn.example:8443/y.png">')).toBe(
      '<img src="https://img.school.example/logo.png" /><img src="https://cdn.example:8443/y.png" />',
    );
    // A video's poster is an image shown at once: https from a configured host or the server itself only.
    expect(sanitizeRichText('<video src="https://media.example/v.mp4" poster="javascript:alert(1)"></video>')).toBe('<video src="https://media.example/v.mp4" preload="none"></video>');
    expect(sanitizeRichText('<video src="https://media.example/v.mp4" poster="http://img.school.example/p.png"></video>')).toBe('<video src="https://media.example/v.mp4" preload="none"></video>');
    expect(sanitizeRichText('<video src="https://media.example/v.mp4" poster="https://tracker.example/p.png"></video>')).toBe('<video src="https://media.example/v.mp4" preload="none"></video>');
    expect(sanitizeRichText('<video src="https://media.example/v.mp4" poster="data:image/png;base64,iVBORw0KGgo="></video>')).toBe('<video src="https://media.example/v.mp4" preload="none"></video>');
    expect(sanitizeRichText('<video src="https://media.example/v.mp4" poster="https://img.school.example/p.png" preload="auto"></video>')).toBe(
      '<video src="https://media.example/v.mp4" poster="https://img.school.example/p.png" preload="none"></video>',
    );
    configureRichText({ imageHosts: [] });
  });

  it('counts visible text for the 10000-character limit, and knows blank content', () => {
    expect(RICH_TEXT_MAX_CHARS).toBe(10_000);
    expect(richTextLength('<p>ab<strong>中文</strong></p>')).toBe(4);
    expect(richTextLength(`<p>${'字'.repeat(10_001)}</p>`)).toBe(10_001);
    expect(richTextIsBlank('<p> &nbsp; </p><p></p>')).toBe(true);
    expect(richTextIsBlank('<p><img src="data:image/png;base64,iVBORw0KGgo=" /></p>')).toBe(false);
    expect(richTextIsBlank('<p>x</p>')).toBe(false);
  });
});
