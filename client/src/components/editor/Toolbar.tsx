import { Box, Button, Flex, Grid, IconButton, NativeSelect, Popover, Text } from '@chakra-ui/react';
import { type Editor } from '@tiptap/react';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Baseline,
  Bold,
  Eraser,
  Eye,
  Film,
  Frame,
  Highlighter,
  Image as ImageIcon,
  IndentDecrease,
  IndentIncrease,
  Italic,
  Link2,
  Link2Off,
  List,
  ListOrdered,
  Omega,
  Paperclip,
  Redo2,
  Search,
  Smile,
  Strikethrough,
  Table as TableIcon,
  Underline,
  Undo2,
} from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LINE_HEIGHTS, PALETTE, pickerSize } from './rules.ts';
import type { DialogKind } from './EditorDialogs.tsx';

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

function ColourTool({ label, testId, icon, onPick, onClear }: { label: string; testId: string; icon: ReactNode; onPick: (c: string) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <IconButton aria-label={label} title={label} size="xs" variant="ghost" onMouseDown={(e) => e.preventDefault()} data-testid={`editor-${testId}`}>
          {icon}
        </IconButton>
      </Popover.Trigger>
      <Popover.Positioner>
        <Popover.Content w="auto" p="2">
          <Grid templateColumns="repeat(11, 1fr)" gap="1">
            {PALETTE.map((c) => (
              <Box
                key={c}
                as="button"
                w="5"
                h="5"
                borderRadius="sm"
                borderWidth="1px"
                bg={c}
                title={c}
                aria-label={c}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  onPick(c);
                  setOpen(false);
                }}
              />
            ))}
          </Grid>
          <Button
            size="xs"
            variant="ghost"
            mt="2"
            onClick={() => {
              onClear();
              setOpen(false);
            }}
          >
            {t('tasksUi.editor.noColour')}
          </Button>
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
    <Popover.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        setHover({ r: 0, c: 0 });
      }}
      positioning={{ placement: 'bottom-start' }}
    >
      <Popover.Trigger asChild>
        <IconButton aria-label={label} title={label} size="xs" variant="ghost" onMouseDown={(e) => e.preventDefault()} data-testid="editor-table">
          <TableIcon />
        </IconButton>
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
                  onClick={() => {
                    onPick(r + 1, c + 1);
                    setOpen(false);
                  }}
                  data-testid={`table-cell-${r + 1}-${c + 1}`}
                />
              );
            })}
          </Grid>
          <Text fontSize="xs" mt="1" textAlign="center" data-testid="table-picker-size">
            {hover.r + 1} × {hover.c + 1}
          </Text>
        </Popover.Content>
      </Popover.Positioner>
    </Popover.Root>
  );
}

export const IDLE = {
  count: 0,
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  bullet: false,
  ordered: false,
  link: false,
  heading: 0,
  align: 'left',
  lineHeight: '',
  inTable: false,
  canUndo: false,
  canRedo: false,
} as const;

export type EditorUiState = {
  count: number;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  bullet: boolean;
  ordered: boolean;
  link: boolean;
  heading: number;
  align: 'left' | 'center' | 'right' | 'justify';
  lineHeight: string;
  inTable: boolean;
  canUndo: boolean;
  canRedo: boolean;
};

