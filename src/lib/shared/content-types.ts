/** The JSON shapes of blog posts and research articles as the API returns them (spec section 3). */

/**
 * The fields both kinds share (spec section 3), with dates as `D`: ISO strings in the API's JSON,
 * Date objects on the server.
 */
export interface ArticleFields<D> {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  published: boolean;
  featuredImage: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
  tags: string[];
  seoKeywords: string[];
  canonicalUrl: string | null;
  socialImage: string | null;
  createdAt: D;
  updatedAt: D;
  publishedAt: D | null;
}

/** As the API returns it: dates ISO-8601. */
interface ArticleBase extends ArticleFields<string> {
  id: number;
}

export interface BlogPost extends ArticleBase {
  authorId: string;
}

export interface ResearchArticle extends ArticleBase {
  author: string;
  category: string;
  readingTime: string;
  featured: boolean;
}

export type ContentKind = 'blog' | 'research';
export type ContentItem = BlogPost | ResearchArticle;

/** What POST /api/uploads answers. */
export interface UploadedImage {
  id: string;
  url: string;
  mimeType: string;
  size: number;
  width: number;
  height: number;
}

/** One recorded version of an item (GET /api/content/{kind}/{id}/history). */
export interface Version {
  id: number;
  date: string;
  author: string;
  message: string;
  action: 'save' | 'delete';
  /** Null while the commit is still on its way (the outbox), or with git off. */
  commit: string | null;
}

/** A deleted item that can be restored (GET /api/content/{kind}/deleted). */
export interface DeletedItem {
  revisionId: number;
  articleId: number;
  title: string;
  slug: string;
  deletedAt: string;
  author: string;
}

/** A preview link as listed (its token is shown once, in `url`, when it is made). */
export interface PreviewLink {
  id: number;
  createdAt: string;
  revoked: boolean;
  url?: string;
}
