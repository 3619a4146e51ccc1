import { describe, it, expect } from 'vitest';
import { corpus, dangers, inGfm } from '../support/xss.ts';
import { renderMarkup, headingSlug, HEADING_ID_MAX } from '#lib/shared/markup/index.ts';

describe('the spec’s simple markup', () => {
  it('renders headings 1-4, bold, "- " lists and blank-line paragraphs', () => {
    const { html } = renderMarkup(
      ['# One', '## Two', '### Three', '#### Four', '', 'A **bold** word.', '', '- first', '- second', '', 'Second paragraph.'].join('\n'),
    );
    expect(html).toContain('<h1 id="one">One</h1>');
    expect(html).toContain('<h2 id="two">Two</h2>');
    expect(html).toContain('<h3 id="three">Three</h3>');
    expect(html).toContain('<h4 id="four">Four</h4>');
    expect(html).toContain('<p>A <strong>bold</strong> word.</p>');
    expect(html).toMatch(/<ul>\s*<li>first<\/li>\s*<li>second<\/li>\s*<\/ul>/);
    expect(html).toContain('<p>Second paragraph.</p>');
  });

  it('lets ordinary Markdown through (links, emphasis, ordered lists, quotes)', () => {
    const { html } = renderMarkup('A [link](https://example.com) and *em*.\n\n1. one\n2. two\n\n> quoted');
    expect(html).toContain('<a href="https://example.com">link</a>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<ol>');
    expect(html).toContain('<blockquote>');
  });

  it('keeps benign inline HTML', () => {
    expect(renderMarkup('Some <b>bold</b> and <u>under</u> text').html).toContain('<b>bold</b>');
  });
});

describe('heading ids and the table of contents', () => {
  it('slugs the heading text and lists h1-h6 in order', () => {
    const { toc } = renderMarkup('# Tokenized Treasuries: $7.4B!\n\n## What’s **next**?\n\n###### Deep');
    expect(toc).toEqual([
      { depth: 1, id: 'tokenized-treasuries-74b', text: 'Tokenized Treasuries: $7.4B!' },
      { depth: 2, id: 'whats-next', text: 'What’s next?' },
      { depth: 6, id: 'deep', text: 'Deep' },
    ]);
  });

  it('keeps ids to at most 50 characters, without a trailing hyphen', () => {
    const long = 'How the tokenized treasury market grew from one hundred million dollars to seven billion';
    const { toc, html } = renderMarkup(`## ${long}`);
    expect(toc[0].id.length).toBeLessThanOrEqual(HEADING_ID_MAX);
    expect(toc[0].id).toBe('how-the-tokenized-treasury-market-grew-from-one-hu');
    expect(toc[0].text).toBe(long);
    expect(html).toContain(`id="${toc[0].id}"`);
    expect(headingSlug('a'.repeat(49) + ' b')).toBe('a'.repeat(49));
  });

  it('folds compatibility forms (NFKC) in heading ids: full-width and plain spellings link alike', () => {
    expect(headingSlug('Ｃａｆé Ｃｒèｍｅ')).toBe(headingSlug('Café Crème'));
    expect(headingSlug('Ｃａｆé Ｃｒèｍｅ')).toBe('café-crème');
  });

  it('suffixes duplicate headings -1, -2 and stays within the limit', () => {
    const { toc } = renderMarkup('## Summary\n\n## Summary\n\n## Summary\n\n## Summary 1');
    expect(toc.map((t) => t.id)).toEqual(['summary', 'summary-1', 'summary-2', 'summary-1-1']);
    const long = '## ' + 'x'.repeat(80);
    const ids = renderMarkup([long, long, long].join('\n\n')).toc.map((t) => t.id);
    expect(ids).toEqual(['x'.repeat(50), 'x'.repeat(48) + '-1', 'x'.repeat(48) + '-2']);
    expect(new Set(ids).size).toBe(3);
  });

  it('gives a heading with no letters a usable id', () => {
    expect(renderMarkup('## !!!').toc[0].id).toBe('section');
  });

  it('replaces author-written heading ids so the table of contents always matches', () => {
    const { html, toc } = renderMarkup('<h2 id="evil" onclick="x()">Raw heading</h2>');
    expect(toc).toEqual([{ depth: 2, id: 'raw-heading', text: 'Raw heading' }]);
    expect(html).toBe('<h2 id="raw-heading">Raw heading</h2>');
  });

  it('prefixes other author-written ids and names against DOM clobbering', () => {
    expect(renderMarkup('<a id="cookie" name="x" href="/">a</a>').html).toContain('id="user-content-cookie"');
  });
});

