/** Content styles of the editor and its preview (the app has no global prose styles). */
export const EDITOR_CSS = `
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
