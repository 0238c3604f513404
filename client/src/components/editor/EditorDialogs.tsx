import { Button, Field, Flex, Input, Progress, Stack, Tabs, Text } from '@chakra-ui/react';
import { type Editor } from '@tiptap/react';
import { TextSelection } from '@tiptap/pm/state';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkImageFile, checkImageUrl, findAll, normaliseLink, parseIframeUrl, parseSize, parseVideoUrl, sniffImage, type UploadProblem } from './rules.ts';
import { readAsDataUrl } from './upload.ts';
import { DialogShell } from '../DialogShell.tsx';

export type Message = { text: string; tone: 'info' | 'warning' | 'error' | 'success' } | null;
export type DialogKind = 'link' | 'image' | 'video' | 'iframe' | 'special' | 'emoticon' | 'search' | 'preview' | 'clear' | null;

export const UPLOAD_KEYS: Record<UploadProblem, string> = {
  empty: 'editor.uploadEmpty',
  tooLarge: 'editor.uploadTooLarge',
  typeNotAllowed: 'editor.uploadTypeNotAllowed',
};

/** The editor's dialogs use the app's one dialog shell. */
/** An editor tool's dialog. `dirty` false: a tool that acts at once (search and replace) has nothing to lose on close. */
export function EditorModal({
  title,
  onClose,
  children,
  footer,
  testId,
  size = 'md',
  dirty,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  dirty?: boolean;
}) {
  return (
    <DialogShell title={title} onClose={onClose} footer={footer} testId={testId} size={size} dirty={dirty}>
      {children}
    </DialogShell>
  );
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

export function LinkDialog({ editor, onClose, say }: { editor: Editor; onClose: () => void; say: (m: Message) => void }) {
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
    <EditorModal
      title={t('tasksUi.editor.link')}
      onClose={onClose}
      testId="editor-link-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('client.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={save} data-testid="link-save">
            {t('tasksUi.ok')}
          </Button>
        </>
      }
    >
      {/* The address first (what the link is), then the text it shows; both labelled. */}
      <Stack gap="3">
        <Field.Root required invalid={!!error}>
          <Field.Label>
            {t('tasksUi.editor.linkAddress')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="url"
            inputMode="url"
            placeholder="https://"
            value={href}
            onChange={(e) => {
              setHref(e.target.value);
              setError(null);
            }}
            data-testid="link-href"
          />
          {error && <Field.ErrorText data-testid="link-error">{error}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('tasksUi.editor.linkText')}</Field.Label>
          <Input value={text} onChange={(e) => setText(e.target.value)} data-testid="link-text" />
          <Field.HelperText>{t('tasksUi.editor.linkTextHelp')}</Field.HelperText>
        </Field.Root>
      </Stack>
    </EditorModal>
  );
}

