/**
 * What each asset class is compared with to say how much of the market the tracked assets cover.
 * One fixed, dated figure per class, from a primary source only: the issuer, a fund's filings,
 * rwa.xyz's own pages or DefiLlama's API, each with its basis (what it counts). The figure does not
 * change with the day shown: the page names its date beside the tracked value's.
 *
 * Figures found only in reports that repeat them (news sites, mirror or look-alike domains) are
 * kept as leads, each with why it is not used; a class whose only figures are leads has no
 * reference, and says so. That is every class today: rwa.xyz's own dashboards and DefiLlama's API
 * could not be read when these references were chosen, so no share of the market is computed.
 */
import { ASSET_CLASSES, type AssetClassName } from '#lib/shared/asset-classes.ts';

export interface DatedReference {
  /** YYYY-MM-DD; a month-only report is dated on its first day and marked approximate. */
  date: string;
  /** Dollars. */
  value: number;
  approximate?: boolean;
  /** Who measured it, and where it was published. */
  name: string;
  url: string;
}

/** A figure from a primary source, with what it counts. */
export interface PrimaryReference extends DatedReference {
  basis: string;
}

/** A figure seen only where someone repeated it: a lead to a primary source, never a reference. */
export interface Lead extends DatedReference {
  why: string;
}

export interface ClassReference {
  assetClass: AssetClassName;
  reference: PrimaryReference | null;
  /** Why the class has no reference (null when it has one). */
  none: string | null;
  leads: Lead[];
}

/** What the tracked value of a class counts, so it is compared on the reference's basis. */
export const NUMERATOR_BASIS =
  'gross: each tracked product at its own value on the chains read, a fund that holds another tracked fund counted in full in both (OUSG and the BUIDL it holds), as rwa.xyz and DefiLlama count each product; ledger mirrors ("Represented") are not tracked';

const REPOST = 'a report repeating rwa.xyz’s figure, not rwa.xyz’s own page';
const MIRROR = 'a repost on a mirror or look-alike domain (our public figures page marks it so)';
const NOT_SAME_CLASS = 'counts another set than this class';
const IG_2026_01_09 =
  'https://igcurrencynews.com/tokenized-government-bonds-have-soared-125-creating-a-programmable-cash-loop-that-banks-are-scrambling-to-copy';
const RWAXYZ = 'rwa.xyz, "Distributed" value';

const NO_PRIMARY =
  'no figure from a primary source (the issuer, a fund’s filings, rwa.xyz’s own pages or DefiLlama’s API) was found for this class: the figures found are reposts, listed as leads, so the share of the market it covers is unknown';

