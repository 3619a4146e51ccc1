/**
 * Site search: one MiniSearch index over what the pages list, read from the same
 * sources they read: the asset catalog and its issuers (/assets, /issuers), the networks table
 * (/networks) and the public posts and research articles (/blog, /research). The header's box asks
 * GET /api/search; /search renders the same hits without JavaScript.
 *
 * The index is built per request: a few hundred short documents take a few milliseconds, and a
 * fresh index can never show an unpublished post or a stale asset (the answers are cached like the
 * pages, and purged with them).
 */
import MiniSearch, { type Query } from 'minisearch';
import { networksRead } from '#lib/server/figures/analytics.ts';
import { publicListRead } from '#lib/server/content/articles.ts';
import { catalogRead, type Catalog } from '#lib/server/open-data/catalog.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { itemPath } from '#lib/shared/article-kinds.ts';
import type { Network } from '#lib/shared/analytics-types.ts';
import { networkUrl } from '#lib/shared/open-data/ids.ts';
import { SUGGESTION_LIMIT, type SearchHit, type SearchKind } from '#lib/shared/search.ts';
import { withMoney } from '#lib/shared/money.ts';

interface Doc extends SearchHit {
  id: string;
  /** An asset's symbol, lower case: an exact match ranks first ("BUIDL" before "BUIDL-I"). */
  symbol?: string;
  /** Symbols and contract addresses: matched by prefix, weighted above the name. */
  codes: string;
  /** The inner parts of the name's and symbol's words (innerParts): "usdc" finds syrupUSDC, weighted least. */
  parts: string;
  /** Tags, excerpt, asset class, chains, issuer: matched, weighted least. */
  text: string;
  /** The asset class (an issuer's or a network's: its assets' classes): its own short field, so a class finds every asset of it however long its list of chains. */
  classes: string;
}

/**
 * Each word's endings from its second letter on, at least 3 letters long: matched by prefix, they
 * find a word by any part of it ("usdc" in syrupUSDC, "bill" in TBILL), which MiniSearch's prefix
 * search alone does not. Pure.
 */
