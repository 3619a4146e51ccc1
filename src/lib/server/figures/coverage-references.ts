/**
 * Dated public references for what the tracked assets cover: per reference class and overall,
 * several figures of the whole market, each with its date and source (gathered in
 * shared/data/public-figures.md, served as /sources/public-figures). A published day is compared
 * with the nearest reference dated on or before it (issue 25.4): a figure frozen at one date
 * would let coverage drift upward as the market grows.
 *
 * All on rwa.xyz's "Distributed" basis (tokens transferable on chain) where it has one; the
 * legacy series before December 2025 counted ledger mirrors such as Figure's loans, so it is not
 * used for the RWA classes.
 */

import { classesOfReference } from '#lib/shared/asset-classes.ts';

export interface DatedReference {
  /** YYYY-MM-DD; a month-only report is dated on its first day and marked approximate. */
  date: string;
  /** Dollars. */
  value: number;
  approximate?: boolean;
  /** Who measured it, and where it was reported. */
  name: string;
  url: string;
}

export interface ReferenceClass {
  /** The reference class, as the asset-class table names it (asset-classes.ts `referenceClass`). */
  label: string;
  /** The site's asset classes it covers (bonds: government and corporate together), from the asset-class table. */
  classes: string[];
  refs: DatedReference[];
}

const RWAXYZ = 'rwa.xyz, "Distributed" value';
const IG_2026_01_09 =
  'https://igcurrencynews.com/tokenized-government-bonds-have-soared-125-creating-a-programmable-cash-loop-that-banks-are-scrambling-to-copy';
/** Figures public-figures.md records without an address of their own (the page lists the reports around them). */
const FIGURES_PAGE = '/sources/public-figures';

const REFERENCES: Array<Omit<ReferenceClass, 'classes'>> = [
  {
    label: 'U.S. Treasuries/MMFs',
    refs: [
      {
        date: '2025-03-14',
        value: 4.2e9,
        name: 'rwa.xyz tokenized treasuries, via CoinDesk',
        url: 'https://www.coindesk.club/2025/03/14/tokenized-u-s-treasuries-reach-all-time-high-of-4-2b-as-crypto-market-downturn-spurs-demand/',
      },
      {
        date: '2025-12-16',
        value: 8.99e9,
        name: 'rwa.xyz tokenized treasuries (60 products)',
        url: 'https://bbg-news.com/why-tokenized-treasuries-are-all-the-rage-climbing-to-9b-and-beyond',
      },
      { date: '2026-01-09', value: 8.86e9, name: `${RWAXYZ}, U.S. Treasuries/MMFs`, url: IG_2026_01_09 },
      { date: '2026-04-04', value: 12.98e9, name: 'rwa.xyz tokenized treasuries (Public figures §3d)', url: FIGURES_PAGE },
    ],
  },
  {
    label: 'Commodities',
    refs: [
      { date: '2026-01-09', value: 4e9, approximate: true, name: `${RWAXYZ}, commodities`, url: IG_2026_01_09 },
      {
        date: '2026-01-24',
        value: 5.18e9,
        name: 'tokenized gold market cap (XAUt $2.60B, PAXG $2.02B)',
        url: 'https://commodityblock.com/2026/01/25/tokenized-gold-tokens-xaut-and-paxg-hit-5b-market-cap-on-chain-hedge-outperforms-etfs',
      },
    ],
  },
  {
    label: 'Institutional funds',
    refs: [{ date: '2026-01-09', value: 2.84e9, name: `${RWAXYZ}, institutional funds`, url: IG_2026_01_09 }],
  },
  {
    label: 'Private credit (distributed tokens)',
    refs: [{ date: '2026-01-09', value: 2.32e9, name: `${RWAXYZ}, private credit`, url: IG_2026_01_09 }],
  },
  {
    label: 'Bonds',
    refs: [{ date: '2026-01-09', value: 0.88e9, name: `${RWAXYZ}, bonds`, url: IG_2026_01_09 }],
  },
  {
    label: 'Stocks',
    refs: [
      { date: '2026-01-09', value: 0.8e9, name: `${RWAXYZ}, stocks`, url: IG_2026_01_09 },
      {
        date: '2026-03-01',
        value: 1e9,
        approximate: true,
        name: 'tokenized stocks above $1B on chain (March 2026)',
        url: 'https://www.abcmoney.co.uk/2026/03/tokenized-stocks-milestone-1b-on-chain-as-ondo-dominates/',
      },
    ],
  },
  {
    label: 'Stablecoins',
    refs: [
      {
        date: '2025-12-29',
        value: 298.51e9,
        name: 'rwa.xyz stablecoins (weekly)',
        url: 'https://news.tokenizer.estate/rwa-weekly-december-29-2025',
      },
      { date: '2026-01-09', value: 307.6e9, name: 'rwa.xyz stablecoins', url: IG_2026_01_09 },
    ],
  },
];

export const REFERENCE_CLASSES: ReferenceClass[] = REFERENCES.map((r) => ({ ...r, classes: classesOfReference(r.label) }));

/** All tokenized RWAs except stablecoins, "Distributed" basis (Public figures §3a). */
export const OVERALL_REFS: DatedReference[] = [
  { date: '2025-12-29', value: 19.05e9, name: RWAXYZ, url: 'https://news.tokenizer.estate/rwa-weekly-december-29-2025' },
  { date: '2026-01-09', value: 19.72e9, name: RWAXYZ, url: IG_2026_01_09 },
  { date: '2026-01-28', value: 24.02e9, name: RWAXYZ, url: 'https://websnack.org/articles/real-world-assets-tokenization-onchain' },
  { date: '2026-03-09', value: 26.54e9, name: RWAXYZ, url: 'https://www.av-ki.com/insights/the-flip' },
  { date: '2026-04-04', value: 27.68e9, name: RWAXYZ, url: 'https://rwamk.com/learn/rwa-crypto-meaning' },
];

/** The reference dated nearest on or before `date` (YYYY-MM-DD), or null when every one is later. */
export function referenceOn(refs: readonly DatedReference[], date: string): DatedReference | null {
  let best: DatedReference | null = null;
  for (const r of refs) if (r.date <= date && (!best || r.date > best.date)) best = r;
  return best;
}

/**
 * The overlap of the RWA and stablecoin totals as last reported: Spark (Sky's allocator, behind
 * USDS and DAI) had $2.4B committed to tokenized treasuries (BUIDL, USTB, JTRSY) on 6 May 2025.
 * Shown beside the measured holdings, and alone while they are not measured.
 */
export const OVERLAP_ESTIMATE: DatedReference = {
  date: '2025-05-06',
  value: 2.4e9,
  approximate: true,
  name: "Spark's allocation of Sky's reserves to tokenized treasuries (BUIDL, USTB, JTRSY), committed",
  url: 'https://www.chaincatcher.com/en/article/2180111',
};
