import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, loginCookie } from '../support/http.ts';
import { corpus, dangers, inGfm } from '../support/xss.ts';

// POST /api/content/render: the editor's live preview, through the reading pages' pipeline and sanitiser.
const base = inject('baseUrl');
let cookie: string;
beforeAll(async () => {
  cookie = await loginCookie(base);
});

const render = (body: unknown, init: { cookie?: string; headers?: Record<string, string> } = { cookie }) =>
  api(base, '/api/content/render', { method: 'POST', body, ...init });

describe('POST /api/content/render', () => {
  it('renders Markdown as a reading page does: heading ids and a table of contents, sanitised, never cached', async () => {
    const res = await render({
      content:
        '# Main\n\n## Why **it** matters\n\n<img src="/api/uploads/x" onerror="alert(1)"> <script>alert(2)</script>[x](javascript:alert(3))',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const out = (await res.json()) as { html: string; toc: { id: string; text: string }[]; degraded: boolean };
    expect(out.degraded).toBe(false);
    // 'main' is a reading page's own id: the body's heading steps aside, as on the page.
    expect(out.toc.map((t) => t.id)).toEqual(['main-1', 'why-it-matters']);
    expect(out.html).toContain('<h2 id="why-it-matters">Why <strong>it</strong> matters</h2>');
    expect(out.html).toContain('<img src="/api/uploads/x">');
    expect(out.html).not.toMatch(/onerror|<script|javascript:/i);
  });

  it('is for a signed-in admin only, and refuses a cross-site request', async () => {
    expect((await render({ content: '# x' }, {})).status).toBe(401);
    const foreign = await render({ content: '# x' }, { cookie, headers: { Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
  });

  it('answers bad input with a clear 400, never a 500', async () => {
    for (const body of [{}, { content: 42 }, '[', 'null', { content: 'x'.repeat(500_001) }]) {
      const res = await render(body);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBeTruthy();
    }
  });
});

describe('GitHub-flavoured Markdown through the API', () => {
  it('neutralises every payload of the XSS corpus in a table cell, a footnote and a task item', async () => {
    /**
     * The payloads' HTML, each in the three places. A rendering past the time limit comes back
     * degraded (escaped plain text), which proves nothing about the sanitiser: such a batch is
     * sent again in halves, down to one payload, which must render in full.
     */
    async function check(batch: string[], attempt = 0): Promise<void> {
      const content = batch.flatMap((payload) => Object.values(inGfm(payload))).join('\n\n<!-- -->\n\n');
      const res = await render({ content });
      expect(res.status).toBe(200);
      const out = (await res.json()) as { html: string; degraded: boolean };
      if (out.degraded) {
        expect(batch.length > 1 || attempt < 2, `one payload degraded: ${batch[0].slice(0, 60)}`).toBe(true);
        if (batch.length === 1) return check(batch, attempt + 1);
        const half = Math.ceil(batch.length / 2);
        return void (await Promise.all([check(batch.slice(0, half)), check(batch.slice(half))]));
      }
      expect(out.html).toContain('<table>');
      expect(dangers(out.html), batch[0].slice(0, 60)).toEqual([]);
    }
    const payloads = corpus.payloads.map((p) => p.payload);
    for (let from = 0; from < payloads.length; from += 16) await check(payloads.slice(from, from + 16));
  });

  it('renders a table, a footnote, a task list and strikethrough on the public page and in the RSS feed', async () => {
    const slug = `gfm-${Math.random().toString(36).slice(2, 8)}`;
    const content = [
      '## Supply',
      '',
      '| Asset | Chain | Supply |',
      '| :-- | :-: | --: |',
      '| BUIDL | ~~Solana~~ Ethereum | $2.9B |',
      '',
      '- [x] read on chain',
      '- [ ] <img src=x onerror=alert(1)> checked by hand',
      '',
      'Figures at the day’s close.[^close]',
      '',
      '[^close]: 00:00 UTC, at the finalized head.',
    ].join('\n');
    const created = await api(base, '/api/blog/posts', { cookie, body: { title: `GFM ${slug}`, slug, content, published: true } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    try {
      const html = await (await fetch(`${base}/blog/${slug}`)).text();
      // The body as the page holds it (the page's head repeats the text, escaped, as its description).
      const page = html.slice(html.indexOf('<div class="prose-body"'));
      const feed = await (await fetch(`${base}/rss.xml`)).text();
      const item = feed.split('<item>').find((i) => i.includes(`/blog/${slug}<`))!;
      expect(item).toBeTruthy();
      // The feed holds the body as escaped HTML: unescaped once, it is the page's body.
      const encoded = /<content:encoded>([\s\S]*?)<\/content:encoded>/.exec(item)![1];
      const feedBody = encoded
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      for (const html of [page, feedBody]) {
        expect(html).toContain('<th class="align-center">Chain</th>');
        expect(html).toContain('<td class="align-right">$2.9B</td>');
        expect(html).toContain('<del>Solana</del>');
        expect(html).toContain('<input type="checkbox" checked disabled aria-label="Task"> read on chain');
        expect(html).toContain('<section data-footnotes');
        expect(html).toMatch(/<a href="[^"]*#user-content-fn-close" id="user-content-fnref-close" data-footnote-ref/);
        expect(html).toContain('<li id="user-content-fn-close">');
        expect(html).not.toMatch(/onerror|alert\(/);
      }
    } finally {
      await api(base, `/api/blog/posts/${id}`, { method: 'DELETE', cookie });
    }
  });
});
