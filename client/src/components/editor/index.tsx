import { Box, Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor.tsx';

export type { RichTextEditorProps } from './RichTextEditor.tsx';
export { clearDraft } from './drafts.ts';

// TipTap and ProseMirror load in their own chunk, only when a form with formatted content opens.
const Editor = lazy(() => import('./RichTextEditor.tsx'));

/** The rich-text editor, loaded on demand (a skeleton shows while its chunk arrives). */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Box borderWidth="1px" borderRadius="md" p="2" data-testid="rich-editor-loading">
          <Skeleton h="8" mb="2" />
          <Skeleton h={props.minHeight ?? '220px'} />
        </Box>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
