import { Worker } from 'node:worker_threads';
import { ValidationError } from '../errors.ts';
import { logger } from '../logger.ts';
import { richTextImageHosts, sanitizeRichText } from './html.ts';

/**
 * Rich text is bounded before it is cleaned and cleaned off the event loop (issue 33): a save of
 * `"<b>".repeat(66000)` used to hold the event loop for seconds while sanitize-html walked
 * 66 000 nested elements, and stored 462 001 characters.
 *
 * 1. Before cleaning: at most RICH_TEXT_MAX_INPUT characters, RICH_TEXT_MAX_ELEMENTS elements
 *    and RICH_TEXT_MAX_DEPTH levels of nesting, counted by one linear scan of the tags.
 * 2. Cleaning runs in a worker thread (one, started on first use, kept, not holding the process
 *    open); if the thread cannot run, the text is cleaned in place (it is bounded by then).
 * 3. After cleaning: the stored text is at most RICH_TEXT_MAX_INPUT characters again (cleaning
 *    adds attributes: `rel`, `sandbox`, closing tags).
 */
export const RICH_TEXT_MAX_INPUT = 200_000;
export const RICH_TEXT_MAX_ELEMENTS = 5_000;
export const RICH_TEXT_MAX_DEPTH = 100;

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Tags a parser closes when the same tag opens again (`<p>a<p>b`, `<li>`): no deeper nesting. */
const SELF_ENDING = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option']);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]{0,40})\b[^>]*?(\/?)>/g;

/**
 * Elements and the deepest nesting of the tags of `html` (an over-estimate, never an under-one);
 * the scan stops as soon as either is over its bound.
 */
export function richTextShape(html: string): { elements: number; depth: number } {
  const open: string[] = [];
  let elements = 0;
  let depth = 0;
  for (const m of html.matchAll(TAG)) {
    const name = (m[2] as string).toLowerCase();
    if (m[1]) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      continue;
    }
    elements++;
    if (elements > RICH_TEXT_MAX_ELEMENTS) break;
    if (VOID.has(name) || m[3]) continue;
    if (SELF_ENDING.has(name) && open[open.length - 1] === name) continue;
    open.push(name);
    if (open.length > depth) depth = open.length;
    if (depth > RICH_TEXT_MAX_DEPTH) break;
  }
  return { elements, depth };
}

/** Throws the refusal when `html` is over a bound for cleaning; `field` names it in the message. */
export function checkRichTextBounds(html: string, field: string): void {
  if (html.length > RICH_TEXT_MAX_INPUT) throw new ValidationError('validation.tooLong', { field, max: RICH_TEXT_MAX_INPUT });
  const shape = richTextShape(html);
  if (shape.elements > RICH_TEXT_MAX_ELEMENTS || shape.depth > RICH_TEXT_MAX_DEPTH) {
    throw new ValidationError('validation.richTextTooComplex', { field, elements: RICH_TEXT_MAX_ELEMENTS, depth: RICH_TEXT_MAX_DEPTH }, 'RICH_TEXT_TOO_COMPLEX');
  }
}

type Pending = { resolve: (html: string) => void; reject: (err: Error) => void };
let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(err: Error): void {
  for (const p of pending.values()) p.reject(err);
  pending.clear();
  worker = null;
}

/**
 * The thread's code: it loads html.ts through tsx (as the server itself is loaded) and cleans
 * each text it is sent with the image hosts sent along.
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
import('tsx/esm/api')
  .then(({ tsImport }) => tsImport(workerData.module, workerData.parent))
  .then((html) => {
    parentPort.on('message', (job) => {
      try {
        html.configureRichText({ imageHosts: job.imageHosts });
        parentPort.postMessage({ id: job.id, html: html.sanitizeRichText(job.html) });
      } catch (err) {
        parentPort.postMessage({ id: job.id, error: String(err && err.message) });
      }
    });
  })
  .catch((err) => { throw err; });
`;

function cleaner(): Worker | null {
  if (worker || broken) return worker;
  try {
    const w = new Worker(THREAD, {
      eval: true,
      workerData: { module: new URL('./html.ts', import.meta.url).href, parent: import.meta.url },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    w.unref();
    w.on('message', (msg: { id: number; html?: string; error?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.html !== undefined) p.resolve(msg.html);
      else p.reject(new Error(msg.error ?? 'rich text cleaning failed'));
    });
    w.on('error', (err) => {
      logger.warn('rich-text cleaner thread failed', { error: err.message });
      failAll(err);
    });
    w.on('exit', () => failAll(new Error('rich-text cleaner thread exited')));
    worker = w;
  } catch (err) {
    broken = true;
    logger.warn('rich-text cleaner thread unavailable; cleaning in place', { error: (err as Error).message });
  }
  return worker;
}

/** Starts the cleaner's thread ahead of the first save (createApp), so no save waits for it to load. */
export function startRichTextCleaner(): void {
  const w = cleaner();
  w?.unref();
}

function cleanInThread(html: string): Promise<string> {
  const w = cleaner();
  if (!w) return Promise.resolve(sanitizeRichText(html));
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // The thread is referenced only while it has work, so an idle server exits as before.
    w.ref();
    w.postMessage({ id, html, imageHosts: richTextImageHosts() });
  }).finally(() => {
    if (pending.size === 0) worker?.unref();
  });
}

/**
 * The safe version of untrusted rich HTML, bounded before and after cleaning and cleaned off
 * the event loop. `field` names the value in refusals.
 */
export async function cleanRichText(html: string, field = 'content'): Promise<string> {
  if (!html) return '';
  checkRichTextBounds(html, field);
  const clean = await cleanInThread(html).catch((err: Error) => {
    logger.warn('rich-text cleaner thread failed; cleaning in place', { error: err.message });
    return sanitizeRichText(html);
  });
  if (clean.length > RICH_TEXT_MAX_INPUT) throw new ValidationError('validation.tooLong', { field, max: RICH_TEXT_MAX_INPUT });
  return clean;
}
