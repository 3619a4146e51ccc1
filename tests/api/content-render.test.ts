import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, loginCookie } from '../support/http.ts';

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
