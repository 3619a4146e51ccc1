import { EditorView } from '@codemirror/view';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags as t } from '@lezer/highlight';
import { colors } from '../../../../../tailwind.config.mjs';

/** The editor in the site's dark theme: the design tokens of tailwind.config.mjs, not colours of its own. */
const chrome = EditorView.theme(
  {
    // Grows with the text from 20rem up to most of the screen, then scrolls inside.
    '&': { color: colors.fg, backgroundColor: colors.bg, fontSize: '0.875rem', height: '100%', minHeight: '20rem', maxHeight: '70vh' },
    '&.cm-focused': { outline: 'none' },
    '.cm-scroller': { overflow: 'auto', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', lineHeight: '1.65' },
    '.cm-content': { padding: '0.75rem 0', caretColor: colors.accent },
    '.cm-line': { padding: '0 0.75rem' },
    '.cm-cursor, .cm-dropCursor': { borderLeftColor: colors.accent, borderLeftWidth: '2px' },
    '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': { backgroundColor: `${colors.accent}44` },
    '.cm-placeholder': { color: colors.muted },
    '.cm-activeLine': { backgroundColor: `${colors['surface-2']}80` },
  },
  { dark: true },
);

const markdownColours = HighlightStyle.define([
  { tag: t.heading, fontWeight: '700', color: '#ffffff' },
  { tag: t.strong, fontWeight: '700' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: [t.link, t.url], color: colors.accent },
  { tag: t.quote, color: colors.muted },
  { tag: t.monospace, color: colors.warning },
  { tag: [t.processingInstruction, t.contentSeparator, t.meta], color: colors.muted },
]);

export const editorTheme = [chrome, syntaxHighlighting(markdownColours)];
