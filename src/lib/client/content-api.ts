import type { BlogPost, ContentItem, ContentKind, ResearchArticle } from '@/lib/shared/content-types';
import { apiRequest } from './api';

/** Per kind: where it lives in the API and the spec's exact texts (sections 5 and 8). */
export const KINDS = {
  blog: {
    endpoint: '/api/blog/posts',
    noun: 'blog post',
    created: 'Blog post created successfully',
    updated: 'Blog post updated successfully',
    deleted: 'Blog post deleted successfully',
    createFailed: 'Failed to create blog post',
    updateFailed: 'Failed to update blog post',
    deleteFailed: 'Failed to delete blog post',
    confirmDelete: 'Are you sure you want to delete this blog post?',
    empty: 'No blog posts found. Create your first post!',
    required: 'Title and content are required',
    createTitle: 'Create Blog Post',
    editTitle: 'Edit Blog Post',
  },
  research: {
    endpoint: '/api/research',
    noun: 'research article',
    created: 'Research article created successfully',
    updated: 'Research article updated successfully',
    deleted: 'Research article deleted successfully',
    createFailed: 'Failed to create research article',
    updateFailed: 'Failed to update research article',
    deleteFailed: 'Failed to delete research article',
    confirmDelete: 'Are you sure you want to delete this research article?',
    empty: 'No research articles found. Create your first research article!',
    required: 'Title, content, and author are required',
    createTitle: 'Create Research Article',
    editTitle: 'Edit Research Article',
  },
} as const satisfies Record<ContentKind, Record<string, string>>;

export async function listItems(kind: 'blog'): Promise<BlogPost[]>;
export async function listItems(kind: 'research'): Promise<ResearchArticle[]>;
export async function listItems(kind: ContentKind): Promise<ContentItem[]>;
/** Every item of a kind (drafts included for a signed-in admin), newest first. */
export async function listItems(kind: ContentKind): Promise<ContentItem[]> {
  const res = await apiRequest('GET', KINDS[kind].endpoint);
  return (await res.json()) as ContentItem[];
}

/** Create (no id) or update (id): the full editor fields, or only the SEO fields. */
export async function saveItem(kind: ContentKind, id: number | null, body: Record<string, unknown>): Promise<ContentItem> {
  const res = await apiRequest(id ? 'PUT' : 'POST', id ? `${KINDS[kind].endpoint}/${id}` : KINDS[kind].endpoint, body);
  return (await res.json()) as ContentItem;
}

export async function deleteItem(kind: ContentKind, id: number): Promise<void> {
  await apiRequest('DELETE', `${KINDS[kind].endpoint}/${id}`);
}
