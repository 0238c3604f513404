/** The rich-text editor's rules (spec sections 5 and 9) and the task forms' pure checks. */
import { describe, expect, it } from 'vitest';
import {
  EDITOR_LIMITS,
  LINE_HEIGHTS,
  checkAttachment,
  checkImageFile,
  checkImageUrl,
  countState,
  findAll,
  normaliseLink,
  parseIframeUrl,
  parseSize,
  parseVideoUrl,
  pickerSize,
  sniffImage,
  tableMayGrow,
} from '../../client/src/components/editor/rules.ts';
import { firstProblem, isBlankHtml, newTaskFits, rowMissingHours } from '../../client/src/screens/tasks/Tasks/rules.ts';

describe('editor constants', () => {
  it('are the spec values', () => {
    expect(EDITOR_LIMITS.maxChars).toBe(10000);
    expect(EDITOR_LIMITS.autosaveMs).toBe(500);
    expect(EDITOR_LIMITS.messageMs).toBe(4000);
    expect(EDITOR_LIMITS.autosaveMessageMs).toBe(2000);
    expect(EDITOR_LIMITS.undoDepth).toBe(20);
    expect(EDITOR_LIMITS.attachmentsPerPick).toBe(100);
    expect(EDITOR_LIMITS.tabSpaces).toBe(4);
    expect(EDITOR_LIMITS.indentStepEm).toBe(2);
    expect([...LINE_HEIGHTS]).toEqual(['1', '1.5', '1.75', '2', '3', '4', '5']);
  });
});

describe('links', () => {
  it('adds http:// to a link without a protocol and says so', () => {
    expect(normaliseLink('www.example.org/a?b=1')).toEqual({ href: 'http://www.example.org/a?b=1', protocolAdded: true });
    expect(normaliseLink('localhost:8080/x')).toEqual({ href: 'http://localhost:8080/x', protocolAdded: true });
    expect(normaliseLink('https://example.org')).toEqual({ href: 'https://example.org', protocolAdded: false });
    expect(normaliseLink('mailto:someone@example.org')).toEqual({ href: 'mailto:someone@example.org', protocolAdded: false });
  });
  it('refuses script and other schemes, and empty text', () => {
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>', 'vbscript:x', 'file:///etc/passwd', '', '   ', 'http://exa mple.org']) {
      expect(normaliseLink(bad), bad).toBeNull();
    }
  });
});

describe('images', () => {
  it('takes sizes that are whole numbers (or empty)', () => {
    expect(parseSize('')).toEqual({ ok: true, value: null });
    expect(parseSize('320')).toEqual({ ok: true, value: 320 });
    for (const bad of ['12a', '-1', '0', '1.5', '99999', 'wide']) expect(parseSize(bad).ok, bad).toBe(false);
  });
  it('accepts an address with an image format or from an allowed host; never SVG or script', () => {
    expect(checkImageUrl('https://example.org/a.png', []).ok).toBe(true);
    expect(checkImageUrl('http://example.org/a.JPEG?x=1', []).ok).toBe(true);
    expect(checkImageUrl('https://example.org/page.html', []).ok).toBe(false);
    expect(checkImageUrl('https://files.school.example/img?id=3', ['files.school.example']).ok).toBe(true);
    expect(checkImageUrl('https://files.school.example/a.svg', ['files.school.example']).ok).toBe(false);
    expect(checkImageUrl('javascript:alert(1)//a.png', []).ok).toBe(false);
    expect(checkImageUrl('data:image/png;base64,AAAA', []).ok).toBe(false);
  });
  it('refuses empty, too big and wrong-type files, and sniffs the type from the bytes', () => {
    expect(checkImageFile({ name: 'a.png', size: 0 })).toBe('empty');
    expect(checkImageFile({ name: 'a.png', size: EDITOR_LIMITS.imageMaxBytes + 1 })).toBe('tooLarge');
    expect(checkImageFile({ name: 'a.svg', size: 10 })).toBe('typeNotAllowed');
    expect(checkImageFile({ name: 'a.webp', size: 10 })).toBeNull();
    expect(sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]))).toBe('png');
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImage(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBe('gif');
    expect(sniffImage(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50]))).toBe('webp');
    expect(sniffImage(new TextEncoder().encode('<svg onload=alert(1)>'))).toBeNull();
  });
});

describe('attachments', () => {
  it('takes what the project-file store accepts, not empty, not over 20 MB', () => {
    expect(checkAttachment({ name: 'notes.txt', size: 3 })).toBeNull();
    expect(checkAttachment({ name: 'plan.DOCX', size: 3 })).toBeNull();
    expect(checkAttachment({ name: 'run.exe', size: 3 })).toBe('typeNotAllowed');
    expect(checkAttachment({ name: 'page.html', size: 3 })).toBe('typeNotAllowed');
    expect(checkAttachment({ name: 'empty.pdf', size: 0 })).toBe('empty');
    expect(checkAttachment({ name: 'big.pdf', size: 20 * 1024 * 1024 + 1 })).toBe('tooLarge');
  });
});

