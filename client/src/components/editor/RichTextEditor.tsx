import { Box, Button, Flex, Grid, Progress, Text } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearDraft, loadDraft, saveDraft } from './drafts.ts';
import { BlockFormat, Embed } from './extensions.ts';
import { EDITOR_LIMITS, EMOTICONS, SPECIAL_CHARACTERS, checkAttachment, checkImageFile, countState, sniffImage, tableMayGrow, type UploadProblem } from './rules.ts';
import { readAsDataUrl, UploadFailed, type AttachmentUploader } from './upload.ts';
import { EDITOR_CSS } from './styles.ts';
import { EditorModal, EmbedDialog, ImageDialog, LinkDialog, SearchDialog, UPLOAD_KEYS, type DialogKind, type Message } from './EditorDialogs.tsx';
import { EditorToolbar, IDLE } from './Toolbar.tsx';

export type RichTextEditorProps = {
  /** The HTML the editor starts with (read once). */
  value: string;
  onChange: (html: string) => void;
  /** Autosave key: drafts are written every 500 ms to local storage (PC_editorDraft_<key>). */
  draftKey?: string;
  placeholder?: string;
  /** The editor's accessible name (role textbox, aria-multiline). */
  label?: string;
  minHeight?: string;
  /** Stores attachments (the task screens store them as project files); without one, attachments are refused. */
  uploadAttachment?: AttachmentUploader | null;
  /** Fired when the text goes over the 10000-character limit. */
  onOverflow?: (count: number) => void;
  testId?: string;
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
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return [message, show];
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
export default function RichTextEditor({ value, onChange, draftKey, placeholder, label, minHeight = '220px', uploadAttachment, onOverflow, testId = 'rich-editor' }: RichTextEditorProps) {
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
  // The editor's callbacks (given once, at creation) call the latest props through refs.
  const onChangeRef = useRef(onChange);
  const onOverflowRef = useRef(onOverflow);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
    onOverflowRef.current = onOverflow;
  }, [onChange, onOverflow]);

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
  function insertImageFiles(files: File[]): boolean {
    const images = files.filter((f) => f.type.startsWith('image/'));
    if (!images.length) return false;
    void (async () => {
      for (const file of images) {
        const problem = checkImageFile(file);
        const bytes = problem ? null : new Uint8Array(await file.slice(0, 16).arrayBuffer());
        if (problem || !bytes || !sniffImage(bytes)) {
          say({ text: t(UPLOAD_KEYS[problem ?? 'typeNotAllowed']), tone: 'error' });
          continue;
        }
        setUpload({ name: file.name, fraction: 0 });
        try {
          const src = await readAsDataUrl(file, (fraction) => setUpload({ name: file.name, fraction }));
          const current = editorRef.current;
          // After the selection (a selected image is kept, not replaced).
          current
            ?.chain()
            .focus()
            .insertContentAt(current.state.selection.to, { type: 'image', attrs: { src, alt: file.name } })
            .run();
        } catch {
          say({ text: t('editor.uploadError'), tone: 'error' });
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
      attributes: { 'data-testid': `${testId}-content`, class: 'rte-content', spellcheck: 'false', role: 'textbox', 'aria-multiline': 'true', 'aria-label': label ?? placeholder ?? '' },
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

  useLayoutEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  const state =
    useEditorState({
      editor,
      // The storage is missing for a moment while an editor is created or destroyed.
      selector: ({ editor: e }) =>
        e.isDestroyed || !e.storage.characterCount
          ? IDLE
          : {
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
            },
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
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: '📎 ' },
                { type: 'text', text: stored.fileName, marks: [{ type: 'link', attrs: { href: stored.downloadUrl, target: '_blank' } }] },
              ],
            },
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
      <EditorToolbar editor={editor} state={state} openDialog={setDialog} attach={attach} />
      {state.inTable && (
        <Flex gap="1" px="2" py="1" borderBottomWidth="1px" bg="bg.selected" wrap="wrap" data-testid="table-tools">
          <Button size="2xs" variant="outline" onClick={() => addTableLine('row')} data-testid="table-add-row">
            {t('tasksUi.editor.addRow')}
          </Button>
          <Button size="2xs" variant="outline" onClick={() => addTableLine('col')} data-testid="table-add-col">
            {t('tasksUi.editor.addCol')}
          </Button>
          <Button size="2xs" variant="outline" onClick={() => chain().deleteRow().run()}>
            {t('tasksUi.editor.deleteRow')}
          </Button>
          <Button size="2xs" variant="outline" onClick={() => chain().deleteColumn().run()}>
            {t('tasksUi.editor.deleteCol')}
          </Button>
          <Button size="2xs" variant="outline" onClick={() => chain().mergeOrSplit().run()}>
            {t('tasksUi.editor.mergeSplit')}
          </Button>
          <Button size="2xs" variant="outline" colorPalette="red" onClick={() => chain().deleteTable().run()}>
            {t('tasksUi.editor.deleteTable')}
          </Button>
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
            <Progress.Root value={Math.round(upload.fraction * 100)} size="xs" w="24">
              <Progress.Track>
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
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
        {saved && (
          <Text color="fg.success" data-testid="editor-autosaved">
            {saved.text}
          </Text>
        )}
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
              <Button
                key={c}
                size="sm"
                variant="outline"
                fontSize="lg"
                onClick={() => {
                  chain().insertContent(c).run();
                  setDialog(null);
                }}
                data-testid="char-option"
              >
                {c}
              </Button>
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
              <Button variant="outline" onClick={() => setDialog(null)}>
                {t('client.cancel')}
              </Button>
              <Button
                colorPalette="red"
                onClick={() => {
                  editor.chain().clearContent(true).focus().run();
                  setDialog(null);
                }}
                data-testid="editor-clear-confirm"
              >
                {t('tasksUi.ok')}
              </Button>
            </>
          }
        >
          <Text>{t('editor.clearConfirm')}</Text>
        </EditorModal>
      )}
    </Box>
  );
}
