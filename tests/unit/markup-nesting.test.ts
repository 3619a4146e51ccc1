/**
 * The nesting limiter in front of the Markdown pipeline (src/lib/shared/markup/nesting.ts): hostile
 * nesting renders quickly with its structure flattened past the limit, and ordinary text is untouched.
 * Before it, 5,000 `>` overflowed the stack and 10,000 `- ` took 51 s.
 */
import { describe, expect, it } from 'vitest';
import { limitNesting, MAX_NESTING, renderMarkup } from '#lib/shared/markup/index.ts';
import { MAX_DELIMITER_RUN, MAX_INDENT } from '#lib/shared/markup/nesting.ts';
import { renderPlain } from '#lib/shared/markup/plain.ts';

const depthOf = (html: string, tag: string) => {
  let depth = 0;
  let max = 0;
  for (const m of html.matchAll(new RegExp(`<(/?)${tag}>`, 'g'))) {
    depth += m[1] ? -1 : 1;
    max = Math.max(max, depth);
  }
  return max;
};

describe('limitNesting', () => {
  it('leaves ordinary writing exactly as it is', () => {
    const text = [
      '# Title',
      '',
      '> quoted',
      '> > twice',
      '',
      '- one',
      '  - two',
      '    1. three',
      '',
      '**bold** and *em* and ~~gone~~ and a *** rule',
      '',
      '    code',
      '\t\ttabbed',
    ].join('\n');
    expect(limitNesting(text)).toBe(text);
  });

  it(`keeps at most ${MAX_NESTING} container markers on a line, and the line's text`, () => {
    expect(limitNesting('>'.repeat(5000) + ' deep')).toBe('>'.repeat(MAX_NESTING) + ' deep');
    expect(limitNesting('- '.repeat(10_000) + 'x')).toBe('- '.repeat(MAX_NESTING) + 'x');
    expect(limitNesting('> - '.repeat(100) + 'mixed')).toBe('> - '.repeat(MAX_NESTING / 2) + 'mixed');
    expect(limitNesting('1. '.repeat(40) + 'n')).toBe('1. '.repeat(MAX_NESTING) + 'n');
  });

  it(`cuts indentation to ${MAX_INDENT} columns and escapes delimiter runs longer than ${MAX_DELIMITER_RUN}`, () => {
    expect(limitNesting(' '.repeat(4000) + '- x')).toBe(' '.repeat(MAX_INDENT) + '- x');
    expect(limitNesting('\t'.repeat(100) + 'x')).toBe(' '.repeat(MAX_INDENT) + 'x');
    expect(limitNesting('*'.repeat(40) + 'x')).toBe('\\*'.repeat(40) + 'x');
    expect(limitNesting('*'.repeat(MAX_DELIMITER_RUN) + 'x')).toBe('*'.repeat(MAX_DELIMITER_RUN) + 'x');
  });
});

describe('renderMarkup with hostile nesting', () => {
  const hostile: Record<string, string> = {
    '40,000 >': '>'.repeat(40_000) + ' deep',
    '10,000 "> "': '> '.repeat(10_000) + 'deep',
    '10,000 "- "': '- '.repeat(10_000) + 'deep',
    '5,000 "1. "': '1. '.repeat(5000) + 'deep',
    '1,000 lines, each indented deeper': Array.from({ length: 1000 }, (_, i) => ' '.repeat(i * 2) + '- deep').join('\n'),
    '20,000 * around a word': '*'.repeat(20_000) + 'deep' + '*'.repeat(20_000),
  };
  for (const [name, source] of Object.entries(hostile)) {
    // Before the limiter these threw or took 5 to 350 s (past the test's own time-out).
    it(`${name}: renders, nesting flattened, text kept`, () => {
      const { html } = renderMarkup(source);
      expect(html).toContain('deep');
      expect(depthOf(html, 'blockquote')).toBeLessThanOrEqual(MAX_NESTING);
      expect(depthOf(html, 'ul') + depthOf(html, 'ol')).toBeLessThanOrEqual(MAX_NESTING + 1);
    });
  }
});

describe('renderPlain', () => {
  it('gives paragraphs of escaped text', () => {
    expect(renderPlain('a <b>\n\n\n c & "d"').html).toBe('<p>a &#60;b&#62;</p>\n<p>c &#38; &#34;d&#34;</p>');
  });
});