describe('video and iframe embeds', () => {
  it('turns pages of known video sites into embed addresses and direct files into video', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')?.src).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(parseVideoUrl('https://youtu.be/dQw4w9WgXcQ')?.src).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');
    expect(parseVideoUrl('https://vimeo.com/76979871')?.src).toBe('https://player.vimeo.com/video/76979871');
    expect(parseVideoUrl('https://www.bilibili.com/video/BV1GJ411x7h7')?.src).toBe('https://player.bilibili.com/player.html?bvid=BV1GJ411x7h7');
    expect(parseVideoUrl('https://cdn.example.org/intro.mp4')).toMatchObject({ kind: 'video', src: 'https://cdn.example.org/intro.mp4' });
  });
  it('gives a wrong address for anything else', () => {
    for (const bad of ['', 'not a url', 'https://example.org/page', 'javascript:alert(1)', 'ftp://x/y.mp4', 'https://www.youtube.com/watch?v=<script>']) {
      expect(parseVideoUrl(bad), bad).toBeNull();
    }
  });
  it('requires an iframe address and takes http(s) only', () => {
    expect(parseIframeUrl('  ')).toEqual({ ok: false, reason: 'required' });
    expect(parseIframeUrl('javascript:alert(1)')).toEqual({ ok: false, reason: 'invalid' });
    expect(parseIframeUrl('example.org/map')).toEqual({ ok: true, src: 'http://example.org/map' });
  });
});

describe('tables', () => {
  it('starts the picker at 10×10 and grows it by one past the pointer, up to 20×20', () => {
    expect(pickerSize(0, 0)).toEqual({ rows: 10, cols: 10 });
    expect(pickerSize(9, 4)).toEqual({ rows: 11, cols: 10 });
    expect(pickerSize(19, 19)).toEqual({ rows: 20, cols: 20 });
  });
  it('stops at 20 columns and 100 rows', () => {
    expect(tableMayGrow(99, 5, 'row')).toBe(true);
    expect(tableMayGrow(100, 5, 'row')).toBe(false);
    expect(tableMayGrow(5, 19, 'col')).toBe(true);
    expect(tableMayGrow(5, 20, 'col')).toBe(false);
  });
});

describe('word count and search', () => {
  it('shows what is left, or the overflow over 10000', () => {
    expect(countState(9990)).toEqual({ overflow: false, count: 9990, left: 10, max: 10000 });
    expect(countState(10000).overflow).toBe(false);
    expect(countState(10001)).toEqual({ overflow: true, count: 10001, left: 0, max: 10000 });
  });
  it('finds every literal occurrence', () => {
    expect(findAll('a.b a.B', 'a.b', true)).toEqual([0]);
    expect(findAll('a.b a.B', 'a.b', false)).toEqual([0, 4]);
    expect(findAll('aaa', 'aa', true)).toEqual([0]);
    expect(findAll('abc', '', true)).toEqual([]);
  });
});

describe('task forms', () => {
  it('checks the task save in the spec order: project, title, executor', () => {
    expect(firstProblem({ project: null, title: '', executor: null })).toBe('project');
    expect(firstProblem({ project: {}, title: '  ', executor: null })).toBe('title');
    expect(firstProblem({ project: {}, title: 'x', executor: null })).toBe('executor');
    expect(firstProblem({ project: {}, title: 'x', executor: {} })).toBeNull();
  });
  it('treats blank rich text as empty (请输入内容。) but not an image', () => {
    expect(isBlankHtml('')).toBe(true);
    expect(isBlankHtml('<p></p><p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p><img src="data:image/png;base64,AA"></p>')).toBe(false);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
  });
  it('requires hours on every schedule row (请填写工时)', () => {
    expect(rowMissingHours([{ hours: '2' }, { hours: ' ' }])).toBe(1);
    expect(rowMissingHours([{ hours: 'abc' }])).toBe(0);
    expect(rowMissingHours([{ hours: '1.5' }])).toBe(-1);
  });
  it('adds a new task to the list shown only when it fits its filter', () => {
    const task = { state: 'INCOMPLETE' as const, priority: 'HIGH' as const, projectId: 'P1', title: 'Interview plan' };
    const base = { role: 'ASSIGNED_BY_ME' as const, state: '' as const, priority: '' as const, project: null, search: '' };
    expect(newTaskFits(base, task)).toBe(true);
    expect(newTaskFits({ ...base, role: 'ASSIGNED_TO_ME' }, task)).toBe(false);
    expect(newTaskFits({ ...base, priority: 'LOW' }, task)).toBe(false);
    expect(newTaskFits({ ...base, search: 'interview' }, task)).toBe(true);
    expect(newTaskFits({ ...base, project: { id: 'P2', name: 'x', nameEn: null } }, task)).toBe(false);
  });
});
