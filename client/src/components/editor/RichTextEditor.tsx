import { Box, Button, CloseButton, Dialog, Flex, Grid, IconButton, Input, NativeSelect, Popover, Portal, Progress, Stack, Tabs, Text } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { TextSelection } from '@tiptap/pm/state';
import {
  AlignCenter, AlignJustify, AlignLeft, AlignRight, Baseline, Bold, Eraser, Eye, Film, Frame, Highlighter, Image as ImageIcon, IndentDecrease,
  IndentIncrease, Italic, Link2, Link2Off, List, ListOrdered, Omega, Paperclip, Redo2, Search, Smile, Strikethrough, Table as TableIcon, Underline, Undo2,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clearDraft, loadDraft, saveDraft } from './drafts.ts';
import { BlockFormat, Embed } from './extensions.ts';
import {
  EDITOR_LIMITS, EMOTICONS, LINE_HEIGHTS, PALETTE, SPECIAL_CHARACTERS, checkAttachment, checkImageFile, checkImageUrl, countState, findAll, normaliseLink,
  parseIframeUrl, parseSize, parseVideoUrl, pickerSize, sniffImage, tableMayGrow, type UploadProblem,
} from './rules.ts';
import { readAsDataUrl, UploadFailed, type AttachmentUploader } from './upload.ts';

export type RichTextEditorProps = {
  /** The HTML the editor starts with (read once). */
  value: string;
  onChange: (html: string) => void;
  /** Autosave key: drafts are written every 500 ms to local storage (PC_editorDraft_<key>). */
  draftKey?: string;
  placeholder?: string;
  minHeight?: string;
  /** Stores attachments (the task screens store them as project files); without one, attachments are refused. */
  uploadAttachment?: AttachmentUploader | null;
  /** Fired when the text goes over the 10000-character limit. */
  onOverflow?: (count: number) => void;
  testId?: string;
};

type Message = { text: string; tone: 'info' | 'warning' | 'error' | 'success' } | null;
type DialogKind = 'link' | 'image' | 'video' | 'iframe' | 'special' | 'emoticon' | 'search' | 'preview' | 'clear' | null;

const UPLOAD_KEYS: Record<UploadProblem, string> = {
  empty: 'editor.uploadEmpty',
  tooLarge: 'editor.uploadTooLarge',
  typeNotAllowed: 'editor.uploadTypeNotAllowed',
};

/** Messages stay 4 s (the autosave note 2 s): spec section 9. */
function useTimedMessage(ms: number): [Message, (m: Message) => void] {
  const [message, setMessage] = useState<Message>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const show = useCallback(
    (m: Message) => {
      if (timer.current) clearTimeout(timer.current);
      setMessage(m);
      if (m) timer.current = setTimeout(() => setMessage(null), ms);
    },
    [ms],
  );
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);
  return [message, show];
}

function Tool({ label, active, disabled, onClick, children, testId }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode; testId: string }) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      size="xs"
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'blue' : 'gray'}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      data-testid={`editor-${testId}`}
      data-active={active ? 'true' : undefined}
    >
      {children}
    </IconButton>
  );
}

