/**
 * Compare on the shared server: /api/compare gives each product's figures as its own asset API does,
 * as JSON and CSV alike; six ids and an unknown id are a 400 in the API's error shape (a 400 page
 * for /compare); a repeated id, another order or case is the same comparison, whose canonical is the
 * normalised URL. A NAV struck in euros says so. (The page with JavaScript off and its CSV download
 * are in tests/e2e/embed-compare.spec.ts.)
 */
import { describe, expect, inject, it } from 'vitest';
import { parseCsv } from '#lib/shared/csv.ts';

const base = inject('baseUrl');
const json = async (path: string) => {
  const res = await fetch(base + path);
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('/api/compare', () => {
  it("gives each product's figures as its asset API does, the CSV the same rows", async () => {
    const { status, body } = await json('/api/compare?assets=ousg,BUIDL,benji');
    expect(status).toBe(200);
    const rows = body as { id: string; marketCap: string | null; price: string | null; holders: number | null; origin: string }[];
    expect(rows.map((r) => r.id)).toEqual(['benji', 'buidl', 'ousg']);
    for (const r of rows) {
      const page = (await json(`/api/assets/${r.id}`)).body as {
        marketCap: { value: string | null; origin: string };
        price: { value: string | null };
      };
      expect(r.marketCap, r.id).toBe(page.marketCap.value);
      expect(r.price, r.id).toBe(page.price.value);
      expect(r.origin, r.id).toBe(page.marketCap.origin);
    }
    const csv = await fetch(`${base}/api/compare?assets=benji,buidl,ousg&format=csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const [head, ...lines] = parseCsv(await csv.text());
    expect(lines.filter((l) => l.length > 1).map((l) => l[head.indexOf('marketCap')])).toEqual(rows.map((r) => r.marketCap ?? ''));
    const history = parseCsv(await (await fetch(`${base}/api/compare?assets=benji,buidl,ousg&view=history&format=csv`)).text());
    expect(history[0]).toEqual(['date', 'benji', 'buidl', 'ousg']);
  });

  it('six products, an unknown id or a bad parameter is a 400 in the error shape; a repeated id is the same comparison', async () => {
    const refused = [
      '/api/compare',
      '/api/compare?assets=benji,buidl,ousg,usdc,usdt,eutbl',
      '/api/compare?assets=buidl,no-such-asset',
      '/api/compare?assets=buidl&view=chart',
      '/api/compare?assets=buidl&scale=log',
      '/api/compare?assets=buidl&range=2y',
    ];
    for (const path of refused) {
      const { status, body } = await json(path);
      expect(status, path).toBe(400);
      expect(body, path).toEqual({ message: expect.any(String), issues: expect.any(Object) });
    }
    expect(((await json('/api/compare?assets=buidl,no-such-asset')).body as { message: string }).message).toContain('no-such-asset');
    const once = await (await fetch(`${base}/api/compare?assets=benji,buidl`)).text();
    expect(await (await fetch(`${base}/api/compare?assets=buidl,benji,BUIDL,buidl`)).text()).toBe(once);
  });
});

describe('/compare', () => {
  it('six ids and an unknown id are a clear 400 page; a repeated id is the page of the normalised list, its canonical', async () => {
    for (const [q, text] of [
      ['benji,buidl,ousg,usdc,usdt,eutbl', 'At most 5 products'],
      ['buidl,no-such-asset', 'Unknown asset id: no-such-asset'],
    ]) {
      const res = await fetch(`${base}/compare?assets=${q}`);
      expect(res.status, q).toBe(400);
      expect(await res.text(), q).toContain(text);
    }
    const res = await fetch(`${base}/compare?assets=OUSG,buidl,benji,buidl`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${base}/compare?assets=benji,buidl,ousg">`);
    expect(html.match(/data-testid="compare-product"/g)?.length).toBe(3);
  });

  it('a product priced in euros says so, and an asset page links to its comparison', async () => {
    const html = await (await fetch(`${base}/compare?assets=buidl,eutbl`)).text();
    expect(html).toMatch(/data-testid="price-currency"[^>]*>\s*NAV struck in EUR/);
    expect(html).toContain('data-testid="currency-note"');
    const asset = await (await fetch(`${base}/assets/buidl`)).text();
    const link = /<a href="(\/compare\?assets=[^"]+)"[^>]*data-testid="compare-link"[^>]*>\s*Compare with ([^<]+)</.exec(asset);
    expect(link).not.toBeNull();
    expect(link![1]).toContain('buidl');
    expect((await fetch(base + link![1].replaceAll('&amp;', '&'))).status).toBe(200);
  });
});