/** The toolbar: every tool of the editor; dialogs open through `openDialog`, files through `attach`. */
export function EditorToolbar({ editor, state, openDialog, attach }: { editor: Editor; state: EditorUiState; openDialog: (kind: DialogKind) => void; attach: (files: File[]) => Promise<void> }) {
  const { t } = useTranslation();
  const chain = () => editor.chain().focus();
  const setDialog = openDialog;
  const attachmentInput = useRef<HTMLInputElement>(null);
  return (
    <Flex wrap="wrap" gap="0.5" p="1" borderBottomWidth="1px" bg="bg.subtle" align="center" data-testid="editor-toolbar">
      <Tool label={t('tasksUi.editor.undo')} testId="undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 />
      </Tool>
      <Tool label={t('tasksUi.editor.redo')} testId="redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 />
      </Tool>
      <NativeSelect.Root size="xs" width="24">
        <NativeSelect.Field
          aria-label={t('tasksUi.editor.heading')}
          value={String(state.heading)}
          onChange={(e) => {
            const level = Number(e.target.value);
            if (level)
              chain()
                .setHeading({ level: level as 1 | 2 | 3 | 4 | 5 | 6 })
                .run();
            else chain().setParagraph().run();
          }}
          data-testid="editor-heading"
        >
          <option value="0">{t('tasksUi.editor.paragraph')}</option>
          {[1, 2, 3, 4, 5, 6].map((l) => (
            <option key={l} value={l}>
              {t('tasksUi.editor.headingN', { level: l })}
            </option>
          ))}
        </NativeSelect.Field>
      </NativeSelect.Root>
      <Tool label={t('tasksUi.editor.bold')} testId="bold" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold />
      </Tool>
      <Tool label={t('tasksUi.editor.italic')} testId="italic" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic />
      </Tool>
      <Tool label={t('tasksUi.editor.underline')} testId="underline" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline />
      </Tool>
      <Tool label={t('tasksUi.editor.strike')} testId="strike" active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough />
      </Tool>
      <ColourTool label={t('tasksUi.editor.colour')} testId="colour" icon={<Baseline />} onPick={(c) => chain().setColor(c).run()} onClear={() => chain().unsetColor().run()} />
      <ColourTool label={t('tasksUi.editor.background')} testId="background" icon={<Highlighter />} onPick={(c) => chain().setBackgroundColor(c).run()} onClear={() => chain().unsetBackgroundColor().run()} />
      <Tool label={t('tasksUi.editor.bulletList')} testId="bullet" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List />
      </Tool>
      <Tool label={t('tasksUi.editor.orderedList')} testId="ordered" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered />
      </Tool>
      <Tool label={t('tasksUi.editor.outdent')} testId="outdent" onClick={() => chain().outdent().run()}>
        <IndentDecrease />
      </Tool>
      <Tool label={t('tasksUi.editor.indent')} testId="indent" onClick={() => chain().indent().run()}>
        <IndentIncrease />
      </Tool>
      <NativeSelect.Root size="xs" width="28">
        <NativeSelect.Field
          aria-label={t('tasksUi.editor.lineHeight')}
          title={t('tasksUi.editor.lineHeight')}
          value={state.lineHeight}
          onChange={(e) =>
            chain()
              .setBlockLineHeight(e.target.value || null)
              .run()
          }
          data-testid="editor-line-height"
        >
          <option value="">{t('tasksUi.editor.lineHeight')}</option>
          {LINE_HEIGHTS.map((h) => (
            <option key={h} value={h}>
              {h}
            </option>
          ))}
        </NativeSelect.Field>
      </NativeSelect.Root>
      <Tool label={t('tasksUi.editor.alignLeft')} testId="align-left" active={state.align === 'left'} onClick={() => chain().setTextAlign('left').run()}>
        <AlignLeft />
      </Tool>
      <Tool label={t('tasksUi.editor.alignCenter')} testId="align-center" active={state.align === 'center'} onClick={() => chain().setTextAlign('center').run()}>
        <AlignCenter />
      </Tool>
      <Tool label={t('tasksUi.editor.alignRight')} testId="align-right" active={state.align === 'right'} onClick={() => chain().setTextAlign('right').run()}>
        <AlignRight />
      </Tool>
      <Tool label={t('tasksUi.editor.alignJustify')} testId="align-justify" active={state.align === 'justify'} onClick={() => chain().setTextAlign('justify').run()}>
        <AlignJustify />
      </Tool>
      <Tool label={t('tasksUi.editor.link')} testId="link" active={state.link} onClick={() => setDialog('link')}>
        <Link2 />
      </Tool>
      <Tool label={t('tasksUi.editor.unlink')} testId="unlink" disabled={!state.link} onClick={() => chain().extendMarkRange('link').unsetLink().run()}>
        <Link2Off />
      </Tool>
      <Tool label={t('tasksUi.editor.image')} testId="image" onClick={() => setDialog('image')}>
        <ImageIcon />
      </Tool>
      <Tool label={t('tasksUi.editor.attachment')} testId="attachment" onClick={() => attachmentInput.current?.click()}>
        <Paperclip />
      </Tool>
      <TablePicker label={t('tasksUi.editor.table')} onPick={(rows, cols) => chain().insertTable({ rows, cols, withHeaderRow: true }).run()} />
      <Tool label={t('tasksUi.editor.specialChars')} testId="special" onClick={() => setDialog('special')}>
        <Omega />
      </Tool>
      <Tool label={t('tasksUi.editor.emoticons')} testId="emoticon" onClick={() => setDialog('emoticon')}>
        <Smile />
      </Tool>
      <Tool label={t('tasksUi.editor.search')} testId="search" onClick={() => setDialog('search')}>
        <Search />
      </Tool>
      <Tool label={t('tasksUi.editor.video')} testId="video" onClick={() => setDialog('video')}>
        <Film />
      </Tool>
      <Tool label={t('tasksUi.editor.iframe')} testId="iframe" onClick={() => setDialog('iframe')}>
        <Frame />
      </Tool>
      <Tool label={t('tasksUi.editor.preview')} testId="preview" onClick={() => setDialog('preview')}>
        <Eye />
      </Tool>
      <Tool label={t('tasksUi.editor.clear')} testId="clear" onClick={() => setDialog('clear')}>
        <Eraser />
      </Tool>
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
  );
}
