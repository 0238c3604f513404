/**
 * Rich text is bounded before cleaning and cleaned off the event loop (issue 33, finding 2).
 */
import { describe, expect, it } from 'vitest';
import { checkRichTextBounds, cleanRichText, RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_ELEMENTS, richTextShape } from '../../server/lib/html-clean.ts';
import { DomainError } from '../../server/errors.ts';

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (err) {
    return err instanceof DomainError ? err.code : 'other';
  }
  return null;
};

describe('richTextShape', () => {
  it('counts elements and nesting, closing what a parser closes', () => {
    expect(richTextShape('<p>a<b>b</b></p><p>c<br>d<img src="/x"></p>')).toEqual({ elements: 5, depth: 2 });
    expect(richTextShape('<ul><li>a<li>b<li>c</ul>')).toEqual({ elements: 4, depth: 2 });
    expect(richTextShape('<b>'.repeat(10) + 'x')).toEqual({ elements: 10, depth: 10 });
  });

  it('stops counting past a bound', () => {
    expect(richTextShape('<b>'.repeat(66_000)).depth).toBe(RICH_TEXT_MAX_DEPTH + 1);
    expect(richTextShape('<br>'.repeat(66_000)).elements).toBe(RICH_TEXT_MAX_ELEMENTS + 1);
  });
});

describe('checkRichTextBounds', () => {
  it('refuses too many elements, too deep a nesting and too long a text, and takes an editor document', () => {
    expect(codeOf(() => checkRichTextBounds('<b>'.repeat(66_000) + 'x', 'content'))).toBe('RICH_TEXT_TOO_COMPLEX');
    expect(codeOf(() => checkRichTextBounds('<br>'.repeat(RICH_TEXT_MAX_ELEMENTS + 1), 'content'))).toBe('RICH_TEXT_TOO_COMPLEX');
    expect(codeOf(() => checkRichTextBounds('<i>'.repeat(RICH_TEXT_MAX_DEPTH + 1), 'content'))).toBe('RICH_TEXT_TOO_COMPLEX');
    expect(codeOf(() => checkRichTextBounds('x'.repeat(200_001), 'content'))).toBe('INVALID_INPUT');
    expect(codeOf(() => checkRichTextBounds('<p>段落<strong>粗体</strong></p><ul><li><p>一</p></li></ul>'.repeat(200), 'content'))).toBeNull();
  });
});

describe('cleanRichText', () => {
  it('cleans in a worker thread: the event loop turns while it works', async () => {
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    const html = await cleanRichText('<p>ok<script>alert(1)</script><a href="javascript:x" target="_blank">a</a></p>'.repeat(500));
    clearInterval(timer);
    expect(html.startsWith('<p>ok<a target="_blank" rel="noopener noreferrer nofollow">a</a></p>')).toBe(true);
    expect(html).not.toContain('script');
    expect(turns).toBeGreaterThan(0);
  });

  it('refuses before cleaning and after', async () => {
    await expect(cleanRichText('<b>'.repeat(66_000) + 'x')).rejects.toMatchObject({ code: 'RICH_TEXT_TOO_COMPLEX' });
    await expect(cleanRichText('<a target=_blank>x</a>'.repeat(5_000))).rejects.toMatchObject({ code: 'INVALID_INPUT', params: { max: 200_000 } });
  });
});
