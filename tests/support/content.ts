import { eq } from 'drizzle-orm';
import { openDatabase } from '@db/client';
import { blogPosts, researchArticles } from '@db/schema';

type PostRow = typeof blogPosts.$inferInsert;
type ArticleRow = typeof researchArticles.$inferInsert;

/**
 * Writes posts and articles straight into a test server's database (the reading pages have no
 * write API of their own) and removes them again, so suites can set up drafts, hostile titles
 * or broken images without depending on the admin API.
 */
export function contentFixtures(databaseUrl: string) {
  const { client, db } = openDatabase({ url: databaseUrl });
  const posts: string[] = [];
  const articles: string[] = [];
  const now = new Date();
  return {
    async post(fields: Partial<PostRow> & { slug: string }) {
      await db.insert(blogPosts).values({
        title: fields.slug,
        content: '## Body\n\nText.',
        published: true,
        createdAt: now,
        updatedAt: now,
        publishedAt: fields.published === false ? null : now,
        ...fields,
      });
      posts.push(fields.slug);
    },
    async article(fields: Partial<ArticleRow> & { slug: string }) {
      await db.insert(researchArticles).values({
        title: fields.slug,
        content: '## Body\n\nText.',
        author: 'Test Author',
        published: true,
        createdAt: now,
        updatedAt: now,
        publishedAt: fields.published === false ? null : now,
        ...fields,
      });
      articles.push(fields.slug);
    },
    async cleanup() {
      for (const slug of posts) await db.delete(blogPosts).where(eq(blogPosts.slug, slug));
      for (const slug of articles) await db.delete(researchArticles).where(eq(researchArticles.slug, slug));
      client.close();
    },
  };
}
