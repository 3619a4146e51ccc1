import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '#db/client.ts';
import { blogPosts, researchArticles } from '#db/schema/index.ts';

type PostRow = typeof blogPosts.$inferInsert;
type ArticleRow = typeof researchArticles.$inferInsert;

/**
 * Writes posts and articles straight into a test server's database (the reading pages have no
 * write API of their own) and removes them again, so suites can set up drafts, hostile titles
 * or broken images without depending on the admin API.
 */
export function contentFixtures(databaseUrl: string) {
  // The sqld lane's server wants its token; a scratch file ignores it (and nothing provides one).
  const { client, db } = openDatabase({ url: databaseUrl, authToken: inject('databaseAuthToken') });
  const added: { table: typeof blogPosts | typeof researchArticles; slug: string }[] = [];
  const now = new Date();
  /** One row with the defaults a published item has; `fields` override them. */
  async function add(table: typeof blogPosts | typeof researchArticles, fields: Record<string, unknown> & { slug: string }) {
    const row = {
      title: fields.slug,
      content: '## Body\n\nText.',
      author: 'Test Author',
      published: true,
      createdAt: now,
      updatedAt: now,
      publishedAt: fields.published === false ? null : now,
      ...fields,
    };
    await db.insert(table as typeof researchArticles).values(row as ArticleRow);
    added.push({ table, slug: fields.slug });
  }
  return {
    post: (fields: Partial<PostRow> & { slug: string }) => add(blogPosts, fields),
    article: (fields: Partial<ArticleRow> & { slug: string }) => add(researchArticles, fields),
    async cleanup() {
      for (const { table, slug } of added) await db.delete(table).where(eq(table.slug, slug));
      client.close();
    },
  };
}
