/**
 * The bounded renderer and its cache (content/markup/pool.ts and cache.ts) outside the built server: here
 * a worker cannot load the TypeScript source, so this also checks that the pool falls back to
 * rendering in-thread, behind the nesting limiter, instead of failing or restarting workers forever.
 * (The worker itself, with its time limit, is exercised against the built server in tests/api/hardening.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { renderBounded } from '#lib/server/content/markup/pool.ts';
import { renderMarkupCached } from '#lib/server/content/markup/cache.ts';

describe('renderBounded', () => {
  it('renders ordinary text in full', async () => {
    const { rendered, degraded } = await renderBounded('## Heading\n\n- **one**\n- two', { after: 2 });
    expect(degraded).toBe(false);
    expect(rendered.html).toContain('<strong>one</strong>');
    expect(rendered.toc).toEqual([{ depth: 2, id: 'heading', text: 'Heading' }]);
  });

  it('degrades a text that cannot be rendered (deep raw HTML) to escaped paragraphs, never a throw', async () => {
    const { rendered, degraded } = await renderBounded('Intro.\n\n' + '<div>'.repeat(20_000) + 'end');
    expect(degraded).toBe(true);
    expect(rendered.html.startsWith('<p>Intro.</p>')).toBe(true);
    expect(rendered.html).not.toContain('<div>');
    expect(rendered.toc).toEqual([]);
  });

  it('answers many texts at once, each its own', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => `Text number ${i}.`);
    const out = await Promise.all(texts.map((t) => renderBounded(t)));
    out.forEach(({ rendered }, i) => expect(rendered.html).toBe(`<p>Text number ${i}.</p>`));
  });
});

describe('renderMarkupCached', () => {
  it('renders a text once: concurrent and later views get the same result', async () => {
    const text = `Cached ${Math.random()}`;
    const [a, b] = await Promise.all([renderMarkupCached(text), renderMarkupCached(text)]);
    expect(a).toBe(b);
    expect(await renderMarkupCached(text)).toBe(a);
    expect(await renderMarkupCached(text, { after: 2 })).not.toBe(a);
  });
});
