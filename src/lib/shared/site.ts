/** Site-wide facts used by the layout, the head and the feeds. */
export const SITE = {
  name: 'RWA Analytics',
  title: 'RWA Analytics — Tokenized Real-World Asset Data',
  description:
    'Market figures, network league tables and research on tokenized real-world assets: treasuries, stablecoins, private credit, commodities and more, measured on public blockchains.',
  tagline: 'The real-world asset analytics platform powered by blockchain transparency.',
} as const;

export interface NavLink {
  label: string;
  href: string;
  /** In the header's Explore row from the sm width up only (a phone's row has room for three beside search); always in the drawer. */
  wide?: boolean;
}

export const ASSET_CLASS_LINKS: NavLink[] = [
  { label: 'Stablecoins', href: '/stablecoins' },
  { label: 'U.S. Treasuries', href: '/treasuries' },
  { label: 'Global Bonds', href: '/global-bonds' },
  { label: 'Private Credit', href: '/private-credit' },
  { label: 'Commodities', href: '/commodities' },
  { label: 'Institutional Funds', href: '/institutional-funds' },
  { label: 'Stocks', href: '/stocks' },
];

/** Header navigation in the spec's order; Asset Classes is the dropdown between Networks and Research. */
export const NAV_BEFORE_DROPDOWN: NavLink[] = [
  { label: 'Market Overview', href: '/' },
  { label: 'Networks', href: '/networks' },
];
export const NAV_AFTER_DROPDOWN: NavLink[] = [
  { label: 'Research', href: '/research' },
  { label: 'Admin', href: '/admin' },
];
/**
 * Beside the spec's navigation, not in it: the open-data indexes, the API docs and the alerts,
 * one click away on every page (the header's second row) and in the phone drawer.
 */
export const EXPLORE_LINKS: NavLink[] = [
  { label: 'Assets', href: '/assets' },
  { label: 'Issuers', href: '/issuers' },
  { label: 'API docs', href: '/docs/api' },
  { label: 'Alerts', href: '/alerts', wide: true },
];
