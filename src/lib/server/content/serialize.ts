import type { blogPosts, researchArticles } from '@db/schema';
import type { BlogPost, ResearchArticle } from '@/lib/shared/content-types';

type BlogRow = typeof blogPosts.$inferSelect;
type ResearchRow = typeof researchArticles.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function common(row: BlogRow | ResearchRow) {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    published: row.published,
    featuredImage: row.featuredImage,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    tags: row.tags ?? [],
    seoKeywords: row.seoKeywords ?? [],
    canonicalUrl: row.canonicalUrl,
    socialImage: row.socialImage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    publishedAt: iso(row.publishedAt),
  };
}

/** A blog post row as the API shows it: every field of spec section 3, dates as ISO strings. */
export function toBlogPost(row: BlogRow): BlogPost {
  return { ...common(row), authorId: row.authorId };
}

/** A research article row as the API shows it. */
export function toResearchArticle(row: ResearchRow): ResearchArticle {
  return { ...common(row), author: row.author, category: row.category, readingTime: row.readingTime, featured: row.featured };
}
