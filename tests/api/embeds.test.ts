/**
 * Embeds on the shared server (the snapshot): each /embed/ page is a whole chart in one SVG with its
 * title, description, as-of date, origin mark and link back, no script and no stylesheet, under
 * 30 KB gzipped, and may be framed (no X-Frame-Options, no frame-ancestors), a page-cache hit too;
 * the pages outside /embed/ still refuse framing. Pages with a chart name their oEmbed answer, which
 * has every field oEmbed 1.0 asks of a rich embed. (The browser framing it from another origin is
 * in tests/e2e/embed-compare.spec.ts.)
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { oembedSchema } from '#lib/shared/schemas/oembed.ts';

const base = inject('baseUrl');
const EMBEDS = [
  '/embed/classes',
  '/embed/assets/buidl',
  '/embed/assets/buidl/concentration',
  '/embed/networks/ethereum?theme=dark&width=390',
];
const frameAncestors = (res: Response) =>
  (res.headers.get('content-security-policy') ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith('frame-ancestors'));

describe('/embed/', () => {
  it.each(EMBEDS)('%s: a complete chart, no script, under 30 KB gzipped, frameable (a cache hit too)', async (path) => {
    for (const round of ['first', 'again (page cache)']) {
      const res = await fetch(base + path);
      expect(res.status, round).toBe(200);
      const html = await res.text();
      expect(res.headers.get('x-frame-options'), round).toBeNull();
      expect(frameAncestors(res), round).toBeUndefined();
      expect(gzipSync(html).length, round).toBeLessThan(30 * 1024);
      expect(html).not.toMatch(/<script|<link[^>]+stylesheet|<iframe|<form/i);
      expect(html).toMatch(/<svg[^>]+role="img"[^>]+aria-labelledby="embed-title embed-desc"/);
      expect(html).toMatch(/<title id="embed-title">[^<]+<\/title><desc id="embed-desc">[^<]+Data as of 12 Sep 2025/);
      expect(html).toMatch(/data-testid="embed-mark"[^>]*>.*?(Live|Snapshot|Illustrative)/s);
      expect(html).toMatch(new RegExp(`<a href="${base}/(assets|networks)?[^"]*" target="_blank" rel="noopener"`));
    }
  });

  it('draws what the page draws: the class bands and the network share come with their illustrative mark', async () => {
    const classes = await (await fetch(base + '/embed/classes')).text();
    expect(classes.match(/data-series="/g)?.length).toBe(8);
    expect(classes).toContain('Illustrative: synthetic detail around the 12 Sep 2025 snapshot');
    expect((await (await fetch(base + '/embed/classes?stablecoins=1')).text()).match(/data-series="/g)?.length).toBe(9);
    const share = await (await fetch(base + '/embed/networks/ethereum?range=all')).text();
    expect(share).toMatch(/<path d="M[\d. L]+"/);
    // The snapshot has no history of an asset: said in words, not drawn.
    const asset = await (await fetch(base + '/embed/assets/buidl')).text();
    expect(asset).toContain('data-testid="embed-unknown"');
    expect(asset).not.toContain('data-series=');
  });

  it('light or dark, and a width, by parameter; a bad value reads as the default', async () => {
    const dark = await (await fetch(base + '/embed/classes?theme=dark&width=400')).text();
    expect(dark).toMatch(/<svg[^>]+viewBox="0 0 400 \d+"/);
    expect(dark).toContain('background:#0b0f17');
    const odd = await (await fetch(base + '/embed/classes?theme=neon&width=5')).text();
    expect(odd).toMatch(/<svg[^>]+viewBox="0 0 640 \d+"/);
    expect(odd).toContain('background:#ffffff');
  });

  it('an unknown chart, asset or network is a 404', async () => {
    for (const path of ['/embed/assets/no-such-asset', '/embed/networks/nowhere', '/embed/issuers/blackrock', '/embed/classes/x']) {
      expect((await fetch(base + path)).status, path).toBe(404);
    }
  });

  it('every page outside /embed/ still refuses to be framed', async () => {
    for (const path of ['/', '/assets/buidl', '/networks/ethereum', '/api/oembed?url=x', '/embed']) {
      const res = await fetch(base + path);
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
      if (res.headers.get('content-type')?.startsWith('text/html')) expect(frameAncestors(res), path).toBe("frame-ancestors 'none'");
    }
  });
});

describe('/api/oembed', () => {
  it('pages with a chart name their oEmbed answer, and it has every field oEmbed 1.0 requires', async () => {
    for (const path of ['/', '/assets/buidl', '/networks/ethereum']) {
      const page = await (await fetch(base + path)).text();
      const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(page);
      expect(link, path).not.toBeNull();
      const href = link![1].replaceAll('&amp;', '&');
      expect(new URL(href).searchParams.get('url')).toBe(base + path);
      const res = await fetch(href);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const body = await res.json();
      expect(oembedSchema.parse(body)).toEqual(body);
      // The spec's required fields of a rich answer.
      for (const field of ['type', 'version', 'html', 'width', 'height']) expect(body, field).toHaveProperty(field);
      const src = /<iframe src="([^"]+)" width="(\d+)" height="(\d+)"/.exec(body.html as string);
      expect([Number(src![2]), Number(src![3])]).toEqual([body.width, body.height]);
      const frame = await fetch(src![1].replaceAll('&amp;', '&'));
      expect(frame.status).toBe(200);
      // The iframe is exactly the picture's size.
      expect(await frame.text()).toContain(`viewBox="0 0 ${body.width} ${body.height}"`);
    }
  });

  it('keeps within maxwidth and maxheight, and refuses what it cannot answer', async () => {
    const url = encodeURIComponent(`${base}/networks/ethereum`);
    const narrow = await (await fetch(`${base}/api/oembed?url=${url}&maxwidth=400&maxheight=300`)).json();
    expect(narrow.width).toBeLessThanOrEqual(400);
    expect(narrow.height).toBeLessThanOrEqual(300);
    const cases: [string, number][] = [
      ['', 400],
      [`?url=${url}&maxwidth=-1`, 400],
      [`?url=${url}&maxwidth=abc`, 400],
      ['?url=not-a-url', 400],
      [`?url=${url}&format=yaml`, 400],
      [`?url=${url}&format=xml`, 501],
      [`?url=${encodeURIComponent('https://elsewhere.example/assets/buidl')}`, 404],
      [`?url=${encodeURIComponent(`${base}/sources`)}`, 404],
      [`?url=${encodeURIComponent(`${base}/assets/no-such-asset`)}`, 404],
    ];
    for (const [q, status] of cases) {
      const res = await fetch(`${base}/api/oembed${q}`);
      expect(res.status, q).toBe(status);
      expect(await res.json(), q).toEqual({ message: expect.any(String), ...(status === 404 ? {} : { issues: expect.any(Object) }) });
    }
  });
});
