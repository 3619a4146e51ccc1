import type { RenderedMarkup } from '#lib/shared/markup/index.ts';
import { READING_PAGE_IDS, TOC_HEADING_LEVEL } from '#lib/shared/reading-page.ts';
import { siteOrigin } from '#lib/server/config.ts';
import { renderMarkupCached } from '#lib/server/content/markup/cache.ts';
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

export async function articleView(item: ShownItem | null): Promise<ArticleView> {
  const rendered = item ? await renderMarkupCached(item.content, { after: TOC_HEADING_LEVEL, reservedIds: READING_PAGE_IDS }) : null;
  return { rendered, origin: siteOrigin() };
}
