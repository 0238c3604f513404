import { Extension, Node, mergeAttributes } from '@tiptap/core';
import type { EditorState, Transaction } from '@tiptap/pm/state';
import { EDITOR_LIMITS } from './rules.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    blockFormat: {
      /** Indents the current blocks by one step (2em). */
      indent: () => ReturnType;
      outdent: () => ReturnType;
      /** Line height of the current blocks (1, 1.5, 1.75, 2, 3, 4, 5); null resets it. */
      setBlockLineHeight: (value: string | null) => ReturnType;
    };
    embed: {
      insertEmbed: (attrs: { kind: 'video' | 'iframe'; src: string; original: string; width?: number | null; height?: number | null }) => ReturnType;
    };
  }
}

const BLOCKS = ['paragraph', 'heading'];

/**
 * Indent (steps of 2em) and line height as attributes of paragraphs and headings, written
 * as inline styles. Tab inserts four spaces (non-breaking, so they survive as HTML); inside a
 * list it nests the item instead, and Shift-Tab lifts it.
 */
export const BlockFormat = Extension.create({
  name: 'blockFormat',
  addGlobalAttributes() {
    return [
      {
        types: BLOCKS,
        attributes: {
          indent: {
            default: 0,
            parseHTML: (el) => {
              const em = /^([\d.]+)em$/.exec((el as HTMLElement).style.marginLeft)?.[1];
              return em ? Math.min(EDITOR_LIMITS.maxIndent, Math.round(Number(em) / EDITOR_LIMITS.indentStepEm)) : 0;
            },
            renderHTML: (attrs) => (attrs.indent ? { style: `margin-left: ${Number(attrs.indent) * EDITOR_LIMITS.indentStepEm}em` } : {}),
          },
          lineHeight: {
            default: null,
            parseHTML: (el) => (el as HTMLElement).style.lineHeight || null,
            renderHTML: (attrs) => (attrs.lineHeight ? { style: `line-height: ${String(attrs.lineHeight)}` } : {}),
          },
        },
      },
    ];
  },
  addCommands() {
    const step =
      (delta: number) =>
      () =>
      ({ tr, state, dispatch }: { tr: Transaction; state: EditorState; dispatch?: (tr: Transaction) => void }) => {
        let changed = false;
        state.doc.nodesBetween(state.selection.from, state.selection.to, (node, pos) => {
          if (!BLOCKS.includes(node.type.name)) return;
          const next = Math.max(0, Math.min(EDITOR_LIMITS.maxIndent, Number(node.attrs.indent ?? 0) + delta));
          if (next !== node.attrs.indent) {
            tr.setNodeMarkup(pos, undefined, { ...node.attrs, indent: next });
            changed = true;
          }
        });
        if (changed && dispatch) dispatch(tr);
        return changed;
      };
    return {
      indent: step(1),
      outdent: step(-1),
      setBlockLineHeight:
        (value) =>
        ({ tr, state, dispatch }) => {
          state.doc.nodesBetween(state.selection.from, state.selection.to, (node, pos) => {
            if (BLOCKS.includes(node.type.name)) tr.setNodeMarkup(pos, undefined, { ...node.attrs, lineHeight: value });
          });
          if (dispatch) dispatch(tr);
          return true;
        },
    };
  },
  addKeyboardShortcuts() {
    return {
      Tab: ({ editor }) => {
        if (editor.isActive('listItem')) return editor.commands.sinkListItem('listItem');
        if (editor.isActive('tableCell') || editor.isActive('tableHeader')) return editor.commands.goToNextCell();
        return editor.commands.insertContent('\u00a0'.repeat(EDITOR_LIMITS.tabSpaces));
      },
      'Shift-Tab': ({ editor }) => {
        if (editor.isActive('listItem')) return editor.commands.liftListItem('listItem');
        if (editor.isActive('tableCell') || editor.isActive('tableHeader')) return editor.commands.goToPreviousCell();
        return true;
      },
    };
  },
});

/**
 * A video or page embedded by address. The editor shows the frame; the saved HTML also holds
 * a plain link to the address, so where the server's sanitiser removes frames (it does:
 * server/lib/html.ts keeps no iframe or video) the reader still gets the link.
 */
export const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes() {
    return {
      kind: { default: 'iframe' },
      src: { default: '' },
      original: { default: '' },
      width: { default: null },
      height: { default: null },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'figure[data-embed]',
        getAttrs: (el) => {
          const node = el as HTMLElement;
          const frame = node.querySelector('iframe, video');
          return {
            kind: node.dataset.embed === 'video' ? 'video' : 'iframe',
            src: frame?.getAttribute('src') ?? '',
            original: node.querySelector('a')?.getAttribute('href') ?? '',
            width: frame?.getAttribute('width') ? Number(frame.getAttribute('width')) : null,
            height: frame?.getAttribute('height') ? Number(frame.getAttribute('height')) : null,
          };
        },
      },
    ];
  },
  renderHTML({ node }) {
    const { kind, src, original, width, height } = node.attrs as { kind: string; src: string; original: string; width: number | null; height: number | null };
    const size = { width: String(width ?? 560), height: String(height ?? 315) };
    const player =
      kind === 'video'
        ? ['video', mergeAttributes(size, { src, controls: 'controls', preload: 'metadata' })]
        : ['iframe', mergeAttributes(size, { src, frameborder: '0', allowfullscreen: 'true', sandbox: 'allow-scripts allow-same-origin allow-presentation', referrerpolicy: 'no-referrer' })];
    return ['figure', { 'data-embed': kind }, player, ['figcaption', {}, ['a', { href: original || src, target: '_blank', rel: 'noopener noreferrer nofollow' }, original || src]]];
  },
  addCommands() {
    return {
      insertEmbed:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs }),
    };
  },
});
