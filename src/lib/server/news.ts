import { desc, eq } from 'drizzle-orm';
import { blogPosts } from '@db/schema/content.ts';
import { getDb } from './db';

export interface LatestPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: Date | null;
  createdAt: Date;
}

/** The newest published blog posts for the home page's Latest News (drafts never appear). */
export function listLatestPublishedPosts(limit = 5): Promise<LatestPost[]> {
  return getDb()
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      excerpt: blogPosts.excerpt,
      publishedAt: blogPosts.publishedAt,
      createdAt: blogPosts.createdAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.createdAt))
    .limit(limit);
}
