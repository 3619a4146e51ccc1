/**
 * Every table and chart series of the home and networks pages has CSV and JSON links
 * giving the rows the view shows, named with the view and the as-of date.
 */
import { describe, expect, inject, it } from 'vitest';
import { slugify } from '#lib/shared/open-data/ids.ts';

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

describe('/assets and /issuers sort and filter in the URL', () => {
  const html = (p: string) => fetch(base + p).then(async (r) => ({ status: r.status, text: await r.text() }));
  /** The asset page links of a table's rows, in order. */
  const rowLinks = (page: string, testid: string) =>
    [...page.matchAll(new RegExp(`data-testid="${testid}"[\\s\\S]*?href="(/(?:assets|issuers)/[^"]+)"`, 'g'))].map((m) => m[1]);
  /** The url, the last column of the file (quoted: names may hold commas, urls never do). */
  const urlOf = (line: string) => line.slice(line.lastIndexOf(',') + 1).replaceAll('"', '');

  it('sorting and filtering /assets changes the URL, the rows and the CSV, in the same order', async () => {
    const plain = await html('/assets');
    const defaultRows = rowLinks(plain.text, 'asset-index-row');
    expect(defaultRows.length).toBeGreaterThan(3);
    expect(plain.text).toMatch(/aria-sort="descending"[^>]*>\s*<a href="\/assets\?sort=marketCap&amp;dir=asc#assets-table"/);
    expect(plain.text.match(/aria-sort=/g)).toHaveLength(1);

    // Sorted by name, A to Z: the link the Asset header carries.
    const byNameHref = plain.text.match(/href="(\/assets\?sort=name&amp;dir=asc#assets-table)"/)![1].replaceAll('&amp;', '&');
    const byName = await html(byNameHref);
    const nameRows = rowLinks(byName.text, 'asset-index-row');
    expect(nameRows).not.toEqual(defaultRows);
    expect([...nameRows].sort()).toEqual([...defaultRows].sort());
    const downloads = await downloadLinks('/assets?sort=name&dir=asc');
    const csvHref = downloads.find((h) => h.includes('format=csv'))!;
    expect(csvHref).toBe('/assets?sort=name&dir=asc&format=csv');
    const csv = await fetch(base + csvHref);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="assets-list-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csvRows(await csv.text()).map(urlOf)).toEqual(nameRows);
    const names = (await json('/assets?sort=name&dir=asc&format=json')).map((r) => String(r.name));
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));

    // Filtered by the first class the form offers: fewer rows, each of that class, and the CSV the same.
    const [, cls, label] = plain.text.match(/<select name="class"[\s\S]*?<option value="([^"]+)"[^>]*>\s*([^<]+?)\s*</)!;
    const filtered = await html(`/assets?class=${cls}&sort=name&dir=desc`);
    const filteredRows = rowLinks(filtered.text, 'asset-index-row');
    expect(filteredRows.length).toBeGreaterThan(0);
    expect(filteredRows.length).toBeLessThan(defaultRows.length);
    const filteredJson = await json(`/assets?sort=name&dir=desc&class=${cls}&format=json`);
    expect(filteredJson.map((r) => r.url)).toEqual(filteredRows);
    expect(new Set(filteredJson.map((r) => r.assetClass))).toEqual(new Set([label.replaceAll('&amp;', '&')]));
    const filteredCsv = await (
      await fetch(base + (await downloadLinks(`/assets?class=${cls}&sort=name&dir=desc`)).find((h) => h.includes('format=csv'))!)
    ).text();
    expect(csvRows(filteredCsv).map(urlOf)).toEqual(filteredRows);
  });

  it('bad values fall back to the default view, never a 500', async () => {
    const plain = rowLinks((await html('/assets')).text, 'asset-index-row');
    for (const q of ['sort=%3Cx%3E&dir=sideways', 'class=nope&chain=%00&issuer=' + 'x'.repeat(500), 'sort=name&dir=', 'format=xml']) {
      const res = await html(`/assets?${q}`);
      expect(res.status, q).toBe(200);
      if (!q.startsWith('sort=name')) expect(rowLinks(res.text, 'asset-index-row'), q).toEqual(plain);
      expect(res.text).not.toContain('&lt;x&gt;');
    }
  });

  it('/issuers sorts and filters by class, and its download gives the /api/issuers rows in that order', async () => {
    const all = await json('/api/issuers');
    const page = (await html('/issuers')).text;
    const cls = page.match(/<select name="class"[\s\S]*?<option value="([^"]+)"/)![1];
    const shown = rowLinks((await html(`/issuers?sort=assets&dir=desc&class=${cls}`)).text, 'issuer-row');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThanOrEqual(all.length);
    const file = await json(`/issuers?sort=assets&dir=desc&class=${cls}&format=json`);
    expect(file.map((r) => r.url)).toEqual(shown);
    expect(file.map((r) => r.assetCount)).toEqual([...file.map((r) => r.assetCount)].sort((a, b) => Number(b) - Number(a)));
    for (const r of file) expect(r).toEqual(all.find((i) => i.id === r.id));
  });
});

describe("the entity pages' asset lists filter by issuer and by chain", () => {
  const html = (p: string) => fetch(base + p).then((r) => r.text());
  const firstOption = (page: string, name: string) =>
    page.match(new RegExp(`<select name="${name}"[\\s\\S]*?<option value="([^"]+)"[^>]*>\\s*([^<]+?)\\s*<`))!.slice(1);

  it("a network page's issuer filter and an issuer page's chain filter change the rows, the links and the files", async () => {
    // /networks/ethereum: the first issuer the form offers; the rows and the CSV are that issuer's assets.
    const net = await (await fetch(`${base}/api/networks/ethereum`)).json();
    const [issuer, issuerName] = firstOption(await html('/networks/ethereum'), 'issuer');
    const wanted = (net.assets as Array<{ url: string; issuer?: string | null }>).filter(
      (a) => a.issuer === issuerName.replaceAll('&amp;', '&'),
    );
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.length).toBeLessThan(net.assets.length);
    const netPage = await html(`/networks/ethereum?issuer=${issuer}`);
    expect(netPage).toContain(`/networks/ethereum?issuer=${issuer}&amp;format=csv`);
    const netCsv = await (await fetch(`${base}/networks/ethereum?issuer=${issuer}&format=csv`)).text();
    expect(csvRows(netCsv).map((l) => l.slice(l.lastIndexOf(',') + 1).replaceAll('"', ''))).toEqual(wanted.map((a) => a.url));

    // The issuer with the most assets: the first chain its form offers keeps the assets on that chain.
    const top = (await json('/api/issuers')).sort((a, b) => Number(b.assetCount) - Number(a.assetCount))[0];
    const page = await (await fetch(`${base}/api/issuers/${top.id}`)).json();
    const [chain] = firstOption(await html(String(top.url)), 'chain');
    const onChain = (page.assets as Array<{ url: string; chains?: string[] }>).filter((a) =>
      (a.chains ?? []).some((c) => slugify(c) === chain),
    );
    expect(onChain.length).toBeGreaterThan(0);
    const file = await json(`${top.url}?chain=${chain}&format=json`);
    expect(file.map((r) => r.url)).toEqual(onChain.map((a) => a.url));
    expect(await html(`${top.url}?chain=${chain}`)).toContain(`${top.url}?chain=${chain}&amp;format=csv`);
  });
});
