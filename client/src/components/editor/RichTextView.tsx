import { Box, type BoxProps } from '@chakra-ui/react';
import type { MouseEvent } from 'react';
import { fetchDownload } from '../list/fetchDownload.ts';
import { saveBlob } from '../list/download.ts';
import { notify } from '../toaster.tsx';

/** Download paths that need the token as a header (project files attached in rich text). */
const TOKEN_DOWNLOADS = /^\/api\/admin\/project\/downloadFile\.htm\?/;

async function download(href: string, name: string): Promise<void> {
  try {
    const { fileName, blob } = await fetchDownload(href, name);
    saveBlob(fileName, blob);
  } catch (err) {
    notify('error', (err as Error).message);
  }
}

/**
 * The one renderer of rich text the server stored (docs/ui-kit.md: "Rich text is shown as rich
 * text"): every field the schema calls sanitised rich HTML is shown through it, never as text. It arrives
 * sanitised (server/lib/html.ts) and is rendered as HTML; its styles come with it; attachment links (project files) are downloaded with the token, other links open in
 * a new tab.
 */
export function RichTextView({ html, ...rest }: { html: string } & BoxProps) {
  function onClick(e: MouseEvent<HTMLDivElement>) {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href') ?? '';
    if (a && TOKEN_DOWNLOADS.test(href)) {
      e.preventDefault();
      void download(href, a.textContent?.trim() || 'file');
    }
  }
  return (
    <>
      {/* React 19 hoists this into the head once, however many views show. */}
      <style href="rte-view" precedence="default">
        {RICH_VIEW_CSS}
      </style>
      <Box className="rte-content rte-view" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} {...rest} />
    </>
  );
}

/** Styles for shown rich text (the editor chunk has its own copy). */
export const RICH_VIEW_CSS = `
.rte-view { font-size: 14px; line-height: 1.6; word-break: break-word; }
.rte-view p { margin: 0 0 0.5em; }
.rte-view h1 { font-size: 1.8em; font-weight: 700; } .rte-view h2 { font-size: 1.5em; font-weight: 700; } .rte-view h3 { font-size: 1.25em; font-weight: 600; }
.rte-view ul { list-style: disc; padding-left: 1.6em; } .rte-view ol { list-style: decimal; padding-left: 1.6em; }
.rte-view a { color: #2563eb; text-decoration: underline; }
.rte-view table { border-collapse: collapse; } .rte-view td, .rte-view th { border: 1px solid #cbd5e1; padding: 4px 8px; }
.rte-view img { max-width: 100%; }
`;
