/** Site search's shared rules: what a hit is, and which queries are asked. */
import { formatCurrency } from './format.ts';

export type SearchKind = 'asset' | 'issuer' | 'network' | 'post' | 'article';

export interface SearchHit {
  kind: SearchKind;
  title: string;
  /** One short line under the title: the class and issuer, the asset count, the kind of article. */
  detail: string;
  url: string;
  /** An asset's market cap in dollars as the site serves it, null when unknown; absent for other kinds. */
  marketCap?: number | null;
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
export const PAGE_LIMIT = 100;

/** The query as asked: trimmed, inner whitespace collapsed. */
export const normalizeQuery = (q: string | null | undefined): string => (q ?? '').trim().replace(/\s+/g, ' ');

/** A hit as GET /api/search gives it: money as a decimal string (money.ts). */
export type ApiSearchHit = Omit<SearchHit, 'marketCap'> & { marketCap?: string | null };

/** The line a hit shows beside its detail: an asset's market cap, or why it is unknown; nothing for other kinds. */
export function marketCapLine(hit: { kind: SearchKind; marketCap?: number | string | null }): string | null {
  if (hit.kind !== 'asset' || hit.marketCap === undefined) return null;
  return hit.marketCap === null ? 'Market cap unknown (not read yet)' : `Market cap ${formatCurrency(hit.marketCap)}`;
}

/** Where the header's "See all results" goes: the server-rendered page of every hit. */
export const searchPagePath = (query: string) => `/search?q=${encodeURIComponent(normalizeQuery(query))}`;
