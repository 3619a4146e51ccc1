import type { APIRoute } from 'astro';
import { colors } from '../../../tailwind.config.mjs';
import { PLACEHOLDER_DEFAULT_LABEL, escapeXml, placeholderLabel } from '#lib/shared/seo.ts';
import { publicTitles } from '#lib/server/content/articles.ts';
import { CACHE, cacheHeaders } from '#lib/server/cache/policy.ts';

export const prerender = false;

const WIDTH = 1200;
const HEIGHT = 630;
const LINE_CHARS = 30;
const MAX_LINES = 4;

/** Greedy word wrap into at most MAX_LINES lines, the last one ellipsised when the text is longer. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= LINE_CHARS || !line) line = next.slice(0, LINE_CHARS + 10);
    else {
      lines.push(line);
      line = word.slice(0, LINE_CHARS + 10);
    }
  }
  if (line) lines.push(line);
  if (lines.length > MAX_LINES) {
    lines.length = MAX_LINES;
    lines[MAX_LINES - 1] = lines[MAX_LINES - 1].replace(/\s*\S*$/, '') + '…';
  }
  return lines;
}

/**
 * GET /api/placeholder?text=...: the image shown when a post or article has no image or its
 * image fails to load (spec: "a placeholder image carrying the title text"). It draws only the
 * titles of public items (`placeholderLabel` of each): any other text, a draft's title included
 * (which would tell that the draft exists), gets the site's name, so nobody can have the site draw
 * a message of their choosing on a branded, cacheable card. That answer is not stored anywhere, so
 * an item published later gets its own card. The text is XML-escaped and the SVG is served with a
 * CSP that forbids scripts, even opened on its own.
 */
export const GET: APIRoute = async ({ url }) => {
  const asked = placeholderLabel(url.searchParams.get('text') ?? '');
  const known = asked !== '' && (await publicTitles()).some((title) => placeholderLabel(title) === asked);
  const text = known ? asked : PLACEHOLDER_DEFAULT_LABEL;
  const lines = wrap(text);
  const fontSize = lines.length > 2 ? 52 : 60;
  const lineHeight = Math.round(fontSize * 1.2);
  const top = HEIGHT / 2 - ((lines.length - 1) * lineHeight) / 2 + fontSize / 3;
  const tspans = lines.map((l, i) => `<tspan x="96" y="${Math.round(top + i * lineHeight)}">${escapeXml(l)}</tspan>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeXml(text)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors['surface-2']}"/><stop offset="1" stop-color="${colors.bg}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
<g fill="none" stroke="${colors.accent}" stroke-opacity="0.18" stroke-width="2">${[0, 1, 2, 3, 4, 5]
    .map((i) => `<circle cx="1080" cy="110" r="${70 + i * 70}"/>`)
    .join('')}</g>
<rect x="96" y="96" width="72" height="8" rx="4" fill="${colors.accent}"/>
<text font-family="Inter, system-ui, sans-serif" font-size="${fontSize}" font-weight="700" fill="${colors.fg}">${tspans}</text>
<text x="96" y="${HEIGHT - 80}" font-family="Inter, system-ui, sans-serif" font-size="28" fill="${colors.muted}">RWA Analytics</text>
</svg>`;
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      ...cacheHeaders(known ? CACHE.generated : CACHE.none),
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
    },
  });
};