describe('sanitising', () => {
  it('drops dangerous Markdown links and images', () => {
    const { html } = renderMarkup(
      '[a](javascript:alert(1)) [b](vbscript:msgbox(1)) [c](data:text/html,<script>alert(1)</script>) ![d](javascript:alert(1)) [e](JaVaScRiPt:alert(1)) [f](&#106;avascript:alert(1))',
    );
    expect(dangers(html)).toEqual([]);
    expect(html).not.toMatch(/javascript|vbscript|data:/i);
  });

  it('keeps links and images whose allowed scheme is written in capitals, in lower case', () => {
    const { html } = renderMarkup(
      '[a](HTTPS://example.com/A?B=C) [b](Http://example.com) <a href="MAILTO:x@example.com">m</a> ![i](HTTPS://example.com/i.png) <HTTPS://example.com/auto>',
    );
    expect(html).toContain('<a href="https://example.com/A?B=C">a</a>');
    expect(html).toContain('<a href="http://example.com">b</a>');
    expect(html).toContain('<a href="mailto:x@example.com">m</a>');
    expect(html).toContain('<img src="https://example.com/i.png" alt="i">');
    expect(html).toContain('href="https://example.com/auto"');
  });

  it('still drops a disallowed scheme in capitals or split by a control character', () => {
    const { html } = renderMarkup(
      '[a](JAVASCRIPT:alert(1)) <a href="VBSCRIPT:x">b</a> <a href="java&#9;script:alert(1)">c</a> <a href="DATA:text/html,x">d</a> <img src="FILE:///etc/passwd">',
    );
    expect(dangers(html)).toEqual([]);
    expect(html).not.toMatch(/javascript|vbscript|data:|file:/i);
  });

  it('removes scripts, handlers, iframes, objects, embeds and styles', () => {
    const { html } = renderMarkup(
      '<script>alert(1)</script><img src=x onerror=alert(1)><iframe src="https://evil"></iframe><object data="x"></object><embed src="x"><style>body{}</style><svg><foreignObject><p>x</p></foreignObject></svg><p style="color:red" onclick="x">ok</p>',
    );
    expect(dangers(html)).toEqual([]);
    expect(html).toContain('ok');
    expect(html).not.toContain('alert');
  });

  it('reads the whole corpus of 223 payloads', () => {
    expect(corpus.payloads).toHaveLength(223);
    expect(corpus.count).toBe(223);
  });

  describe.each(corpus.payloads.map((p, i) => [i, p.title, p.payload] as const))('payload %i: %s', (_i, _title, payload) => {
    it('as the whole body', () => {
      expect(dangers(renderMarkup(payload).html)).toEqual([]);
    });
    it('embedded in Markdown', () => {
      const source = `# Heading ${payload}\n\nA **bold** ${payload} paragraph.\n\n- item ${payload}\n- [link](${payload})\n\n${payload}\n\n## End`;
      expect(dangers(renderMarkup(source).html)).toEqual([]);
    });
    it('in a table cell, a footnote and a task item (GitHub-flavoured Markdown)', () => {
      const { table, footnote, task } = inGfm(payload);
      const html = { table: renderMarkup(table).html, footnote: renderMarkup(footnote).html, task: renderMarkup(task).html };
      expect(dangers(html.table)).toEqual([]);
      expect(dangers(html.footnote)).toEqual([]);
      expect(dangers(html.task)).toEqual([]);
      // The payload sat inside each: the table, the footnotes and the task list were still made.
      expect(html.table).toContain('<td class="align-left">BUIDL</td>');
      expect(html.footnote).toContain('<li id="user-content-fn-n">');
      // (A payload with blank lines makes the list loose: each item's words then sit in a <p>.)
      expect(html.task).toMatch(/<li class="task-list-item">\s*(?:<p>)?<input type="checkbox" checked disabled aria-label="Task"> checked/);
    });
  });
});

