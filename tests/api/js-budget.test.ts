/**
 * The JavaScript each page kind ships on load stays within its budget, measured as the
 * bench measures it (scripts/bench/js-size.ts: module scripts, island components and renderers, with
 * their static imports, gzip -9). Sizes, not timings: the same build gives the same bytes.
 */
import { describe, expect, inject, it } from 'vitest';
import { jsBudgetKb, measureJs } from '../../scripts/bench/js-size.ts';
import { PAGE_KINDS } from '../e2e/page-kinds.ts';

const base = inject('baseUrl');
const pages = PAGE_KINDS.filter((k) => k.public && k.status === 200).map((k) => k.path);

describe('JavaScript per page', () => {
  it.each(pages)('%s is within its budget', async (path) => {
    const [js] = await measureJs(base, [path]);
    expect(js.total.gzip / 1024, `${path}: ${js.chunks.join(', ')}`).toBeLessThanOrEqual(jsBudgetKb(path));
  });

  it('pages without a chart load no React at all', async () => {
    const plain = pages.filter((p) => jsBudgetKb(p) < 140);
    expect(plain.length).toBeGreaterThan(10);
    for (const js of await measureJs(base, plain)) {
      // React itself, React DOM, or @astrojs/react's island client.
      expect(
        js.chunks.filter((c) => /\/(react|react-dom|client)\.[\w-]+\.js$/.test(c)),
        js.path,
      ).toEqual([]);
    }
  });
});
