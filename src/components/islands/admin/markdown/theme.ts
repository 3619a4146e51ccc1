import { EditorView } from '@codemirror/view';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';

/**
 * The editor in the site's theme: the palette's CSS variables (tailwind.config.mjs), so it follows
 * the light theme too, and no colours of its own.
 */
const c = (name: string, alpha?: number) =>
  alpha === undefined ? `var(--color-${name})` : `color-mix(in srgb, var(--color-${name}) ${alpha}%, transparent)`;
const chrome = EditorView.theme(
  {
    // Grows with the text from 20rem up to most of the screen, then scrolls inside.
    '&': { color: c('fg'), backgroundColor: c('bg'), fontSize: '0.875rem', height: '100%', minHeight: '20rem', maxHeight: '70vh' },
    '&.cm-focused': { outline: 'none' },
    '.cm-scroller': { overflow: 'auto', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.65' },
    '.cm-content': { padding: '0.75rem 0', caretColor: c('accent') },
    '.cm-line': { padding: '0 0.75rem' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: c('accent'), borderLeftWidth: '2px' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: c('accent', 27) },
    '.cm-placeholder': { color: c('muted') },
    '.cm-activeLine': { backgroundColor: c('surface-2', 50) },
  },
  { dark: true },
);

const markdownColours = HighlightStyle.define([
  { tag: t.heading, fontWeight: '700', color: c('fg') },
  { tag: t.strong, fontWeight: '700' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: [t.link, t.url], color: c('accent') },
  { tag: t.quote, color: c('muted') },
  { tag: t.monospace, color: c('warning') },
  { tag: [t.processingInstruction, t.contentSeparator, t.meta], color: c('muted') },
]);

export const editorTheme = [chrome, syntaxHighlighting(markdownColours)];
