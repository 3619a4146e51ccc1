/**
 * The Markdown editor's Enter on an empty quote line: the quote ends there (two Enters after a
 * quoted line, not three).
 */
import { describe, expect, it } from 'vitest';
import { EditorState, type StateCommand } from '@codemirror/state';
import { insertNewlineContinueMarkup, markdownLanguage } from '@codemirror/lang-markdown';
import { endQuoteOnEmptyLine } from '../../src/components/islands/admin/markdown/commands.ts';

/** Runs the editor's Enter (this command first, then Markdown's own) on `doc` with the cursor at its end. */
function enter(doc: string): string {
  let state = EditorState.create({ doc, selection: { anchor: doc.length }, extensions: [markdownLanguage] });
  const run = (cmd: StateCommand) => cmd({ state, dispatch: (tr) => (state = tr.state) });
  if (!run(endQuoteOnEmptyLine)) run(insertNewlineContinueMarkup);
  return state.doc.toString();
}

describe('Enter in a quote', () => {
  it('continues the quote after a quoted line, and ends it on the empty quote line that follows', () => {
    const once = enter('> Reserves are held in T-bills.');
    expect(once).toBe('> Reserves are held in T-bills.\n> ');
    expect(enter(once)).toBe('> Reserves are held in T-bills.\n');
  });

  it('takes one level off a nested quote', () => {
    expect(enter('> > inner\n> > ')).toBe('> > inner\n> ');
  });

  it('leaves a line with words, and any other line, to Markdown', () => {
    expect(enter('> words')).toBe('> words\n> ');
    expect(enter('- item')).toBe('- item\n- ');
    expect(enter('plain')).toBe('plain');
  });
});
