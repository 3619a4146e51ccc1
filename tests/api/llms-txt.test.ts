import { describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const text = async (p: string) => {
  const res = await fetch(base + p);
  expect(res.status, p).toBe(200);
  expect(res.headers.get('content-type'), p).toMatch(/^text\/plain/);
  return res.text();
};

describe('/llms.txt and /llms-full.txt', () => {
  it('name every public endpoint of the OpenAPI document, the document, the feeds and the MCP endpoint', async () => {
    const doc = (await (await fetch(base + '/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(20);
    const [index, full] = await Promise.all([text('/llms.txt'), text('/llms-full.txt')]);
    for (const [name, body] of [
      ['llms.txt', index],
      ['llms-full.txt', full],
    ]) {
      for (const p of paths) expect(body, `${name}: GET ${p}`).toContain(`GET ${p}`);
      // And no endpoint the document does not have.
      const named = new Set([...body.matchAll(/GET (\/api\/[^\s\]):]*)/g)].map((m) => m[1]));
      expect([...named].sort(), name).toEqual([...paths].sort());
      expect(body, name).toContain(`${base}/mcp`);
    }
    expect(index).toMatch(/^# RWA Analytics\n\n> /);
    for (const link of [
      `${base}/api/openapi.json`,
      `${base}/docs/api`,
      `${base}/docs/mcp`,
      `${base}/api/alerts/feed.atom`,
      `${base}/llms-full.txt`,
    ])
      expect(index).toContain(`(${link})`);
  });

  it('carry the method as /sources states it, and every link in the index answers', async () => {
    const [index, full, sources] = await Promise.all([text('/llms.txt'), text('/llms-full.txt'), (await fetch(base + '/sources')).text()]);
    // Each statement of method on /sources is in the full text (the page's typographic apostrophes included).
    const decode = (html: string) =>
      html
        .replace(/<[^>]+>/g, '')
        .replace(/&#39;|&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&')
        .trim();
    const statements = [...sources.matchAll(/<p data-method="[^"]+">\s*<strong>([^<]*)\.<\/strong>([\s\S]*?)<\/p>/g)].map((m) => ({
      title: decode(m[1]),
      text: decode(m[2]),
    }));
    expect(statements.length).toBeGreaterThan(5);
    for (const s of statements) {
      expect(full).toContain(`### ${s.title}\n\n${s.text.slice(0, 80)}`);
      expect(index).toContain(`[${s.title}](`);
    }
    expect(full).toContain('Methodology change (October 2025)');
    expect(full).not.toContain('Regenerating');
    const links = [...new Set([...index.matchAll(/\]\((http[^)]+)\)/g)].map((m) => m[1].split('#')[0]))];
    for (const link of links) {
      if (link.endsWith('/mcp')) continue;
      expect((await fetch(link)).status, link).toBe(200);
    }
  });
});
