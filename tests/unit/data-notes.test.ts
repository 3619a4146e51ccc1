import { describe, expect, it } from 'vitest';
import { closeHeadingGaps, dropSections, mapLinks, wrapTables } from '#lib/shared/data-notes.ts';

describe('data notes', () => {
  it('puts every table in a named, focusable scroll region, numbered when there are several', () => {
    const html = '<p>x</p><table><tr><td>1</td></tr></table><table class="a"><tr><td>2</td></tr></table>';
    const out = wrapTables(html, 'Files "table"');
    expect(out.match(/<div class="table-scroll" tabindex="0" role="region"/g)).toHaveLength(2);
    expect(out).toContain('aria-label="Files &quot;table&quot; 1 of 2"><table><tr>');
    expect(out).toContain('aria-label="Files &quot;table&quot; 2 of 2"><table class="a">');
    expect(wrapTables('<table></table>', 'One')).toBe(
      '<div class="table-scroll" tabindex="0" role="region" aria-label="One"><table></table></div>',
    );
    expect(wrapTables('<p>none</p>', 'x')).toBe('<p>none</p>');
  });

  it('maps only the listed link targets', () => {
    const html = '<a href="public-figures.md">figures</a> <a href="https://example.com/public-figures.md">other</a>';
    expect(mapLinks(html, { 'public-figures.md': '/sources/public-figures' })).toBe(
      '<a href="/sources/public-figures">figures</a> <a href="https://example.com/public-figures.md">other</a>',
    );
    expect(mapLinks('<a href="constructor">x</a>', {})).toBe('<a href="constructor">x</a>');
  });

  it('closes gaps between heading levels', () => {
    expect(closeHeadingGaps('<h1 id="a">A</h1><h3>B</h3><h3>C</h3><h5>D</h5>')).toBe('<h1 id="a">A</h1><h2>B</h2><h2>C</h2><h3>D</h3>');
    expect(closeHeadingGaps('<h3>B</h3><h4>C</h4>', 2)).toBe('<h2>B</h2><h3>C</h3>');
    expect(closeHeadingGaps('<p>no headings</p>')).toBe('<p>no headings</p>');
  });

  it('drops the repository-only sections, up to the next h2 or the end', () => {
    const html = '<h2 id="files">Files</h2><p>a</p><h2 id="regenerating">Regenerating</h2><p>node x.ts</p><h3>sub</h3>';
    expect(dropSections(html, ['regenerating'])).toBe('<h2 id="files">Files</h2><p>a</p>');
    expect(dropSections(html + '<h2 id="after">After</h2>', ['regenerating'])).toBe(
      '<h2 id="files">Files</h2><p>a</p><h2 id="after">After</h2>',
    );
    expect(dropSections(html, ['absent'])).toBe(html);
  });
});
