/**
 * The people behind posts and articles: content/authors.json gives each author id its display name
 * and a line about them. A blog post stores an author id ('default-author'), a research article the
 * author's name as typed; both are shown by name, and an author's page is /authors/{slug of the name}.
 */
import authorsJson from '../../../content/authors.json' with { type: 'json' };
import { DEFAULT_AUTHOR_ID, DEFAULT_RESEARCH_AUTHOR } from './article-rules.ts';

export interface Author {
  id: string;
  name: string;
  bio?: string;
}

export const AUTHORS: readonly Author[] = authorsJson.authors;

const byId = new Map(AUTHORS.map((a) => [a.id, a]));
const byName = new Map(AUTHORS.map((a) => [a.name.toLowerCase(), a]));

/** Words an unknown author id is made of, as a name: 'market-desk' is 'Market Desk'. */
const ACRONYMS = new Set(['rwa', 'nav', 'usd', 'etf']);
function nameFromId(id: string): string {
  return id
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => (ACRONYMS.has(w.toLowerCase()) ? w.toUpperCase() : w[0].toUpperCase() + w.slice(1)))
    .join(' ');
}

/** The default of each kind when nothing was stored (article-kinds.ts applies the same on save). */
const FALLBACK = { blog: DEFAULT_AUTHOR_ID, research: DEFAULT_RESEARCH_AUTHOR } as const;

/** Who wrote an item, from what it stores: a blog post's author id, a research article's author name. */
export function authorOf(kind: 'blog' | 'research', stored: string): Author {
  const value = stored.trim() || FALLBACK[kind];
  const known = kind === 'blog' ? byId.get(value) : (byName.get(value.toLowerCase()) ?? byId.get(value));
  if (known) return known;
  return kind === 'blog' ? { id: value, name: nameFromId(value) } : { id: value, name: value };
}
