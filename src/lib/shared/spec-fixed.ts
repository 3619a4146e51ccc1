/**
 * The product spec's fixed texts: the figures the spec prints as they are, whatever the data says.
 * They are the only places where two pages may show different values for one fact (the networks
 * page's stablecoin card reads $278.04B where the snapshot's total is $278.14B), so they are listed
 * here, once: the pages show them where the spec puts them, and /sources names each one
 * (SPEC_FIXED_TEXTS). Every other figure comes from the snapshot dataset or a published run.
 */
import type { MetricCardData } from './analytics-types.ts';
import { ASSET_CLASS_TABLE, type ChartColumn } from './asset-classes.ts';

/** The home page's card change labels (spec section 9): none for issuers. */
export const HOME_CARD_CHANGES = {
  totalRWAValue: '+4.13%',
  totalAssetHolders: '+10.71%',
  totalStablecoinValue: '+4.78%',
} as const;

/** The networks page's 30-day change texts and its stablecoin card (spec, Networks). */
export const NETWORKS_CARD_CHANGES = {
  totalRWAValue: '+6.64%',
  totalAssetHolders: '+8.86%',
  totalStablecoinValue: '+6.56%',
} as const;
export const NETWORKS_STABLECOIN_CARD = '$278.04B';

/** The stacked chart's legend values (spec section 9), per chart column. */
export const CHART_LEGEND: Readonly<Record<ChartColumn, string>> = {
  privateCredit: '15.5B',
  usTreasuryDebt: '7.4B',
  commodities: '1.8B',
  institutionalFunds: '1.0B',
  stocks: '350.1M',
  governmentDebt: '320.5M',
  managedStrategies: '48.2M',
  corporateBonds: '16.6M',
  stablecoins: '268.4B',
};

const card = (
  title: string,
  value: string,
  amount: string,
  icon: MetricCardData['icon'],
  change = '',
  period?: string,
): MetricCardData => ({
  title,
  value,
  change,
  changeType: change === '' ? 'neutral' : change.startsWith('-') ? 'negative' : 'positive',
  icon,
  ...(period ? { period } : {}),
  amount,
});

/** The asset-class pages' sample cards and table counts (spec, Stablecoins to Commodities). */
export const CLASS_PAGES = {
  stablecoins: {
    cards: [
      card('Market Cap', '$278.14B', '278140000000', 'chart-line', '+6.56%'),
      card('Monthly Transfer Volume', '$3.33T', '3330000000000', 'bar-chart', '+0.70%'),
      card('Monthly Active Addresses', '29.52M', '29520000', 'users', '-25.58%'),
      card('Holders', '191.15M', '191150000', 'users', '+1.31%'),
    ],
    /** The table header's '62 Total'. */
    total: 62,
  },
  treasuries: {
    cards: [
      card('Total Value', '$7.41B', '7410000000', 'chart-line', '-0.52%', '7d'),
      card('Avg. Yield to Maturity', '4.12%', '4.12', 'bar-chart'),
      card('Total Assets', '49', '49', 'coins'),
      card('Holders', '52,906', '52906', 'users', '+0.08%', '7d'),
    ],
    /** The Treasury Products table's '49 total'. */
    total: 49,
  },
  privateCredit: {
    cards: [
      card('Active Loans Value', '$16.05B', '16050000000', 'chart-line'),
      card('Total Loans Value', '$29.93B', '29930000000', 'bar-chart'),
      card('Current Avg. APR', '9.74%', '9.74', 'coins'),
      card('Total Loans', '2,597', '2597', 'building'),
    ],
    /** The Platforms table's '9 total' and the Pools table's '60 total'. */
    platformsTotal: 9,
    poolsTotal: 60,
  },
  commodities: {
    cards: [
      card('Total Market Value', '$1.89B', '1890000000', 'chart-line', '+2.34%'),
      card('Commodity Products', '24', '24', 'coins'),
      card('Gold Market Share', '78.2%', '78.2', 'bar-chart'),
      card('Active Platforms', '12', '12', 'building'),
    ],
  },
} as const satisfies Record<string, { cards: readonly MetricCardData[]; total?: number; platformsTotal?: number; poolsTotal?: number }>;

/** One fixed text as /sources names it: the page, where on it, and the text. */
export interface FixedText {
  page: string;
  place: string;
  text: string;
}

const cardTexts = (page: string, cards: readonly MetricCardData[]): FixedText[] =>
  cards.map((c) => ({
    page,
    place: `${c.title} card`,
    text: [c.value, c.change && `${c.change}${c.period ? ` ${c.period}` : ''}`].filter(Boolean).join(' '),
  }));

/** Every fixed text of the spec, for /sources and for the tests that let these (and only these) differ. */
export const SPEC_FIXED_TEXTS: readonly FixedText[] = [
  { page: '/', place: 'Total RWA Onchain card change', text: HOME_CARD_CHANGES.totalRWAValue },
  { page: '/', place: 'Total Asset Holders card change', text: HOME_CARD_CHANGES.totalAssetHolders },
  { page: '/', place: 'Total Stablecoin Value card change', text: HOME_CARD_CHANGES.totalStablecoinValue },
  ...ASSET_CLASS_TABLE.map((c) => ({ page: '/', place: `Total RWA Value chart legend, ${c.label}`, text: CHART_LEGEND[c.column] })),
  { page: '/networks', place: 'Total RWA Value card change', text: NETWORKS_CARD_CHANGES.totalRWAValue },
  { page: '/networks', place: 'Total RWA Holders card change', text: NETWORKS_CARD_CHANGES.totalAssetHolders },
  {
    page: '/networks',
    place: 'Total Stablecoin Market Cap card',
    text: `${NETWORKS_STABLECOIN_CARD} ${NETWORKS_CARD_CHANGES.totalStablecoinValue}`,
  },
  ...cardTexts('/stablecoins', CLASS_PAGES.stablecoins.cards),
  { page: '/stablecoins', place: 'Stablecoins table count', text: `${CLASS_PAGES.stablecoins.total} Total` },
  ...cardTexts('/treasuries', CLASS_PAGES.treasuries.cards),
  { page: '/treasuries', place: 'Treasury Products table count', text: `${CLASS_PAGES.treasuries.total} Total` },
  ...cardTexts('/private-credit', CLASS_PAGES.privateCredit.cards),
  { page: '/private-credit', place: 'Platforms table count', text: `${CLASS_PAGES.privateCredit.platformsTotal} Total` },
  { page: '/private-credit', place: 'Pools table count', text: `${CLASS_PAGES.privateCredit.poolsTotal} Total` },
  ...cardTexts('/commodities', CLASS_PAGES.commodities.cards),
];