const LEADS: Partial<Record<AssetClassName, Lead[]>> = {
  'U.S. Treasuries': [
    {
      date: '2025-03-14',
      value: 4.2e9,
      name: 'rwa.xyz tokenized treasuries, via CoinDesk',
      url: 'https://www.coindesk.club/2025/03/14/tokenized-u-s-treasuries-reach-all-time-high-of-4-2b-as-crypto-market-downturn-spurs-demand/',
      why: MIRROR,
    },
    {
      date: '2025-12-16',
      value: 8.99e9,
      name: 'rwa.xyz tokenized treasuries (60 products)',
      url: 'https://bbg-news.com/why-tokenized-treasuries-are-all-the-rage-climbing-to-9b-and-beyond',
      why: MIRROR,
    },
    { date: '2026-01-09', value: 8.86e9, name: `${RWAXYZ}, U.S. Treasuries/MMFs`, url: IG_2026_01_09, why: REPOST },
    {
      date: '2026-04-04',
      value: 12.98e9,
      name: 'rwa.xyz tokenized treasuries (Public figures, tokenized treasury products)',
      url: '/sources/public-figures',
      why: `${REPOST}; its own source is not named`,
    },
  ],
  Commodities: [
    { date: '2026-01-09', value: 4e9, approximate: true, name: `${RWAXYZ}, commodities`, url: IG_2026_01_09, why: REPOST },
    {
      date: '2026-01-24',
      value: 5.18e9,
      name: 'tokenized gold market cap (XAUt $2.60B, PAXG $2.02B)',
      url: 'https://commodityblock.com/2026/01/25/tokenized-gold-tokens-xaut-and-paxg-hit-5b-market-cap-on-chain-hedge-outperforms-etfs',
      why: `${REPOST}; gold only`,
    },
  ],
  'Institutional Funds': [{ date: '2026-01-09', value: 2.84e9, name: `${RWAXYZ}, institutional funds`, url: IG_2026_01_09, why: REPOST }],
  'Private Credit': [{ date: '2026-01-09', value: 2.32e9, name: `${RWAXYZ}, private credit`, url: IG_2026_01_09, why: REPOST }],
  'Global Bonds': [
    {
      date: '2026-01-09',
      value: 0.88e9,
      name: `${RWAXYZ}, bonds`,
      url: IG_2026_01_09,
      why: `${REPOST}; ${NOT_SAME_CLASS}: all bonds, government and corporate together`,
    },
  ],
  'Corporate Bonds': [
    {
      date: '2026-01-09',
      value: 0.88e9,
      name: `${RWAXYZ}, bonds`,
      url: IG_2026_01_09,
      why: `${REPOST}; ${NOT_SAME_CLASS}: all bonds, and rwa.xyz counts CLO funds such as JAAA under private credit`,
    },
  ],
  Stocks: [
    { date: '2026-01-09', value: 0.8e9, name: `${RWAXYZ}, stocks`, url: IG_2026_01_09, why: REPOST },
    {
      date: '2026-03-01',
      value: 1e9,
      approximate: true,
      name: 'tokenized stocks above $1B on chain (March 2026)',
      url: 'https://www.abcmoney.co.uk/2026/03/tokenized-stocks-milestone-1b-on-chain-as-ondo-dominates/',
      why: REPOST,
    },
  ],
  Stablecoins: [
    {
      date: '2025-12-29',
      value: 298.51e9,
      name: 'rwa.xyz stablecoins (weekly)',
      url: 'https://news.tokenizer.estate/rwa-weekly-december-29-2025',
      why: REPOST,
    },
    { date: '2026-01-09', value: 307.6e9, name: 'rwa.xyz stablecoins', url: IG_2026_01_09, why: REPOST },
  ],
};

/** Primary figures per class, when one is found: none today (see the leads). */
const PRIMARY: Partial<Record<AssetClassName, PrimaryReference>> = {};

const NONE_WHY: Partial<Record<AssetClassName, string>> = {
  'Managed Strategies': 'no public figure for actively-managed strategies as a class was found, not even a repost',
};

export const CLASS_REFERENCES: ClassReference[] = ASSET_CLASSES.map((assetClass) => {
  const reference = PRIMARY[assetClass] ?? null;
  return { assetClass, reference, none: reference ? null : (NONE_WHY[assetClass] ?? NO_PRIMARY), leads: LEADS[assetClass] ?? [] };
});

/** All tokenized RWAs except stablecoins: leads only (rwa.xyz "Distributed", repeated by others). */
export const OVERALL_LEADS: Lead[] = [
  { date: '2025-12-29', value: 19.05e9, name: RWAXYZ, url: 'https://news.tokenizer.estate/rwa-weekly-december-29-2025', why: REPOST },
  { date: '2026-01-09', value: 19.72e9, name: RWAXYZ, url: IG_2026_01_09, why: REPOST },
  {
    date: '2026-01-28',
    value: 24.02e9,
    name: RWAXYZ,
    url: 'https://websnack.org/articles/real-world-assets-tokenization-onchain',
    why: REPOST,
  },
  { date: '2026-03-09', value: 26.54e9, name: RWAXYZ, url: 'https://www.av-ki.com/insights/the-flip', why: REPOST },
  { date: '2026-04-04', value: 27.68e9, name: RWAXYZ, url: 'https://rwamk.com/learn/rwa-crypto-meaning', why: REPOST },
];
export const OVERALL_REFERENCE: PrimaryReference | null = null;

/** A class's reference row (one per class of the asset-class table). */
export const referenceOf = (assetClass: string): ClassReference | undefined => CLASS_REFERENCES.find((r) => r.assetClass === assetClass);

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
