import type { RenderedMarkup } from '#lib/shared/markup/index.ts';
import { READING_PAGE_IDS, TOC_HEADING_LEVEL } from '#lib/shared/reading-page.ts';
import { siteOrigin } from '#lib/server/config.ts';
import { renderMarkupCached } from '#lib/server/content/markup/cache.ts';
import { renderBounded } from '#lib/server/content/markup/pool.ts';
import type { ShownItem } from './articles.ts';

/**
 * What the reading page component needs from the server besides the item: its body rendered (in the
 * bounded worker, cached) and the configured origin for absolute links. Pages load it; the
 * component only shows it.
 */
export interface ArticleView {
  rendered: RenderedMarkup | null;
  origin: string;
}

/** How a reading page renders a body; the editor's live preview renders with the same options. */
const READING_BODY = { after: TOC_HEADING_LEVEL, reservedIds: READING_PAGE_IDS };

/** A body as its reading page shows it (the feed carries the same HTML). */
export const readingBody = (content: string): Promise<RenderedMarkup> => renderMarkupCached(content, READING_BODY);

export async function articleView(item: ShownItem | null): Promise<ArticleView> {
  const rendered = item ? await readingBody(item.content) : null;
  return { rendered, origin: siteOrigin() };
}

/**
 * The editor's live preview of a body: the reading page's pipeline and sanitiser, in the same
 * bounded worker (markup-pool.ts), but not cached: each keystroke's text is seen once, and would
 * only push the published articles' renderings out of the cache.
 */
export async function previewBody(content: string): Promise<RenderedMarkup & { degraded: boolean }> {
  const { rendered, degraded } = await renderBounded(content, READING_BODY);
  return { ...rendered, degraded };
}
