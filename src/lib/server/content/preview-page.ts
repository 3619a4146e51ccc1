import type { AstroGlobal } from 'astro';
import type { ArticleKind } from '#lib/shared/article-kinds.ts';
import type { ShownItem } from './articles.ts';
import { parseKind } from './route-id.ts';
import { previewItem, resolvePreviewToken } from './previews.ts';
import { CACHE, applyCache } from '#lib/server/cache/policy.ts';

interface Preview {
  kind: ArticleKind;
  item: ShownItem | null;
}

/** A preview is personal: never cached, never indexed (the page's meta says noindex too). */
function privateHeaders(astro: AstroGlobal, found: boolean) {
  if (!found) astro.response.status = 404;
  applyCache(astro.response.headers, CACHE.none);
  astro.response.headers.set('X-Robots-Tag', 'noindex, nofollow');
}

/** /admin/preview/{kind}/{id}: the signed-in admin (the middleware guards /admin) sees the draft. */
export async function adminPreview(astro: AstroGlobal): Promise<Preview> {
  let kind: ArticleKind = 'blog';
  let item: ShownItem | null = null;
  const id = Number(astro.params.id);
  try {
    kind = parseKind(astro.params.kind);
    if (Number.isSafeInteger(id) && id > 0) item = await previewItem(kind, id);
  } catch {
    item = null;
  }
  privateHeaders(astro, !!item);
  return { kind, item };
}

/** /preview/{token}: anyone holding a live (unrevoked) link sees the draft; anything else is a 404. */
export async function linkPreview(astro: AstroGlobal): Promise<Preview> {
  const target = await resolvePreviewToken(astro.params.token ?? '');
  const item = target ? await previewItem(target.kind, target.articleId) : null;
  privateHeaders(astro, !!item);
  return { kind: target?.kind ?? 'blog', item };
}
