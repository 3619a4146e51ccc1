/**
 * Every kind of page the site serves, for the validators (html-validate on the server HTML, axe in
 * Chromium) and the structured-data checks: one of each template, signed out and, for the admin
 * area, signed in. Paths use the starter content every test server is seeded with.
 */
export interface PageKind {
  name: string;
  path: string;
  status: number;
  /** Needs the admin session (the /admin area). */
  signedIn?: boolean;
  /** Listed in the sitemap and given og:image and BreadcrumbList. */
  public?: boolean;
}

export const RESEARCH_SLUG = 'state-of-tokenized-treasuries-2025';
export const BLOG_SLUG = 'welcome-to-rwa-analytics';

export const PAGE_KINDS: PageKind[] = [
  { name: 'home', path: '/', status: 200, public: true },
  { name: 'networks', path: '/networks', status: 200, public: true },
  { name: 'stablecoins', path: '/stablecoins', status: 200, public: true },
  { name: 'treasuries', path: '/treasuries', status: 200, public: true },
  { name: 'private-credit', path: '/private-credit', status: 200, public: true },
  { name: 'commodities', path: '/commodities', status: 200, public: true },
  { name: 'coming-soon', path: '/global-bonds', status: 200, public: true },
  { name: 'sources', path: '/sources', status: 200, public: true },
  { name: 'public-figures', path: '/sources/public-figures', status: 200, public: true },
  { name: 'research-list', path: '/research', status: 200, public: true },
  { name: 'research-article', path: `/research/${RESEARCH_SLUG}`, status: 200, public: true },
  { name: 'blog-list', path: '/blog', status: 200, public: true },
  { name: 'blog-post', path: `/blog/${BLOG_SLUG}`, status: 200, public: true },
  { name: 'author', path: '/authors/rwa-research-team', status: 200, public: true },
  { name: 'asset', path: '/assets/buidl', status: 200, public: true },
  { name: 'assets', path: '/assets', status: 200, public: true },
  // Before any run the receipt says there is none yet (the live receipt is checked in tests/api-own/receipts-suite.ts).
  { name: 'receipt', path: '/assets/buidl/receipt', status: 200 },
  { name: 'corrections', path: '/corrections', status: 200, public: true },
  // A view in the query: header links with aria-sort, the filter form with choices made.
  { name: 'assets-sorted', path: '/assets?sort=name&dir=asc&chain=ethereum', status: 200 },
  { name: 'network', path: '/networks/ethereum', status: 200, public: true },
  { name: 'issuers', path: '/issuers', status: 200, public: true },
  { name: 'issuers-filtered', path: '/issuers?sort=assets&dir=desc&class=stablecoins', status: 200 },
  { name: 'issuer', path: '/issuers/ondo', status: 200, public: true },
  { name: 'api-docs', path: '/docs/api', status: 200, public: true },
  { name: 'mcp-docs', path: '/docs/mcp', status: 200, public: true },
  { name: 'search', path: '/search?q=treasury', status: 200 },
  { name: 'search-empty', path: '/search?q=zzqqxx', status: 200 },
  { name: 'login', path: '/login', status: 200 },
  { name: 'login-error', path: '/login?error=invalid&redirect=%2Fadmin', status: 200 },
  { name: 'not-found', path: '/no-such-page', status: 404 },
  { name: 'article-not-found', path: '/research/no-such-article', status: 404 },
  { name: 'admin', path: '/admin', status: 200, signedIn: true },
  { name: 'admin-seo', path: '/admin/seo', status: 200, signedIn: true },
  // Before any run there is no event: the list says so (a live alert page is checked in tests/api-own/alerts.test.ts).
  { name: 'alerts', path: '/alerts', status: 200 },
  { name: 'admin-settings', path: '/admin/settings', status: 200, signedIn: true },
];
