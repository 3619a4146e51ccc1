/**
 * The social cards (og:image) the site generates: one per public page that has no image of its
 * own, drawn by src/lib/server/og/image.ts and served at /og/<key>.png (a post or article without
 * an image: /og/<kind>/<slug>.png). Keys are a fixed list, so nobody can have the server draw
 * arbitrary text with the site's name on it.
 */
export const OG_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

export interface PageCard {
  path: string;
  eyebrow: string;
  title: string;
  subtitle: string;
  /** Shows the data's as-of date (and changes with it). */
  data: boolean;
}

export const PAGE_CARDS = {
  home: {
    path: '/',
    eyebrow: 'Market overview',
    title: 'Real-World Asset Analytics',
    subtitle: 'Tokenized treasuries, stablecoins, private credit and commodities on public blockchains',
    data: true,
  },
  networks: {
    path: '/networks',
    eyebrow: 'Data',
    title: 'Networks',
    subtitle: 'Tokenized asset value, holders and activity by blockchain',
    data: true,
  },
  stablecoins: {
    path: '/stablecoins',
    eyebrow: 'Asset class',
    title: 'Stablecoins',
    subtitle: 'Market cap, transfer volume, active addresses and holders',
    data: true,
  },
  treasuries: {
    path: '/treasuries',
    eyebrow: 'Asset class',
    title: 'U.S. Treasuries',
    subtitle: 'Tokenized treasury products, yields and holders',
    data: true,
  },
  'private-credit': {
    path: '/private-credit',
    eyebrow: 'Asset class',
    title: 'Private Credit',
    subtitle: 'Onchain loans, platforms, pools and APRs',
    data: true,
  },
  commodities: {
    path: '/commodities',
    eyebrow: 'Asset class',
    title: 'Commodities',
    subtitle: 'Tokenized gold and other commodities by platform',
    data: true,
  },
  'global-bonds': {
    path: '/global-bonds',
    eyebrow: 'Coming soon',
    title: 'Global Bonds',
    subtitle: 'Tokenized government and corporate bonds',
    data: false,
  },
  'institutional-funds': {
    path: '/institutional-funds',
    eyebrow: 'Coming soon',
    title: 'Institutional Funds',
    subtitle: 'Tokenized funds and managed strategies',
    data: false,
  },
  stocks: { path: '/stocks', eyebrow: 'Coming soon', title: 'Stocks', subtitle: 'Tokenized equities on public blockchains', data: false },
  sources: {
    path: '/sources',
    eyebrow: 'Data',
    title: 'Data Sources',
    subtitle: 'Tracked contracts, methods, blocks and ingest runs',
    data: true,
  },
  'public-figures': {
    path: '/sources/public-figures',
    eyebrow: 'Data',
    title: 'Public Figures',
    subtitle: 'The public reports the data snapshot was built from',
    data: false,
  },
  research: {
    path: '/research',
    eyebrow: 'Research',
    title: 'Research & Insights',
    subtitle: 'In-depth analysis of tokenized real-world assets',
    data: false,
  },
  blog: { path: '/blog', eyebrow: 'Blog', title: 'Blog', subtitle: 'News and notes on tokenized real-world assets', data: false },
  site: {
    path: '',
    eyebrow: 'RWA Analytics',
    title: 'Tokenized Real-World Asset Data',
    subtitle: 'Market figures, networks and research',
    data: false,
  },
} as const satisfies Record<string, PageCard>;
export type PageCardKey = keyof typeof PAGE_CARDS;

export const isPageCardKey = (key: string): key is PageCardKey => Object.hasOwn(PAGE_CARDS, key);

/** The card for a page path (as the site links it); other pages (login, not found) get the site's. */
export function pageCardKey(pathname: string): PageCardKey {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const found = (Object.keys(PAGE_CARDS) as PageCardKey[]).find((k) => PAGE_CARDS[k].path === path);
  return found ?? 'site';
}

/** The card's path; `version` (the data's as-of date, an item's update time) changes the URL when the card would. */
export function pageCardPath(key: PageCardKey, version?: string): string {
  return `/og/${key}.png${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

export function itemCardPath(kind: 'blog' | 'research', slug: string, version?: string): string {
  return `/og/${kind}/${encodeURIComponent(slug)}.png${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

/** The card's alt text: what it says. */
export const cardAlt = (title: string, subtitle?: string) => (subtitle ? `${title}: ${subtitle}` : title);