function EditorModal({ title, onClose, children, footer, testId, size = 'md' }: { title: string; onClose: () => void; children: ReactNode; footer?: ReactNode; testId: string; size?: 'sm' | 'md' | 'lg' | 'xl' }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} placement="center" size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('client.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function ColourTool({ label, testId, icon, onPick, onClear }: { label: string; testId: string; icon: ReactNode; onPick: (c: string) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <IconButton aria-label={label} title={label} size="xs" variant="ghost" onMouseDown={(e) => e.preventDefault()} data-testid={`editor-${testId}`}>{icon}</IconButton>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content w="auto" p="2">
          <Grid templateColumns="repeat(11, 1fr)" gap="1">
            {PALETTE.map((c) => (
              <Box key={c} as="button" w="5" h="5" borderRadius="sm" borderWidth="1px" bg={c} title={c} aria-label={c} onMouseDown={(e) => e.preventDefault()} onClick={() => { onPick(c); setOpen(false); }} />
            ))}
          </Grid>
          <Button size="xs" variant="ghost" mt="2" onClick={() => { onClear(); setOpen(false); }}>{t('tasksUi.editor.noColour')}</Button>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

function TablePicker({ onPick, label }: { onPick: (rows: number, cols: number) => void; label: string }) {
  const [open, setOpen] = useState(false);
  const [hover, setHover] = useState({ r: 0, c: 0 });
  const size = pickerSize(hover.r, hover.c);
  return (
    <Popover.Root open={open} onOpenChange={(e) => { setOpen(e.open); setHover({ r: 0, c: 0 }); }} positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <IconButton aria-label={label} title={label} size="xs" variant="ghost" onMouseDown={(e) => e.preventDefault()} data-testid="editor-table"><TableIcon /></IconButton>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content w="auto" p="2" data-testid="table-picker">
          <Grid templateColumns={`repeat(${size.cols}, 14px)`} gap="2px" onMouseLeave={() => setHover({ r: 0, c: 0 })}>
            {Array.from({ length: size.rows * size.cols }, (_, i) => {
              const r = Math.floor(i / size.cols);
              const c = i % size.cols;
              const on = r <= hover.r && c <= hover.c;
              return (
                <Box
                  key={i}
                  w="14px"
                  h="14px"
                  borderWidth="1px"
                  borderColor={on ? 'border.hover' : 'border.emphasized'}
                  bg={on ? 'bg.toggled' : 'bg.panel'}
                  onMouseEnter={() => setHover({ r, c })}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => { onPick(r + 1, c + 1); setOpen(false); }}
                  data-testid={`table-cell-${r + 1}-${c + 1}`}
                />
              );
            })}
          </Grid>
          <Text fontSize="xs" mt="1" textAlign="center" data-testid="table-picker-size">{hover.r + 1} × {hover.c + 1}</Text>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

/** The current table's row and column counts, or null outside a table. */
function tableSize(editor: Editor): { rows: number; cols: number } | null {
  const { $from } = editor.state.selection;
  for (let d = $from.depth; d > 0; d -= 1) {
    const node = $from.node(d);
    if (node.type.name === 'table') {
      let cols = 0;
      node.firstChild?.forEach((cell) => {
        cols += Number(cell.attrs.colspan ?? 1);
      });
      return { rows: node.childCount, cols };
    }
  }
  return null;
}

/** Text positions (document offsets) of a literal search, within text nodes. */
function matchesIn(editor: Editor, needle: string, caseSensitive: boolean): Array<{ from: number; to: number }> {
  const out: Array<{ from: number; to: number }> = [];
  editor.state.doc.descendants((node, pos) => {
    if (!node.isText || !node.text) return;
    for (const i of findAll(node.text, needle, caseSensitive)) out.push({ from: pos + i, to: pos + i + needle.length });
  });
  return out;
}

function LinkDialog({ editor, onClose, say }: { editor: Editor; onClose: () => void; say: (m: Message) => void }) {
  const { t } = useTranslation();
  const { from, to } = editor.state.selection;
  const [href, setHref] = useState<string>((editor.getAttributes('link').href as string | undefined) ?? '');
  const [text, setText] = useState(editor.state.doc.textBetween(from, to, ' '));
  const [error, setError] = useState<string | null>(null);
  function save() {
    const link = normaliseLink(href);
    if (!link) {
      setError(t('tasksUi.editor.linkInvalid'));
      return;
    }
    if (link.protocolAdded) say({ text: t('editor.linkProtocolAdded'), tone: 'info' });
    const chain = editor.chain().focus();
    if (from === to || text.trim() !== editor.state.doc.textBetween(from, to, ' ')) {
      chain.insertContent({ type: 'text', text: text.trim() || link.href, marks: [{ type: 'link', attrs: { href: link.href, target: '_blank' } }] }).run();
    } else {
      chain.extendMarkRange('link').setLink({ href: link.href, target: '_blank' }).run();
    }
    onClose();
  }
  return (
    <EditorModal title={t('tasksUi.editor.link')} onClose={onClose} testId="editor-link-dialog" footer={<><Button variant="outline" onClick={onClose}>{t('client.cancel')}</Button><Button colorPalette="blue" onClick={save} data-testid="link-save">{t('tasksUi.ok')}</Button></>}>
      <Stack gap="3">
        <Input placeholder={t('tasksUi.editor.linkText')} value={text} onChange={(e) => setText(e.target.value)} data-testid="link-text" />
        <Input placeholder={t('tasksUi.editor.linkAddress')} value={href} onChange={(e) => { setHref(e.target.value); setError(null); }} data-testid="link-href" />
        {error && <Text color="fg.error" fontSize="sm" data-testid="link-error">{error}</Text>}
      </Stack>
    </EditorModal>
  );
}

function ImageDialog({ editor, onClose, say }: { editor: Editor; onClose: () => void; say: (m: Message) => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  function sizes(): { width: number | null; height: number | null } | null {
    const w = parseSize(width);
    const h = parseSize(height);
    if (!w.ok || !h.ok) {
      setError(t('editor.imageSizeInvalid'));
      return null;
    }
    return { width: w.value, height: h.value };
  }

  function insert(src: string, size: { width: number | null; height: number | null }) {
    editor.chain().focus().setImage({ src, alt: alt || undefined, ...(size.width ? { width: size.width } : {}), ...(size.height ? { height: size.height } : {}) } as never).run();
    onClose();
  }

  function byUrl() {
    const size = sizes();
    if (!size) return;
    const checked = checkImageUrl(url, [window.location.host]);
    if (!checked.ok) {
      setError(t('editor.imageSourceNotAllowed'));
      return;
    }
    insert(checked.src, size);
  }

  async function byFile(file: File | undefined) {
    if (!file) return;
    setError(null);
    const size = sizes();
    if (!size) return;
    const problem = checkImageFile(file);
    if (problem) {
      setError(t(UPLOAD_KEYS[problem]));
      return;
    }
    if (!sniffImage(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) {
      setError(t('editor.uploadTypeNotAllowed'));
      return;
    }
    setProgress(0);
    try {
      const src = await readAsDataUrl(file, setProgress);
      setProgress(1);
      insert(src, size);
    } catch {
      setProgress(null);
      say({ text: t('editor.uploadError'), tone: 'error' });
    }
  }

  return (
    <EditorModal title={t('tasksUi.editor.image')} onClose={onClose} testId="editor-image-dialog" size="lg">
      <Tabs.Root defaultValue="upload" variant="line">
        <Tabs.List>
          <Tabs.Trigger value="upload" data-testid="image-tab-upload">{t('tasksUi.editor.imageUpload')}</Tabs.Trigger>
          <Tabs.Trigger value="url" data-testid="image-tab-url">{t('tasksUi.editor.imageByUrl')}</Tabs.Trigger>
        </Tabs.List>
        <Flex gap="2" mt="3">
          <Input placeholder={t('tasksUi.editor.width')} value={width} onChange={(e) => { setWidth(e.target.value); setError(null); }} data-testid="image-width" />
          <Input placeholder={t('tasksUi.editor.height')} value={height} onChange={(e) => { setHeight(e.target.value); setError(null); }} data-testid="image-height" />
          <Input placeholder={t('tasksUi.editor.alt')} value={alt} onChange={(e) => setAlt(e.target.value)} />
        </Flex>
        <Tabs.Content value="upload">
          <Stack gap="2">
            <Text fontSize="sm" color="fg.muted">{t('tasksUi.editor.imageHint', { size: '1 MB' })}</Text>
            <input type="file" accept=".png,.jpg,.jpeg,.gif,.webp" onChange={(e) => void byFile(e.target.files?.[0])} data-testid="image-file" />
            {progress !== null && (
              <Progress.Root value={Math.round(progress * 100)} size="sm" data-testid="image-progress">
                <Progress.Track><Progress.Range /></Progress.Track>
              </Progress.Root>
            )}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="url">
          <Stack gap="2">
            <Input placeholder="https://example.com/picture.png" value={url} onChange={(e) => { setUrl(e.target.value); setError(null); }} data-testid="image-url" />
            <Flex justify="flex-end"><Button colorPalette="blue" onClick={byUrl} data-testid="image-insert">{t('tasksUi.editor.insert')}</Button></Flex>
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
      {error && <Text color="fg.error" fontSize="sm" mt="2" data-testid="image-error">{error}</Text>}
    </EditorModal>
  );
}

function EmbedDialog({ editor, kind, onClose }: { editor: Editor; kind: 'video' | 'iframe'; onClose: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [width, setWidth] = useState(kind === 'video' ? '560' : '600');
  const [height, setHeight] = useState(kind === 'video' ? '315' : '400');
  const [error, setError] = useState<string | null>(null);
  function save() {
    const w = parseSize(width);
    const h = parseSize(height);
    if (kind === 'video') {
      const embed = parseVideoUrl(url);
      if (!embed) return setError(t('editor.videoUrlInvalid'));
      if (!w.ok || !h.ok) return setError(t('editor.videoSizeInvalid'));
      editor.chain().focus().insertEmbed({ ...embed, width: w.value, height: h.value }).run();
    } else {
      const frame = parseIframeUrl(url);
      if (!frame.ok) return setError(t(frame.reason === 'required' ? 'editor.iframeAddressRequired' : 'tasksUi.editor.linkInvalid'));
      if (!w.ok || !h.ok) return setError(t('editor.imageSizeInvalid'));
      editor.chain().focus().insertEmbed({ kind: 'iframe', src: frame.src, original: frame.src, width: w.value, height: h.value }).run();
    }
    onClose();
  }
  return (
    <EditorModal
      title={t(kind === 'video' ? 'tasksUi.editor.video' : 'tasksUi.editor.iframe')}
      onClose={onClose}
      testId={`editor-${kind}-dialog`}
      footer={<><Button variant="outline" onClick={onClose}>{t('client.cancel')}</Button><Button colorPalette="blue" onClick={save} data-testid="embed-save">{t('tasksUi.ok')}</Button></>}
    >
      <Stack gap="3">
        <Input placeholder={kind === 'video' ? 'https://www.youtube.com/watch?v=…' : 'https://'} value={url} onChange={(e) => { setUrl(e.target.value); setError(null); }} data-testid="embed-url" />
        <Flex gap="2">
          <Input placeholder={t('tasksUi.editor.width')} value={width} onChange={(e) => setWidth(e.target.value)} data-testid="embed-width" />
          <Input placeholder={t('tasksUi.editor.height')} value={height} onChange={(e) => setHeight(e.target.value)} data-testid="embed-height" />
        </Flex>
        <Text fontSize="xs" color="fg.subtle">{t('tasksUi.editor.embedNote')}</Text>
        {error && <Text color="fg.error" fontSize="sm" data-testid="embed-error">{error}</Text>}
      </Stack>
    </EditorModal>
  );
}

function SearchDialog({ editor, onClose, say }: { editor: Editor; onClose: () => void; say: (m: Message) => void }) {
  const { t } = useTranslation();
  const [needle, setNeedle] = useState('');
  const [replacement, setReplacement] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(false);

  function select(range: { from: number; to: number }) {
    const { tr } = editor.state;
    editor.view.dispatch(tr.setSelection(TextSelection.create(tr.doc, range.from, range.to)).scrollIntoView());
  }

  function find(direction: 1 | -1): boolean {
    const all = matchesIn(editor, needle, caseSensitive);
    if (!needle) return false;
    const { from, to } = editor.state.selection;
    const next = direction === 1 ? all.find((m) => m.from >= to) : [...all].reverse().find((m) => m.to <= from);
    if (next) {
      select(next);
      return true;
    }
    say({ text: t(direction === 1 ? 'editor.searchEnd' : 'editor.searchStart'), tone: 'info' });
    // The next search starts again from the other end.
    const edge = direction === 1 ? 0 : editor.state.doc.content.size;
    const { tr } = editor.state;
    editor.view.dispatch(tr.setSelection(TextSelection.near(tr.doc.resolve(edge))));
    return false;
  }

  function replaceOne() {
    const { from, to } = editor.state.selection;
    const selected = editor.state.doc.textBetween(from, to);
    const same = caseSensitive ? selected === needle : selected.toLowerCase() === needle.toLowerCase();
    if (needle && same) editor.chain().insertContentAt({ from, to }, replacement).run();
    find(1);
  }

  function replaceAll() {
    const all = matchesIn(editor, needle, caseSensitive);
    if (!all.length) {
      say({ text: t('tasksUi.editor.notFound'), tone: 'info' });
      return;
    }
    const { tr } = editor.state;
    for (const m of [...all].reverse()) {
      if (replacement) tr.insertText(replacement, m.from, m.to);
      else tr.delete(m.from, m.to);
    }
    editor.view.dispatch(tr);
    say({ text: t('tasksUi.editor.replaced', { count: all.length }), tone: 'success' });
  }

  return (
    <EditorModal title={t('tasksUi.editor.search')} onClose={onClose} testId="editor-search-dialog">
      <Stack gap="3">
        <Input placeholder={t('tasksUi.editor.find')} value={needle} onChange={(e) => setNeedle(e.target.value)} data-testid="search-needle" />
        <Input placeholder={t('tasksUi.editor.replaceWith')} value={replacement} onChange={(e) => setReplacement(e.target.value)} data-testid="search-replacement" />
        <label style={{ fontSize: 14 }}>
          <input type="checkbox" checked={caseSensitive} onChange={(e) => setCaseSensitive(e.target.checked)} /> {t('tasksUi.editor.caseSensitive')}
        </label>
        <Flex gap="2" wrap="wrap">
          <Button size="sm" onClick={() => find(-1)} data-testid="search-prev">{t('tasksUi.editor.findPrev')}</Button>
          <Button size="sm" onClick={() => find(1)} data-testid="search-next">{t('tasksUi.editor.findNext')}</Button>
          <Button size="sm" onClick={replaceOne} data-testid="search-replace">{t('tasksUi.editor.replace')}</Button>
          <Button size="sm" onClick={replaceAll} data-testid="search-replace-all">{t('tasksUi.editor.replaceAll')}</Button>
        </Flex>
      </Stack>
    </EditorModal>
  );
}

const IDLE = {
  count: 0, bold: false, italic: false, underline: false, strike: false, bullet: false, ordered: false, link: false,
  heading: 0, align: 'left', lineHeight: '', inTable: false, canUndo: false, canRedo: false,
} as const;

/** Characters of text (CharacterCount), 0 while the extension's storage is not there. */
function characters(e: Editor): number {
  const storage = e.storage.characterCount as { characters?: () => number } | undefined;
  return storage?.characters?.() ?? 0;
}

/**
 * The rich-text editor (TipTap), used wherever formatted content is written: task content,
 * additions. Spec sections 2, 5, 8 and 9: toolbar, headings, marks, colours, lists, indent
 * (2em), line heights, alignment, links (http:// added and said), images (upload with progress
 * or by address from allowed formats/hosts; sizes must be numbers), attachments (up to 100 per
 * pick, stored as project files), tables (picker 10×10 growing to 20×20; at most 20 columns
 * and 100 rows), special characters, emoticons, search and replace, video and iframe embeds,
 * preview, clear with confirmation, undo history 20, Tab inserts 4 spaces, autosave of drafts
 * every 500 ms, word count with the 10000 limit. Loaded in its own chunk (see index.tsx).
 */
export default function RichTextEditor({ value, onChange, draftKey, placeholder, minHeight = '220px', uploadAttachment, onOverflow, testId = 'rich-editor' }: RichTextEditorProps) {
  const { t } = useTranslation();
  const [message, say] = useTimedMessage(EDITOR_LIMITS.messageMs);
  const [saved, sayAutosaved] = useTimedMessage(EDITOR_LIMITS.autosaveMessageMs);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [draft, setDraft] = useState<string | null>(() => {
    if (!draftKey) return null;
    const stored = loadDraft(draftKey);
    return stored && stored !== value && stored !== '<p></p>' ? stored : null;
  });
  const [upload, setUpload] = useState<{ name: string; fraction: number } | null>(null);
  const dirty = useRef(false);
  const overflowed = useRef(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onOverflowRef = useRef(onOverflow);
  onOverflowRef.current = onOverflow;
  const attachmentInput = useRef<HTMLInputElement>(null);

  const extensions = useMemo(
    () => [
      StarterKit.configure({
        undoRedo: { depth: EDITOR_LIMITS.undoDepth },
        heading: { levels: [1, 2, 3, 4, 5, 6] },
        link: { openOnClick: false, autolink: true, defaultProtocol: 'http', protocols: ['http', 'https', 'mailto'], HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' } },
      }),
      TextStyle,
      Color,
      BackgroundColor,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      Image.configure({ allowBase64: true }),
      TableKit.configure({ table: { resizable: false } }),
      CharacterCount,
      Placeholder.configure({ placeholder: placeholder ?? '' }),
      BlockFormat,
      Embed,
    ],
    [placeholder],
  );

  // Declared before the editor (its props call it); reads the editor through a ref.
  const editorRef = useRef<Editor | null>(null);
  const sayRef = useRef(say);
  sayRef.current = say;
  function insertImageFiles(files: File[]): boolean {
    const images = files.filter((f) => f.type.startsWith('image/'));
    if (!images.length) return false;
    void (async () => {
      for (const file of images) {
        const problem = checkImageFile(file);
        const bytes = problem ? null : new Uint8Array(await file.slice(0, 16).arrayBuffer());
        if (problem || !bytes || !sniffImage(bytes)) {
          sayRef.current({ text: t(UPLOAD_KEYS[problem ?? 'typeNotAllowed']), tone: 'error' });
          continue;
        }
        setUpload({ name: file.name, fraction: 0 });
        try {
          const src = await readAsDataUrl(file, (fraction) => setUpload({ name: file.name, fraction }));
          const current = editorRef.current;
          // After the selection (a selected image is kept, not replaced).
          current?.chain().focus().insertContentAt(current.state.selection.to, { type: 'image', attrs: { src, alt: file.name } }).run();
        } catch {
          sayRef.current({ text: t('editor.uploadError'), tone: 'error' });
        } finally {
          setUpload(null);
        }
      }
    })();
    return true;
  }

  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { 'data-testid': `${testId}-content`, class: 'rte-content', spellcheck: 'false' },
      // Image files pasted or dropped go through the same checks as the image dialog's upload.
      handlePaste: (_view, event) => insertImageFiles([...(event.clipboardData?.files ?? [])]),
      handleDrop: (_view, event) => insertImageFiles([...((event as DragEvent).dataTransfer?.files ?? [])]),
    },
    onUpdate: ({ editor: e }) => {
      dirty.current = true;
      onChangeRef.current(e.isEmpty ? '' : e.getHTML());
      const count = characters(e);
      if (count > EDITOR_LIMITS.maxChars && !overflowed.current) onOverflowRef.current?.(count);
      overflowed.current = count > EDITOR_LIMITS.maxChars;
    },
  });

  editorRef.current = editor;

  const state = useEditorState({
    editor,
    // The storage is missing for a moment while an editor is created or destroyed.
    selector: ({ editor: e }) => (e.isDestroyed || !e.storage.characterCount ? IDLE : {
      count: characters(e),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      heading: ([1, 2, 3, 4, 5, 6] as const).find((level) => e.isActive('heading', { level })) ?? 0,
      align: (['left', 'center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      lineHeight: (e.getAttributes('paragraph').lineHeight as string | null) ?? (e.getAttributes('heading').lineHeight as string | null) ?? '',
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  }) ?? IDLE;

  // Autosave every 500 ms while there are changes (local storage, PC_ prefix).
  useEffect(() => {
    if (!draftKey) return undefined;
    const timer = setInterval(() => {
      if (!dirty.current) return;
      dirty.current = false;
      if (editor.isEmpty) clearDraft(draftKey);
      else saveDraft(draftKey, editor.getHTML());
      sayAutosaved({ text: t('editor.autosaveDone'), tone: 'success' });
    }, EDITOR_LIMITS.autosaveMs);
    return () => clearInterval(timer);
  }, [draftKey, editor, sayAutosaved, t]);

  const sayUpload = (problem: UploadProblem) => say({ text: t(UPLOAD_KEYS[problem]), tone: 'error' });

  async function attach(files: File[]) {
    if (!files.length) return;
    if (files.length > EDITOR_LIMITS.attachmentsPerPick) {
      say({ text: t('editor.attachmentLimit', { max: EDITOR_LIMITS.attachmentsPerPick }), tone: 'error' });
      return;
    }
    if (!uploadAttachment) {
      say({ text: t('tasksUi.editor.attachmentNeedsProject'), tone: 'error' });
      return;
    }
    for (const file of files) {
      const problem = checkAttachment(file);
      if (problem) {
        sayUpload(problem);
        continue;
      }
      setUpload({ name: file.name, fraction: 0 });
      try {
        const stored = await uploadAttachment(file, (fraction) => setUpload({ name: file.name, fraction }), t('editor.uploadError'));
        editor
          .chain()
          .focus()
          .insertContent([
            { type: 'paragraph', content: [{ type: 'text', text: '📎 ' }, { type: 'text', text: stored.fileName, marks: [{ type: 'link', attrs: { href: stored.downloadUrl, target: '_blank' } }] }] },
          ])
          .run();
      } catch (err) {
        say({ text: err instanceof UploadFailed ? err.message : t('editor.uploadError'), tone: 'error' });
      } finally {
        setUpload(null);
      }
    }
  }

  function addTableLine(what: 'row' | 'col') {
    const size = tableSize(editor);
    if (!size) return;
    if (!tableMayGrow(size.rows, size.cols, what)) {
      say({ text: t('editor.tableLimit', { cols: EDITOR_LIMITS.tableMaxCols, rows: EDITOR_LIMITS.tableMaxRows }), tone: 'warning' });
      return;
    }
    if (what === 'row') editor.chain().focus().addRowAfter().run();
    else editor.chain().focus().addColumnAfter().run();
  }

  const counter = countState(state.count);
  const chain = () => editor.chain().focus();

  return (
    <Box borderWidth="1px" borderRadius="md" bg="bg.panel" data-testid={testId} className="rte">
      <style>{EDITOR_CSS}</style>
      <Flex wrap="wrap" gap="0.5" p="1" borderBottomWidth="1px" bg="bg.subtle" align="center" data-testid="editor-toolbar">
        <Tool label={t('tasksUi.editor.undo')} testId="undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}><Undo2 /></Tool>
        <Tool label={t('tasksUi.editor.redo')} testId="redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}><Redo2 /></Tool>
        <NativeSelect.Root size="xs" width="24">
          <NativeSelect.Field
            aria-label={t('tasksUi.editor.heading')}
            value={String(state.heading)}
            onChange={(e) => {
              const level = Number(e.target.value);
              if (level) chain().setHeading({ level: level as 1 | 2 | 3 | 4 | 5 | 6 }).run();
              else chain().setParagraph().run();
            }}
            data-testid="editor-heading"
          >
            <option value="0">{t('tasksUi.editor.paragraph')}</option>
            {[1, 2, 3, 4, 5, 6].map((l) => <option key={l} value={l}>{t('tasksUi.editor.headingN', { level: l })}</option>)}
          </NativeSelect.Field>
        </NativeSelect.Root>
        <Tool label={t('tasksUi.editor.bold')} testId="bold" active={state.bold} onClick={() => chain().toggleBold().run()}><Bold /></Tool>
        <Tool label={t('tasksUi.editor.italic')} testId="italic" active={state.italic} onClick={() => chain().toggleItalic().run()}><Italic /></Tool>
        <Tool label={t('tasksUi.editor.underline')} testId="underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}><Underline /></Tool>
        <Tool label={t('tasksUi.editor.strike')} testId="strike" active={state.strike} onClick={() => chain().toggleStrike().run()}><Strikethrough /></Tool>
        <ColourTool label={t('tasksUi.editor.colour')} testId="colour" icon={<Baseline />} onPick={(c) => chain().setColor(c).run()} onClear={() => chain().unsetColor().run()} />
        <ColourTool label={t('tasksUi.editor.background')} testId="background" icon={<Highlighter />} onPick={(c) => chain().setBackgroundColor(c).run()} onClear={() => chain().unsetBackgroundColor().run()} />
        <Tool label={t('tasksUi.editor.bulletList')} testId="bullet" active={state.bullet} onClick={() => chain().toggleBulletList().run()}><List /></Tool>
        <Tool label={t('tasksUi.editor.orderedList')} testId="ordered" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}><ListOrdered /></Tool>
        <Tool label={t('tasksUi.editor.outdent')} testId="outdent" onClick={() => chain().outdent().run()}><IndentDecrease /></Tool>
        <Tool label={t('tasksUi.editor.indent')} testId="indent" onClick={() => chain().indent().run()}><IndentIncrease /></Tool>
        <NativeSelect.Root size="xs" width="28">
          <NativeSelect.Field
            aria-label={t('tasksUi.editor.lineHeight')}
            title={t('tasksUi.editor.lineHeight')}
            value={state.lineHeight}
            onChange={(e) => chain().setBlockLineHeight(e.target.value || null).run()}
            data-testid="editor-line-height"
          >
            <option value="">{t('tasksUi.editor.lineHeight')}</option>
            {LINE_HEIGHTS.map((h) => <option key={h} value={h}>{h}</option>)}
          </NativeSelect.Field>
        </NativeSelect.Root>
        <Tool label={t('tasksUi.editor.alignLeft')} testId="align-left" active={state.align === 'left'} onClick={() => chain().setTextAlign('left').run()}><AlignLeft /></Tool>
        <Tool label={t('tasksUi.editor.alignCenter')} testId="align-center" active={state.align === 'center'} onClick={() => chain().setTextAlign('center').run()}><AlignCenter /></Tool>
        <Tool label={t('tasksUi.editor.alignRight')} testId="align-right" active={state.align === 'right'} onClick={() => chain().setTextAlign('right').run()}><AlignRight /></Tool>
        <Tool label={t('tasksUi.editor.alignJustify')} testId="align-justify" active={state.align === 'justify'} onClick={() => chain().setTextAlign('justify').run()}><AlignJustify /></Tool>
        <Tool label={t('tasksUi.editor.link')} testId="link" active={state.link} onClick={() => setDialog('link')}><Link2 /></Tool>
        <Tool label={t('tasksUi.editor.unlink')} testId="unlink" disabled={!state.link} onClick={() => chain().extendMarkRange('link').unsetLink().run()}><Link2Off /></Tool>
        <Tool label={t('tasksUi.editor.image')} testId="image" onClick={() => setDialog('image')}><ImageIcon /></Tool>
        <Tool label={t('tasksUi.editor.attachment')} testId="attachment" onClick={() => attachmentInput.current?.click()}><Paperclip /></Tool>
        <TablePicker label={t('tasksUi.editor.table')} onPick={(rows, cols) => chain().insertTable({ rows, cols, withHeaderRow: true }).run()} />
        <Tool label={t('tasksUi.editor.specialChars')} testId="special" onClick={() => setDialog('special')}><Omega /></Tool>
        <Tool label={t('tasksUi.editor.emoticons')} testId="emoticon" onClick={() => setDialog('emoticon')}><Smile /></Tool>
        <Tool label={t('tasksUi.editor.search')} testId="search" onClick={() => setDialog('search')}><Search /></Tool>
        <Tool label={t('tasksUi.editor.video')} testId="video" onClick={() => setDialog('video')}><Film /></Tool>
        <Tool label={t('tasksUi.editor.iframe')} testId="iframe" onClick={() => setDialog('iframe')}><Frame /></Tool>
        <Tool label={t('tasksUi.editor.preview')} testId="preview" onClick={() => setDialog('preview')}><Eye /></Tool>
        <Tool label={t('tasksUi.editor.clear')} testId="clear" onClick={() => setDialog('clear')}><Eraser /></Tool>
        <input
          ref={attachmentInput}
          type="file"
          multiple
          hidden
          data-testid="editor-attachment-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void attach(files);
          }}
        />
      </Flex>
      {state.inTable && (
        <Flex gap="1" px="2" py="1" borderBottomWidth="1px" bg="bg.selected" wrap="wrap" data-testid="table-tools">
          <Button size="2xs" variant="outline" onClick={() => addTableLine('row')} data-testid="table-add-row">{t('tasksUi.editor.addRow')}</Button>
          <Button size="2xs" variant="outline" onClick={() => addTableLine('col')} data-testid="table-add-col">{t('tasksUi.editor.addCol')}</Button>
          <Button size="2xs" variant="outline" onClick={() => chain().deleteRow().run()}>{t('tasksUi.editor.deleteRow')}</Button>
          <Button size="2xs" variant="outline" onClick={() => chain().deleteColumn().run()}>{t('tasksUi.editor.deleteCol')}</Button>
          <Button size="2xs" variant="outline" onClick={() => chain().mergeOrSplit().run()}>{t('tasksUi.editor.mergeSplit')}</Button>
          <Button size="2xs" variant="outline" colorPalette="red" onClick={() => chain().deleteTable().run()}>{t('tasksUi.editor.deleteTable')}</Button>
        </Flex>
      )}
      <Box px="3" py="2" minH={minHeight} maxH="45vh" overflowY="auto" cursor="text" onClick={() => !editor.isFocused && editor.commands.focus()}>
        <EditorContent editor={editor} />
      </Box>
      <Flex px="3" py="1" borderTopWidth="1px" fontSize="xs" gap="3" align="center" minH="7" bg="bg.subtle" wrap="wrap">
        {message && (
          <Text color={message.tone === 'error' ? 'fg.error' : message.tone === 'warning' ? 'fg.warning' : message.tone === 'success' ? 'fg.success' : 'fg.info'} data-testid="editor-message">
            {message.text}
          </Text>
        )}
        {upload && (
          <Flex align="center" gap="2" data-testid="editor-upload">
            <Text>{t('tasksUi.editor.uploading', { name: upload.name })}</Text>
            <Progress.Root value={Math.round(upload.fraction * 100)} size="xs" w="24"><Progress.Track><Progress.Range /></Progress.Track></Progress.Root>
          </Flex>
        )}
        {draft && (
          <Button
            size="2xs"
            variant="outline"
            onClick={() => {
              editor.commands.setContent(draft, { emitUpdate: true });
              setDraft(null);
            }}
            data-testid="editor-restore-draft"
          >
            {t('tasksUi.editor.restoreDraft')}
          </Button>
        )}
        {saved && <Text color="fg.success" data-testid="editor-autosaved">{saved.text}</Text>}
        <Text ml="auto" color={counter.overflow ? 'fg.error' : 'fg.subtle'} fontWeight={counter.overflow ? 'semibold' : 'normal'} data-testid="editor-count" data-overflow={counter.overflow ? 'true' : 'false'}>
          {counter.overflow ? t('editor.wordOverflow', { max: counter.max }) : t('editor.wordCount', { count: counter.count, left: counter.left })}
        </Text>
      </Flex>

      {dialog === 'link' && <LinkDialog editor={editor} onClose={() => setDialog(null)} say={say} />}
      {dialog === 'image' && <ImageDialog editor={editor} onClose={() => setDialog(null)} say={say} />}
      {(dialog === 'video' || dialog === 'iframe') && <EmbedDialog editor={editor} kind={dialog} onClose={() => setDialog(null)} />}
      {dialog === 'search' && <SearchDialog editor={editor} onClose={() => setDialog(null)} say={say} />}
      {(dialog === 'special' || dialog === 'emoticon') && (
        <EditorModal title={t(dialog === 'special' ? 'tasksUi.editor.specialChars' : 'tasksUi.editor.emoticons')} onClose={() => setDialog(null)} testId={`editor-${dialog}-dialog`} size="lg">
          <Grid templateColumns="repeat(auto-fill, minmax(36px, 1fr))" gap="1">
            {(dialog === 'special' ? SPECIAL_CHARACTERS : EMOTICONS).map((c) => (
              <Button key={c} size="sm" variant="outline" fontSize="lg" onClick={() => { chain().insertContent(c).run(); setDialog(null); }} data-testid="char-option">{c}</Button>
            ))}
          </Grid>
        </EditorModal>
      )}
      {dialog === 'preview' && (
        <EditorModal title={t('tasksUi.editor.preview')} onClose={() => setDialog(null)} testId="editor-preview-dialog" size="xl">
          {/* The editor's own HTML: produced from its schema (no script, no handlers). */}
          <Box className="rte-content" dangerouslySetInnerHTML={{ __html: editor.getHTML() }} />
        </EditorModal>
      )}
      {dialog === 'clear' && (
        <EditorModal
          title={t('tasksUi.editor.clear')}
          onClose={() => setDialog(null)}
          testId="editor-clear-dialog"
          size="sm"
          footer={
            <>
              <Button variant="outline" onClick={() => setDialog(null)}>{t('client.cancel')}</Button>
              <Button colorPalette="red" onClick={() => { editor.chain().clearContent(true).focus().run(); setDialog(null); }} data-testid="editor-clear-confirm">{t('tasksUi.ok')}</Button>
            </>
          }
        >
          <Text>{t('editor.clearConfirm')}</Text>
        </EditorModal>
      )}
    </Box>
  );
}

/** Content styles (the app has no global prose styles). */
const EDITOR_CSS = `
.rte-content { outline: none; font-size: 14px; line-height: 1.6; }
.rte-content:focus { outline: none; }
.rte-content p { margin: 0 0 0.5em; }
.rte-content h1 { font-size: 1.8em; font-weight: 700; margin: 0.4em 0; }
.rte-content h2 { font-size: 1.5em; font-weight: 700; margin: 0.4em 0; }
.rte-content h3 { font-size: 1.25em; font-weight: 600; margin: 0.4em 0; }
.rte-content h4, .rte-content h5, .rte-content h6 { font-size: 1.05em; font-weight: 600; margin: 0.4em 0; }
.rte-content ul { list-style: disc; padding-left: 1.6em; }
.rte-content ol { list-style: decimal; padding-left: 1.6em; }
.rte-content a { color: #2563eb; text-decoration: underline; }
.rte-content blockquote { border-left: 3px solid #cbd5e1; padding-left: 0.8em; color: #475569; }
.rte-content pre { background: #f1f5f9; padding: 0.6em; border-radius: 4px; font-family: monospace; }
.rte-content table { border-collapse: collapse; margin: 0.5em 0; }
.rte-content td, .rte-content th { border: 1px solid #cbd5e1; padding: 4px 8px; min-width: 40px; vertical-align: top; }
.rte-content th { background: #f1f5f9; font-weight: 600; }
.rte-content .selectedCell { background: #dbeafe; }
.rte-content img { max-width: 100%; display: inline-block; }
.rte-content img.ProseMirror-selectednode { outline: 2px solid #3b82f6; }
.rte-content figure[data-embed] { margin: 0.5em 0; }
.rte-content figure[data-embed] iframe, .rte-content figure[data-embed] video { max-width: 100%; border: 1px solid #e2e8f0; }
.rte-content figcaption { font-size: 12px; color: #64748b; }
.rte-content p.is-editor-empty:first-child::before { content: attr(data-placeholder); color: #94a3b8; float: left; height: 0; pointer-events: none; }
`;
