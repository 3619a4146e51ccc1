import { EditorSelection, type EditorState, type StateCommand, type TransactionSpec } from '@codemirror/state';
import type { EditorView, KeyBinding } from '@codemirror/view';

/**
 * The Markdown editor's formatting actions, shared by its toolbar and its keyboard shortcuts (one
 * action, one place). Each turns the selection (or the word-less cursor) into a transaction.
 */

/** Wraps each selection in `mark` (or unwraps it when already wrapped); an empty one gets `placeholder`. */
function wrap(state: EditorState, mark: string, placeholder: string): TransactionSpec {
  return state.changeByRange((range) => {
    const text = state.sliceDoc(range.from, range.to);
    const before = state.sliceDoc(range.from - mark.length, range.from);
    const after = state.sliceDoc(range.to, range.to + mark.length);
    if (!range.empty && before === mark && after === mark) {
      return {
        changes: [
          { from: range.from - mark.length, to: range.from },
          { from: range.to, to: range.to + mark.length },
        ],
        range: EditorSelection.range(range.from - mark.length, range.to - mark.length),
      };
    }
    const inner = text || placeholder;
    return {
      changes: { from: range.from, to: range.to, insert: mark + inner + mark },
      range: EditorSelection.range(range.from + mark.length, range.from + mark.length + inner.length),
    };
  });
}

/** Puts `prefix` before every line the selection touches, or takes it off when all of them have it. */
function prefixLines(state: EditorState, prefix: string): TransactionSpec {
  const lines = new Set<number>();
  for (const r of state.selection.ranges) {
    for (let n = state.doc.lineAt(r.from).number; n <= state.doc.lineAt(r.to).number; n++) lines.add(n);
  }
  const all = [...lines].map((n) => state.doc.line(n));
  const strip = all.every((l) => l.text.startsWith(prefix));
  // A heading replaces another heading's marks rather than stacking ('## # Title').
  const existing = (text: string) => (prefix.startsWith('#') ? (/^#{1,6} /.exec(text)?.[0].length ?? 0) : 0);
  return {
    changes: all.map((l) =>
      strip ? { from: l.from, to: l.from + prefix.length } : { from: l.from, to: l.from + existing(l.text), insert: prefix },
    ),
  };
}

/** A link around the selection ('[text](https://)'), the URL part selected to be typed over. */
function link(state: EditorState): TransactionSpec {
  return state.changeByRange((range) => {
    const text = state.sliceDoc(range.from, range.to) || 'link text';
    const insert = `[${text}](https://)`;
    const urlFrom = range.from + text.length + 3;
    return { changes: { from: range.from, to: range.to, insert }, range: EditorSelection.range(urlFrom, urlFrom + 'https://'.length) };
  });
}

/** Inline code, or a fenced block when the selection spans lines. */
function code(state: EditorState): TransactionSpec {
  const main = state.selection.main;
  if (state.sliceDoc(main.from, main.to).includes('\n')) {
    const text = state.sliceDoc(main.from, main.to);
    return { changes: { from: main.from, to: main.to, insert: '```\n' + text + '\n```' } };
  }
  return wrap(state, '`', 'code');
}

export type MarkdownAction = 'bold' | 'italic' | 'heading' | 'link' | 'list' | 'quote' | 'code';

const ACTIONS: Record<MarkdownAction, (state: EditorState) => TransactionSpec> = {
  bold: (s) => wrap(s, '**', 'bold text'),
  italic: (s) => wrap(s, '*', 'italic text'),
  heading: (s) => prefixLines(s, '## '),
  link,
  list: (s) => prefixLines(s, '- '),
  quote: (s) => prefixLines(s, '> '),
  code,
};

/** Applies an action to the editor and gives it the focus back (a toolbar click took it). */
export function runAction(view: EditorView, action: MarkdownAction): boolean {
  view.dispatch(view.state.update(ACTIONS[action](view.state), { scrollIntoView: true, userEvent: 'input.format' }));
  view.focus();
  return true;
}

/** The shortcuts, as GitHub's Markdown editor has them (Mod is Ctrl, or Cmd on a Mac). */
export const SHORTCUTS: Record<MarkdownAction, string> = {
  bold: 'Mod-b',
  italic: 'Mod-i',
  heading: 'Mod-Alt-h',
  link: 'Mod-k',
  list: 'Mod-Shift-8',
  quote: 'Mod-Shift-.',
  code: 'Mod-e',
};

export const markdownKeymap: KeyBinding[] = (Object.keys(SHORTCUTS) as MarkdownAction[]).map((action) => ({
  key: SHORTCUTS[action],
  run: (view) => runAction(view, action),
  preventDefault: true,
}));

/** A shortcut as a person reads it: 'Mod-Shift-8' is 'Ctrl+Shift+8' (or '⌘+Shift+8' on a Mac). */
export function shortcutLabel(key: string, mac: boolean): string {
  return key
    .split('-')
    .map((k) => (k === 'Mod' ? (mac ? '⌘' : 'Ctrl') : k.length === 1 ? k.toUpperCase() : k))
    .join('+');
}

/**
 * Enter on a quote line that holds only its marker ('> ') ends the quote: the marker goes and the
 * line is left empty (one level of a nested quote goes). Markdown's own Enter keeps quoting until
 * two such lines follow each other, so a writer pressed Enter three times to stop quoting.
 */
export const endQuoteOnEmptyLine: StateCommand = ({ state, dispatch }) => {
  const range = state.selection.main;
  if (state.selection.ranges.length > 1 || !range.empty) return false;
  const line = state.doc.lineAt(range.head);
  const marker = /^((?:[ \t]*>)*)[ \t]*>[ \t]*$/.exec(line.text);
  if (!marker || range.head !== line.to) return false;
  const outer = marker[1] ? `${marker[1]} ` : '';
  dispatch(
    state.update({
      changes: { from: line.from, to: line.to, insert: outer },
      selection: { anchor: line.from + outer.length },
      userEvent: 'delete',
    }),
  );
  return true;
};
