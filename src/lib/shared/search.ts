/** Site search's shared rules: what a hit is, and which queries are asked. */

export type SearchKind = 'asset' | 'issuer' | 'network' | 'post' | 'article';

export interface SearchHit {
  kind: SearchKind;
  title: string;
  /** One short line under the title: the class and issuer, the asset count, the kind of article. */
  detail: string;
  url: string;
}

/** The words shown beside a hit, per kind. */
export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  asset: 'Asset',
  issuer: 'Issuer',
  network: 'Network',
  post: 'Post',
  article: 'Research',
};

export const MAX_QUERY_LENGTH = 100;
/** The header's suggestions; the /search page lists more. */
export const SUGGESTION_LIMIT = 8;
export const PAGE_LIMIT = 50;

/** The query as asked: trimmed, inner whitespace collapsed. */
export const normalizeQuery = (q: string | null | undefined): string => (q ?? '').trim().replace(/\s+/g, ' ');