export function innerParts(...texts: string[]): string {
  const parts = new Set<string>();
  for (const word of texts
    .join(' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u))
    for (let i = 1; i + 3 <= word.length; i++) parts.add(word.slice(i));
  return [...parts].join(' ');
}

interface Article {
  title: string;
  slug: string;
  excerpt: string;
  tags: string[];
}

/** Every searchable thing, as plain documents (pure: the tests and the page build it alike). */
function searchDocs(catalog: Catalog, networks: Network[], posts: Article[], research: Article[]): Doc[] {
  const docs: Doc[] = [];
  const add = (kind: SearchKind, key: string, d: Omit<Doc, 'id' | 'kind'>) => docs.push({ id: `${kind}:${key}`, kind, ...d });
  for (const a of catalog.assets) {
    const addresses = a.registry?.deployments.map((d) => d.address) ?? [];
    add('asset', a.id, {
      title: a.name === a.symbol ? a.symbol : `${a.name} (${a.symbol})`,
      detail: [a.assetClass, a.issuer?.name].filter(Boolean).join(' · '),
      url: a.url,
      marketCap: a.marketCap,
      symbol: a.symbol.toLowerCase(),
      codes: [a.symbol, ...addresses].join(' '),
      parts: innerParts(a.name, a.symbol),
      // Class and chain: "treasuries solana" finds the Treasury funds on Solana.
      text: [a.issuer?.name ?? '', ...a.chains].join(' '),
      classes: a.assetClass,
    });
  }
  // An issuer and a network are found by the classes of their assets too (not by chains: an issuer on
  // every chain would crowd the assets out of "stablecoins ethereum"); an issuer by its assets'
  // symbols as well ("usdc" finds Circle).
  const factsOf = (assets: Catalog['assets'], pick: (a: Catalog['assets'][number]) => string[]) =>
    [...new Set(assets.flatMap(pick))].join(' ');
  for (const i of catalog.issuers) {
    const n = i.assetIds.length;
    const mine = i.assetIds.flatMap((id) => catalog.byId.get(id) ?? []);
    add('issuer', i.id, {
      title: i.name,
      detail: `Issuer of ${n} ${n === 1 ? 'asset' : 'assets'}`,
      url: i.url,
      codes: '',
      // Its assets' symbols weigh as little as a part of a word: the asset itself ranks first.
      parts: `${innerParts(i.name)} ${factsOf(mine, (a) => [a.symbol])}`,
      text: '',
      classes: factsOf(mine, (a) => [a.assetClass]),
    });
  }
  for (const n of networks) {
    const onChain = catalog.assets.filter((a) => a.chains.includes(n.name));
    add('network', n.id, {
      title: n.name,
      detail: 'Network',
      url: networkUrl(n.id),
      codes: n.id,
      parts: innerParts(n.name),
      text: '',
      classes: factsOf(onChain, (a) => [a.assetClass]),
    });
  }
  for (const [kind, list] of [
    ['post', posts],
    ['article', research],
  ] as const) {
    for (const p of list) {
      add(kind, p.slug, {
        title: p.title,
        detail: kind === 'post' ? 'Blog post' : 'Research article',
        url: itemPath(kind === 'post' ? 'blog' : 'research', p.slug),
        codes: '',
        parts: '',
        text: [p.excerpt, ...p.tags].join(' '),
        classes: '',
      });
    }
  }
  return docs;
}

/**
 * MiniSearch's default term rule (lower case), plus one plural fold so "treasury" finds
 * "Treasuries" (prefix matching covers "treasur…", and the other plurals: "fund" finds "funds").
 */
const processTerm = (term: string) => term.toLowerCase().replace(/(?<=\p{L}{3})ies$/u, 'y');

/** The hits for `query`, best first, at most `limit`. */
function searchIn(docs: Doc[], query: string, limit: number): SearchHit[] {
  const index = new MiniSearch<Doc>({
    fields: ['title', 'codes', 'classes', 'text', 'parts'],
    processTerm,
    storeFields: ['kind', 'title', 'detail', 'url', 'symbol', 'marketCap'],
    searchOptions: {
      // A word's inner part counts least: "usdc" ranks USDC, then syrupUSDC.
      boost: { codes: 3, title: 2, parts: 0.5 },
      prefix: true,
      // Typos only in longer words: a short symbol ("USDC", "ONDO") must match as typed.
      fuzzy: (term) => (term.length > 4 ? 0.2 : false),
      combineWith: 'AND',
    },
  });
  index.addAll(docs);
  const exact = query.toLowerCase();
  // Every word must match (AND), each in the main fields (by prefix, with a typo in a long word) or
  // as a word's inner part (by prefix only: a typo there would match nearly any long name).
  const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
  const tree: Query = {
    combineWith: 'AND',
    queries: tokenize(query)
      .filter(Boolean)
      .map((word) => ({
        combineWith: 'OR',
        queries: [
          { queries: [word], fields: ['title', 'codes', 'classes', 'text'] },
          { queries: [word], fields: ['parts'], fuzzy: false },
        ],
      })),
  };
  return index
    .search(tree, { boostDocument: (_id, _term, stored) => (stored?.symbol === exact ? 5 : 1) })
    .slice(0, limit)
    .map((r) => ({
      kind: r.kind as SearchKind,
      title: r.title as string,
      detail: r.detail as string,
      url: r.url as string,
      ...(r.kind === 'asset' ? { marketCap: (r.marketCap as number | null) ?? null } : {}),
    }));
}

/** Searches what the site serves now (one database round trip). */
export async function searchSite(query: string, limit: number): Promise<SearchHit[]> {
  const [catalog, networks, posts, research] = await readAll([
    catalogRead(),
    networksRead(),
    publicListRead('blog'),
    publicListRead('research'),
  ]);
  return searchIn(searchDocs(catalog, networks, posts, research), query, limit);
}

/**
 * The search answer as the API gives it (and the agents' search tool, which must agree with it):
 * the query and the best hits, market caps as decimal strings, the API's one money type.
 */
export async function searchAnswer(query: string) {
  return { query, results: (await searchSite(query, SUGGESTION_LIMIT)).map((h) => withMoney(h, ['marketCap'])) };
}
