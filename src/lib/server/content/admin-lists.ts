import type { BlogPost, ResearchArticle } from '#lib/shared/content-types.ts';
import { listItems } from './articles.ts';

/** Both lists as the admin panel's first paint shows them (drafts included: only a signed-in admin gets here). */
export async function adminLists(): Promise<{ blog: BlogPost[]; research: ResearchArticle[] }> {
  const [blog, research] = await Promise.all([listItems('blog', { signedIn: true }), listItems('research', { signedIn: true })]);
  return { blog: blog as BlogPost[], research: research as ResearchArticle[] };
}
