/**
 * Issue 16.5: every table and chart series of the home and networks pages has CSV and JSON links
 * giving the rows the view shows, named with the view and the as-of date.
 */
import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const json = (p: string) => fetch(base + p).then((r) => r.json() as Promise<Array<Record<string, unknown>>>);

/** The download links a page's HTML carries (server-rendered, so they work without JavaScript). */
async function downloadLinks(path: string): Promise<string[]> {
  const html = await (await fetch(base + path)).text();
  const blocks = [...html.matchAll(/<p[^>]*data-testid="downloads"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1]);
  return blocks.flatMap((b) => [...b.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&')));
}

/** RFC 4180 enough for these files: no quoted newlines in them. */
const csvRows = (text: string) => text.trim().split(/\r?\n/).slice(1);

describe('downloads on the home and networks pages', () => {
  it.each(['/', '/networks'])('%s: every link answers its file, CSV and JSON with the same rows', async (page) => {
    const links = await downloadLinks(page);
    expect(links.length).toBeGreaterThanOrEqual(page === '/' ? 10 : 4);
    for (const href of links.filter((h) => h.includes('format=csv'))) {
      const csv = await fetch(base + href);
      expect(csv.status, href).toBe(200);
      expect(csv.headers.get('content-disposition'), href).toMatch(/^attachment; filename="[\w.-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      const asJson = await json(href.replace('format=csv', 'format=json'));
      expect(csvRows(await csv.text()).length, href).toBe(asJson.length);
    }
  });

  it('the asset lists and the League Table give exactly the rows they show', async () => {
    const links = await downloadLinks('/');
    const all = await json('/api/assets');
    const gov = links.find((h) => h.includes('assetClass=U.S.+Treasuries') && h.includes('format=json'))!;
    expect(await json(gov)).toEqual(all.filter((a) => a.assetClass === 'U.S. Treasuries').slice(0, 3));
    const league = links.find((h) => h.startsWith('/api/networks?') && h.includes('format=json'))!;
    expect(await json(league)).toEqual((await json('/api/networks')).slice(0, 10));
  });

  it('Top Transfers gives the period and range the URL asks for', async () => {
    const links = await downloadLinks('/?period=90&range=10m%2B');
    const transfers = links.find((h) => h.startsWith('/api/transfers?') && h.includes('format=json'))!;
    expect(transfers).toContain('days=90');
    expect(transfers).toContain('minUsd=10000000');
  });

  it('refuses a bad limit or class with a 400, and answers an unknown class with no rows', async () => {
    for (const q of ['limit=0', 'limit=1001', 'limit=abc', 'limit=1.5', 'assetClass=']) {
      const res = await fetch(`${base}/api/${q.startsWith('asset') ? 'assets' : 'networks'}?${q}`);
      expect(res.status, q).toBe(400);
    }
    expect(await json('/api/assets?assetClass=No%20such%20class')).toEqual([]);
  });
});
