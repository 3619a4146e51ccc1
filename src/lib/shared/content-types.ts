/** The JSON shapes of blog posts and research articles as the API returns them (spec section 3). */

interface ArticleBase {
  id: number;
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
  /** ISO-8601. */
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
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
