import { and, desc, eq, ne } from 'drizzle-orm';
import { researchArticles } from '@db/schema';
import type { ResearchInput, ResearchUpdate } from '@/lib/shared/schemas/content';
import type { ResearchArticle } from '@/lib/shared/content-types';
import { getDb } from '../db';
import { HttpError } from '../http';
import { articleDefaults, newArticleValues, nextPublishedAt, sentFields, readingTimeOrDefault } from './defaults';
import { notFound, withSlugConflict } from './errors';
import { toResearchArticle } from './serialize';

export const RESEARCH_SLUG_TAKEN = 'A research article with this slug already exists';
const NOT_FOUND = 'Research article';

/** Articles newest first; drafts only when `includeDrafts` (a signed-in caller). */
export async function listResearchArticles({ includeDrafts, publishedOnly = false }: { includeDrafts: boolean; publishedOnly?: boolean }): Promise<ResearchArticle[]> {
  const rows = await getDb()
    .select()
    .from(researchArticles)
    .where(includeDrafts && !publishedOnly ? undefined : eq(researchArticles.published, true))
    .orderBy(desc(researchArticles.createdAt), desc(researchArticles.id));
  return rows.map(toResearchArticle);
}

/** One article by slug; a draft counts as absent unless `includeDrafts`. */
export async function getResearchArticleBySlug(slug: string, includeDrafts: boolean): Promise<ResearchArticle> {
  const [row] = await getDb().select().from(researchArticles).where(eq(researchArticles.slug, slug)).limit(1);
  if (!row || (!row.published && !includeDrafts)) throw notFound(NOT_FOUND);
  return toResearchArticle(row);
}

async function assertSlugFree(slug: string, exceptId?: number) {
  const [hit] = await getDb()
    .select({ id: researchArticles.id })
    .from(researchArticles)
    .where(exceptId ? and(eq(researchArticles.slug, slug), ne(researchArticles.id, exceptId)) : eq(researchArticles.slug, slug))
    .limit(1);
  if (hit) throw new HttpError(409, RESEARCH_SLUG_TAKEN, { slug: [RESEARCH_SLUG_TAKEN] });
}

export async function createResearchArticle(input: ResearchInput): Promise<ResearchArticle> {
  const now = new Date();
  const common = newArticleValues(input, now);
  await assertSlugFree(common.slug);
  const [row] = await withSlugConflict(RESEARCH_SLUG_TAKEN, () =>
    getDb()
      .insert(researchArticles)
      .values({
        ...common,
        author: input.author,
        category: input.category ?? 'Research',
        readingTime: readingTimeOrDefault(input.readingTime, input.content),
        featured: input.featured ?? false,
      })
      .returning(),
  );
  return toResearchArticle(row);
}

/** Full or partial (SEO-only) update: fields sent replace the stored ones, then the defaults apply. */
export async function updateResearchArticle(id: number, input: ResearchUpdate): Promise<ResearchArticle> {
  const db = getDb();
  const [current] = await db.select().from(researchArticles).where(eq(researchArticles.id, id)).limit(1);
  if (!current) throw notFound(NOT_FOUND);
  const given: Partial<ResearchInput> = sentFields(input);
  const merged = { ...current, ...given }; // slug '' (sent blank) is made again from the title
  const { slug, excerpt, metaDescription } = articleDefaults(merged);
  if (slug !== current.slug) await assertSlugFree(slug, id);
  const now = new Date();
  const [row] = await withSlugConflict(RESEARCH_SLUG_TAKEN, () =>
    db
      .update(researchArticles)
      .set({
        ...given,
        slug,
        excerpt,
        metaDescription,
        readingTime: readingTimeOrDefault(merged.readingTime, merged.content),
        updatedAt: now,
        publishedAt: nextPublishedAt(merged.published, current.publishedAt, now),
      })
      .where(eq(researchArticles.id, id))
      .returning(),
  );
  return toResearchArticle(row);
}

export async function deleteResearchArticle(id: number): Promise<void> {
  const deleted = await getDb().delete(researchArticles).where(eq(researchArticles.id, id)).returning({ id: researchArticles.id });
  if (!deleted.length) throw notFound(NOT_FOUND);
}

/** The newest published featured article, 404 when there is none. */
export async function getFeaturedResearchArticle(): Promise<ResearchArticle> {
  const [row] = await getDb()
    .select()
    .from(researchArticles)
    .where(and(eq(researchArticles.published, true), eq(researchArticles.featured, true)))
    .orderBy(desc(researchArticles.publishedAt), desc(researchArticles.id))
    .limit(1);
  if (!row) throw notFound('Featured research article');
  return toResearchArticle(row);
}
