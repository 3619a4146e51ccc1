/**
 * The table of each article kind. Both share the article columns (research adds author, category,
 * reading time and featured), so one view, the wider table's type, serves the queries of both
 * kinds; this is the one place that says so.
 */
import { blogPosts, researchArticles } from '#db/schema/index.ts';
import { ARTICLE_KIND_NAMES, type ArticleKind } from '#lib/shared/article-kinds.ts';

const TABLES = { blog: blogPosts, research: researchArticles } as const;

export const articleTable = (kind: ArticleKind) => TABLES[kind] as unknown as typeof researchArticles;

/** One query per article kind (in ARTICLE_KIND_NAMES' order), for a read that spans them all. */
export const perKind = <Q>(query: (table: ReturnType<typeof articleTable>, kind: ArticleKind) => Q): Q[] =>
  ARTICLE_KIND_NAMES.map((kind) => query(articleTable(kind), kind));

/** A row to insert into either table (its columns are the wider table's). */
export type ArticleInsert = typeof researchArticles.$inferInsert;