export function ImageDialog({ editor, onClose, say }: { editor: Editor; onClose: () => void; say: (m: Message) => void }) {
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
    editor
      .chain()
      .focus()
      .setImage({ src, alt: alt || undefined, ...(size.width ? { width: size.width } : {}), ...(size.height ? { height: size.height } : {}) } as never)
      .run();
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
          <Tabs.Trigger value="upload" data-testid="image-tab-upload">
            {t('tasksUi.editor.imageUpload')}
          </Tabs.Trigger>
          <Tabs.Trigger value="url" data-testid="image-tab-url">
            {t('tasksUi.editor.imageByUrl')}
          </Tabs.Trigger>
        </Tabs.List>
        <Flex gap="2" mt="3">
          <Input
            placeholder={t('tasksUi.editor.width')}
            value={width}
            onChange={(e) => {
              setWidth(e.target.value);
              setError(null);
            }}
            data-testid="image-width"
          />
          <Input
            placeholder={t('tasksUi.editor.height')}
            value={height}
            onChange={(e) => {
              setHeight(e.target.value);
              setError(null);
            }}
            data-testid="image-height"
          />
          <Input placeholder={t('tasksUi.editor.alt')} value={alt} onChange={(e) => setAlt(e.target.value)} />
        </Flex>
        <Tabs.Content value="upload">
          <Stack gap="2">
            <Text fontSize="sm" color="fg.muted">
              {t('tasksUi.editor.imageHint', { size: '1 MB' })}
            </Text>
            <input type="file" accept=".png,.jpg,.jpeg,.gif,.webp" onChange={(e) => void byFile(e.target.files?.[0])} data-testid="image-file" />
            {progress !== null && (
              <Progress.Root value={Math.round(progress * 100)} size="sm" data-testid="image-progress">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="url">
          <Stack gap="2">
            <Input
              placeholder="https://example.com/picture.png"
              value={url}
              onChange={(e) => {
                setUrl(e.target.value);
                setError(null);
              }}
              data-testid="image-url"
            />
            <Flex justify="flex-end">
              <Button colorPalette="blue" onClick={byUrl} data-testid="image-insert">
                {t('tasksUi.editor.insert')}
              </Button>
            </Flex>
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
      {error && (
        <Text color="fg.error" fontSize="sm" mt="2" data-testid="image-error">
          {error}
        </Text>
      )}
    </EditorModal>
  );
}

export function EmbedDialog({ editor, kind, onClose }: { editor: Editor; kind: 'video' | 'iframe'; onClose: () => void }) {
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
      editor
        .chain()
        .focus()
        .insertEmbed({ ...embed, width: w.value, height: h.value })
        .run();
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
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('client.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={save} data-testid="embed-save">
            {t('tasksUi.ok')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Input
          placeholder={kind === 'video' ? 'https://www.youtube.com/watch?v=…' : 'https://'}
          value={url}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(null);
          }}
          data-testid="embed-url"
        />
        <Flex gap="2">
          <Input placeholder={t('tasksUi.editor.width')} value={width} onChange={(e) => setWidth(e.target.value)} data-testid="embed-width" />
          <Input placeholder={t('tasksUi.editor.height')} value={height} onChange={(e) => setHeight(e.target.value)} data-testid="embed-height" />
        </Flex>
        <Text fontSize="xs" color="fg.subtle">
          {t('tasksUi.editor.embedNote')}
        </Text>
        {error && (
          <Text color="fg.error" fontSize="sm" data-testid="embed-error">
            {error}
          </Text>
        )}
      </Stack>
    </EditorModal>
  );
}

export function SearchDialog({ editor, onClose, say }: { editor: Editor; onClose: () => void; say: (m: Message) => void }) {
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
    <EditorModal title={t('tasksUi.editor.search')} onClose={onClose} testId="editor-search-dialog" dirty={false}>
      <Stack gap="3">
        <Input placeholder={t('tasksUi.editor.find')} value={needle} onChange={(e) => setNeedle(e.target.value)} data-testid="search-needle" />
        <Input placeholder={t('tasksUi.editor.replaceWith')} value={replacement} onChange={(e) => setReplacement(e.target.value)} data-testid="search-replacement" />
        <label style={{ fontSize: 14 }}>
          <input type="checkbox" checked={caseSensitive} onChange={(e) => setCaseSensitive(e.target.checked)} /> {t('tasksUi.editor.caseSensitive')}
        </label>
        <Flex gap="2" wrap="wrap">
          <Button size="sm" onClick={() => find(-1)} data-testid="search-prev">
            {t('tasksUi.editor.findPrev')}
          </Button>
          <Button size="sm" onClick={() => find(1)} data-testid="search-next">
            {t('tasksUi.editor.findNext')}
          </Button>
          <Button size="sm" onClick={replaceOne} data-testid="search-replace">
            {t('tasksUi.editor.replace')}
          </Button>
          <Button size="sm" onClick={replaceAll} data-testid="search-replace-all">
            {t('tasksUi.editor.replaceAll')}
          </Button>
        </Flex>
      </Stack>
    </EditorModal>
  );
}