describe('GitHub-flavoured Markdown', () => {
  it('renders tables with their alignment as classes, strikethrough, task lists and bare links', () => {
    const { html } = renderMarkup(
      '| Asset | Chain | Supply |\n| :-- | :-: | --: |\n| BUIDL | ~~Solana~~ Ethereum | $2.9B |\n\n- [ ] draft\n- [x] *published*\n\nSee www.example.com/a?b=1#c',
    );
    expect(html).toContain('<th class="align-left">Asset</th>');
    expect(html).toContain('<th class="align-center">Chain</th>');
    expect(html).toContain('<td class="align-right">$2.9B</td>');
    expect(html).toContain('<del>Solana</del>');
    expect(html).not.toMatch(/\salign=/);
    expect(html).toContain('<ul class="contains-task-list">');
    // A task's box is a disabled checkbox, named.
    expect(html).toContain('<li class="task-list-item"><input type="checkbox" disabled aria-label="Task"> draft</li>');
    expect(html).toContain('<input type="checkbox" checked disabled aria-label="Task">');
    expect(html).toContain('<a href="http://www.example.com/a?b=1#c">www.example.com/a?b=1#c</a>');
  });

  it('links footnotes both ways through the prefixed ids, and keeps their heading out of the contents', () => {
    const { html, toc } = renderMarkup('## Supply\n\nBUIDL leads.[^src]\n\n[^src]: Read on chain.', { after: 2 });
    expect(html).toContain('<a href="#user-content-fn-src" id="user-content-fnref-src" data-footnote-ref');
    expect(html).toContain('aria-describedby="user-content-footnote-label"');
    expect(html).toContain('<h2 class="sr-only" id="user-content-footnote-label">Footnotes</h2>');
    expect(html).toContain('<li id="user-content-fn-src">');
    expect(html).toMatch(/<a href="#user-content-fnref-src" data-footnote-backref="" aria-label="Back to reference 1"/);
    expect(toc).toEqual([{ depth: 2, id: 'supply', text: 'Supply' }]);
    // Every link's target is on the page.
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    for (const [, target] of html.matchAll(/ href="#([^"]+)"/g)) expect(ids).toContain(target);
  });

  it('lets through only what these need: no other input, alignment or class', () => {
    const { html } = renderMarkup(
      '<input type="text" name="q" autofocus> <input type="checkbox"> <p align="center" class="fixed inset-0">x</p>\n\n<table><tr><td align="justify" class="sr-only">c</td></tr></table>',
    );
    // An author's input becomes a disabled checkbox; nothing takes focus or a name of the page's.
    expect(html).not.toMatch(/type="text"|autofocus|name="q"/);
    expect([...html.matchAll(/<input[^>]*>/g)].every(([tag]) => /type="checkbox"/.test(tag) && /disabled/.test(tag))).toBe(true);
    expect(html).not.toMatch(/align=|align-justify|class="fixed|class="sr-only"/);
  });

  it('renders what it renders on the reading page and in the editor preview alike (one pipeline)', () => {
    const text = '| a | b |\n| - | - |\n| 1 | 2 |';
    expect(renderMarkup(text).html).toBe(renderMarkup(text).html);
  });
});

describe('heading levels under a page title', () => {
  it('renders the levels the spec states: # h1, ## h2, ### h3, #### h4, and lists them so in the TOC', () => {
    const { html, toc } = renderMarkup('# Intro\n\n## Details\n\n### More\n\n#### Deep\n\n# Next', { after: 2 });
    expect(html).toContain('<h1 id="intro">Intro</h1>');
    expect(html).toContain('<h2 id="details">Details</h2>');
    expect(html).toContain('<h3 id="more">More</h3>');
    expect(html).toContain('<h4 id="deep">Deep</h4>');
    expect(html).toContain('<h1 id="next">Next</h1>');
    expect(toc).toEqual([
      { depth: 1, id: 'intro', text: 'Intro' },
      { depth: 2, id: 'details', text: 'Details' },
      { depth: 3, id: 'more', text: 'More' },
      { depth: 4, id: 'deep', text: 'Deep' },
      { depth: 1, id: 'next', text: 'Next' },
    ]);
  });
  it('never skips a level after the heading before it (heading-order), raising only what would skip', () => {
    // Under the TOC's h2 a body may open at h3; '####' would skip, and so would '#' then '###'.
    const opening = renderMarkup('#### Deep start\n\n#### Same', { after: 2 });
    expect(opening.html).toBe('<h3 id="deep-start">Deep start</h3>\n<h3 id="same">Same</h3>');
    const skipped = renderMarkup('# Top\n\n### Skipped\n\n#### Then\n\n## Back', { after: 2 });
    expect(skipped.toc.map((t) => t.depth)).toEqual([1, 2, 3, 2]);
    expect(skipped.html).toContain('<h2 id="skipped">Skipped</h2>');
    // Without a page context the text's own levels stand.
    expect(renderMarkup('### Alone').html).toBe('<h3 id="alone">Alone</h3>');
  });
});

describe('ids the page reserves', () => {
  it('a heading never takes an id the surrounding page uses', () => {
    const { toc } = renderMarkup('## Main\n\n## Stay Updated\n\n## Main', { reservedIds: ['main', 'stay-updated'] });
    expect(toc.map((t) => t.id)).toEqual(['main-1', 'stay-updated-1', 'main-2']);
  });
});
