/**
 * Regenerates the analytics snapshot in content/data from the public figures collected in
 * content/data/public-figures.md (anchors below) plus deterministic, seeded synthetic detail
 * (monthly wiggles, individual transfers). Run: `node scripts/data/generate.ts`.
 *
 * The products (products.json) and the loan book (private-credit.json) are curated by hand and
 * not touched here. See content/data/SOURCES.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = resolve(ROOT, 'content/data');
const ICONS = resolve(ROOT, 'public/icons/networks');

export const AS_OF = '2025-09-12';
const MONTHS = 24; // full months before the as-of month; the series has MONTHS + 1 points

/** mulberry32: small, fast, deterministic. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(20250912);
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

// --- Networks ------------------------------------------------------------------------------
// Values on 12 Sep 2025 on the legacy (pre-Oct-2025) basis, summing to the $29.02B headline.
// Split follows the Jun 2025 legacy shares (ZKsync $2.25B via Tradable, Stellar ~$0.5B, Solana
// ~$0.35B, Ethereum the largest public chain) and the late-2025 DefiLlama chain ranking; Figure's
// ledger-mirrored loans sit on Provenance. `start` = value 24 months earlier as a share of today,
// `launch` = first month with data (index), for chains that came later.
interface NetworkDef {
  id: string;
  name: string;
  initials: string;
  color: string;
  rwaCount: number;
  value: number; // $ on the as-of date
  start: number;
  launch?: number;
  holders: number;
  stable: number; // stablecoin market cap, $
  stableHolders: number;
  active: number; // monthly active addresses
  volume: number; // monthly transfer volume, $
}
const N: NetworkDef[] = [
  {
    id: 'provenance',
    name: 'Provenance',
    initials: 'PV',
    color: '#5a3bd6',
    rwaCount: 18,
    value: 11.05e9,
    start: 0.42,
    holders: 1_900,
    stable: 0.05e9,
    stableHolders: 1_200,
    active: 14_000,
    volume: 3.1e9,
  },
  {
    id: 'ethereum',
    name: 'Ethereum',
    initials: 'ET',
    color: '#627eea',
    rwaCount: 335,
    value: 10.2e9,
    start: 0.3,
    holders: 146_200,
    stable: 151.2e9,
    stableHolders: 6_950_000,
    active: 8_400_000,
    volume: 1.18e12,
  },
  {
    id: 'zksync-era',
    name: 'ZKsync Era',
    initials: 'ZK',
    color: '#8c8dfc',
    rwaCount: 14,
    value: 2.3e9,
    start: 0.05,
    holders: 3_100,
    stable: 0.21e9,
    stableHolders: 310_000,
    active: 420_000,
    volume: 6.2e9,
  },
  {
    id: 'polygon',
    name: 'Polygon',
    initials: 'PO',
    color: '#8247e5',
    rwaCount: 71,
    value: 1.25e9,
    start: 0.35,
    holders: 41_500,
    stable: 2.9e9,
    stableHolders: 12_800_000,
    active: 3_100_000,
    volume: 41e9,
  },
  {
    id: 'avalanche',
    name: 'Avalanche',
    initials: 'AV',
    color: '#e84142',
    rwaCount: 58,
    value: 0.82e9,
    start: 0.4,
    holders: 12_400,
    stable: 1.9e9,
    stableHolders: 1_450_000,
    active: 1_050_000,
    volume: 24e9,
  },
  {
    id: 'bnb-chain',
    name: 'BNB Chain',
    initials: 'BN',
    color: '#f3ba2f',
    rwaCount: 44,
    value: 0.75e9,
    start: 0.12,
    holders: 28_900,
    stable: 10.8e9,
    stableHolders: 41_200_000,
    active: 6_900_000,
    volume: 410e9,
  },
  {
    id: 'solana',
    name: 'Solana',
    initials: 'SO',
    color: '#14f195',
    rwaCount: 162,
    value: 0.55e9,
    start: 0.12,
    holders: 78_400,
    stable: 11.9e9,
    stableHolders: 4_300_000,
    active: 4_800_000,
    volume: 280e9,
  },
  {
    id: 'aptos',
    name: 'Aptos',
    initials: 'AP',
    color: '#2ed8a7',
    rwaCount: 23,
    value: 0.55e9,
    start: 0.02,
    holders: 9_700,
    stable: 1.1e9,
    stableHolders: 1_250_000,
    active: 520_000,
    volume: 9.8e9,
  },
  {
    id: 'stellar',
    name: 'Stellar',
    initials: 'XL',
    color: '#7d00ff',
    rwaCount: 31,
    value: 0.52e9,
    start: 0.55,
    holders: 23_600,
    stable: 0.22e9,
    stableHolders: 650_000,
    active: 190_000,
    volume: 3.9e9,
  },
  {
    id: 'arbitrum',
    name: 'Arbitrum',
    initials: 'AR',
    color: '#28a0f0',
    rwaCount: 49,
    value: 0.42e9,
    start: 0.2,
    holders: 14_800,
    stable: 4.9e9,
    stableHolders: 2_900_000,
    active: 1_500_000,
    volume: 95e9,
  },
  {
    id: 'plume',
    name: 'Plume',
    initials: 'PL',
    color: '#ff3d00',
    rwaCount: 46,
    value: 0.22e9,
    start: 0.3,
    launch: 20,
    holders: 9_300,
    stable: 0.09e9,
    stableHolders: 95_000,
    active: 160_000,
    volume: 1.1e9,
  },
  {
    id: 'base',
    name: 'Base',
    initials: 'BA',
    color: '#0052ff',
    rwaCount: 27,
    value: 0.18e9,
    start: 0.05,
    launch: 1,
    holders: 6_700,
    stable: 4.2e9,
    stableHolders: 6_700_000,
    active: 4_600_000,
    volume: 215e9,
  },
  {
    id: 'xdc',
    name: 'XDC Network',
    initials: 'XD',
    color: '#2a6df5',
    rwaCount: 12,
    value: 0.06e9,
    start: 0.3,
    holders: 2_100,
    stable: 0.03e9,
    stableHolders: 40_000,
    active: 55_000,
    volume: 0.4e9,
  },
  {
    id: 'sei',
    name: 'Sei',
    initials: 'SE',
    color: '#9e1f19',
    rwaCount: 9,
    value: 0.06e9,
    start: 0.1,
    launch: 10,
    holders: 1_800,
    stable: 0.19e9,
    stableHolders: 520_000,
    active: 610_000,
    volume: 3.2e9,
  },
  {
    id: 'mantra',
    name: 'Mantra',
    initials: 'OM',
    color: '#fb5a9b',
    rwaCount: 7,
    value: 0.05e9,
    start: 0.1,
    launch: 17,
    holders: 2_400,
    stable: 0.01e9,
    stableHolders: 21_000,
    active: 36_000,
    volume: 0.15e9,
  },
  {
    id: 'celo',
    name: 'Celo',
    initials: 'CE',
    color: '#35d07f',
    rwaCount: 8,
    value: 0.02e9,
    start: 0.6,
    holders: 1_900,
    stable: 0.14e9,
    stableHolders: 9_300_000,
    active: 2_300_000,
    volume: 4.4e9,
  },
  {
    id: 'tron',
    name: 'TRON',
    initials: 'TR',
    color: '#eb0029',
    rwaCount: 6,
    value: 0.02e9,
    start: 0.5,
    holders: 800,
    stable: 80.9e9,
    stableHolders: 67_500_000,
    active: 1_550_000,
    volume: 760e9,
  },
];

// --- Dates -----------------------------------------------------------------------------------
/** Month ends from MONTHS months before the as-of month, then the as-of date itself. */
function seriesDates(): string[] {
  const asOf = new Date(AS_OF + 'T00:00:00Z');
  const dates: string[] = [];
  for (let m = MONTHS; m >= 1; m--) {
    const end = new Date(Date.UTC(asOf.getUTCFullYear(), asOf.getUTCMonth() - m + 1, 0));
    dates.push(end.toISOString().slice(0, 10));
  }
  dates.push(AS_OF);
  return dates;
}
const DATES = seriesDates();
const LAST = DATES.length - 1;

/** Compound growth from start*final to final, with a seeded monthly wiggle; exact on the last point. */
function curve(final: number, start: number, wiggle: number, launch = 0): number[] {
  return DATES.map((_, i) => {
    if (i < launch) return 0;
    if (i === LAST) return final;
    const t = (i - launch) / (LAST - launch);
    const base = final * start ** (1 - t);
    return base * (1 + (rand() * 2 - 1) * wiggle);
  });
}

const METRICS = {
  'tokenized-asset-value': { key: 'value', start: (n: NetworkDef) => n.start, wiggle: 0.035, digits: 0 },
  'rwa-holders': { key: 'holders', start: (n: NetworkDef) => Math.min(0.9, n.start + 0.1), wiggle: 0.02, digits: 0 },
  'stablecoin-market-caps': { key: 'stable', start: () => 0.62, wiggle: 0.02, digits: 0 },
  'stablecoin-holders': { key: 'stableHolders', start: () => 0.6, wiggle: 0.02, digits: 0 },
  'active-addresses': { key: 'active', start: () => 0.7, wiggle: 0.12, digits: 0 },
  'transfer-volume': { key: 'volume', start: () => 0.45, wiggle: 0.1, digits: 0 },
} as const;

const series: Record<string, Record<string, number[]>> = {};
for (const [metric, def] of Object.entries(METRICS)) {
  series[metric] = {};
  for (const n of N) {
    const final = n[def.key as keyof NetworkDef] as number;
    series[metric][n.name] = curve(final, def.start(n), def.wiggle, n.launch ?? 0).map((v) => Math.round(v));
  }
}

const totalValue = N.reduce((s, n) => s + n.value, 0);
const networks = N.map((n) => {
  const values = series['tokenized-asset-value'][n.name];
  // 30-day change: against the value one month before the as-of date.
  const prev = values[LAST - 1];
  return {
    id: n.id,
    name: n.name,
    iconUrl: `/icons/networks/${n.id}.svg`,
    rwaCount: n.rwaCount,
    totalValue: n.value,
    marketShare: round((n.value / totalValue) * 100, 2),
    change30d: prev > 0 ? round(((n.value - prev) / prev) * 100, 2) : 0,
  };
}).sort((a, b) => b.totalValue - a.totalValue);

// --- Icons -------------------------------------------------------------------------------------
mkdirSync(ICONS, { recursive: true });
for (const n of N) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32" role="img" aria-label="${n.name}"><circle cx="16" cy="16" r="16" fill="${n.color}"/><text x="16" y="20.5" text-anchor="middle" font-family="Inter,Arial,sans-serif" font-size="12" font-weight="700" fill="#fff">${n.initials}</text></svg>\n`;
  writeFileSync(resolve(ICONS, `${n.id}.svg`), svg);
}

// --- Stacked chart: asset-class totals in $B ---------------------------------------------------
// Anchors (legacy basis): private credit $9.75B active end-2024 -> $16.05B on the as-of date;
// treasuries $0.85B end-2023, $2.2B Sep 2024, $4.2B Mar 2025 -> $7.41B; commodities -> $1.89B
// (the spec's commodities card); stablecoins $192.78B Dec 2024 -> $278.14B. The remaining
// classes are small and follow the same growth shape, ending where the overview total is $29.02B.
const CLASS_FINAL = {
  privateCredit: 16.05,
  usTreasuryDebt: 7.41,
  commodities: 1.89,
  institutionalFunds: 2.93,
  stocks: 0.3501,
  governmentDebt: 0.3205,
  managedStrategies: 0.0482,
  corporateBonds: 0.0166,
  stablecoins: 278.14,
};
const CLASS_START: Record<keyof typeof CLASS_FINAL, number> = {
  privateCredit: 0.3,
  usTreasuryDebt: 0.1,
  commodities: 0.55,
  institutionalFunds: 0.15,
  stocks: 0.05,
  governmentDebt: 0.2,
  managedStrategies: 0.3,
  corporateBonds: 0.5,
  stablecoins: 0.44,
};
const classSeries = Object.fromEntries(
  Object.entries(CLASS_FINAL).map(([k, v]) => [k, curve(v, CLASS_START[k as keyof typeof CLASS_FINAL], 0.025)]),
) as Record<keyof typeof CLASS_FINAL, number[]>;
const chartData = DATES.map((date, i) => ({
  date,
  ...Object.fromEntries(Object.keys(CLASS_FINAL).map((k) => [k, round(classSeries[k as keyof typeof CLASS_FINAL][i], 4)])),
}));

// --- Assets ------------------------------------------------------------------------------------
// The products and their figures live in products.json alone (curated by hand, like the class
// pages' loan book). Their 7-day changes were drawn here once; the 20 draws are kept so that the
// transfers below, drawn from the same sequence, stay as they were.
for (let i = 0; i < 20; i++) rand();

// --- Transfers ---------------------------------------------------------------------------------
// 120 days before and including the as-of date; amounts drawn log-uniformly inside one of the four
// ranges of the home table, the larger ranges rarer, assets weighted to what actually moves.
const TRANSFER_DAYS = 120;
const PER_DAY = 24;
const RANGES: Array<[number, number, number]> = [
  [50, 100_000, 0.4],
  [100_000, 1_000_000, 0.3],
  [1_000_000, 10_000_000, 0.2],
  [10_000_000, 250_000_000, 0.1],
];
const MOVERS: Array<[string, number, string[]]> = [
  ['USDT', 0.34, ['Ethereum', 'TRON', 'BNB Chain', 'Solana', 'Arbitrum', 'Polygon', 'Avalanche']],
  ['USDC', 0.26, ['Ethereum', 'Solana', 'Base', 'Arbitrum', 'Polygon', 'Avalanche', 'Stellar']],
  ['BUIDL', 0.07, ['Ethereum', 'Polygon', 'Avalanche', 'Solana', 'Arbitrum', 'Aptos']],
  ['USDe', 0.06, ['Ethereum', 'Arbitrum', 'Base']],
  ['BENJI', 0.04, ['Stellar', 'Polygon', 'Avalanche', 'Arbitrum', 'Base']],
  ['USDY', 0.04, ['Ethereum', 'Solana', 'Sei', 'Aptos']],
  ['OUSG', 0.03, ['Ethereum', 'Solana', 'Polygon']],
  ['USYC', 0.03, ['Ethereum', 'BNB Chain', 'Solana']],
  ['WTGXX', 0.02, ['Ethereum', 'Stellar', 'Arbitrum']],
  ['USTB', 0.02, ['Ethereum', 'Plume']],
  ['PAXG', 0.03, ['Ethereum']],
  ['XAUT', 0.03, ['Ethereum', 'TRON']],
  ['syrupUSDC', 0.02, ['Ethereum', 'Solana']],
  ['PYUSD', 0.01, ['Ethereum', 'Solana']],
];
const pickWeighted = <T extends unknown[]>(items: T[], weightAt: number): T => {
  let r = rand() * items.reduce((s, it) => s + (it[weightAt] as number), 0);
  for (const it of items) if ((r -= it[weightAt] as number) < 0) return it;
  return items[items.length - 1];
};
const transfers: Array<[number, string, number, string, string]> = [];
const asOfMs = Date.parse(AS_OF + 'T00:00:00Z');
let id = 1;
for (let d = TRANSFER_DAYS - 1; d >= 0; d--) {
  const dayStart = asOfMs - d * 86_400_000;
  const rows = Array.from({ length: PER_DAY }, () => {
    const [lo, hi] = pickWeighted(RANGES, 2);
    const amount = round(Math.exp(Math.log(lo) + rand() * (Math.log(hi) - Math.log(lo))), 2);
    const [symbol, , chains] = pickWeighted(MOVERS, 1);
    const network = chains[Math.floor(rand() * chains.length)];
    const at = new Date(dayStart + Math.floor(rand() * 86_400) * 1000).toISOString().replace('.000Z', 'Z');
    return [symbol, Math.max(lo, amount), at, network] as const;
  }).sort((a, b) => a[2].localeCompare(b[2]));
  for (const [symbol, amount, at, network] of rows) transfers.push([id++, symbol, amount, at, network]);
}

// --- Market overview ---------------------------------------------------------------------------
const overview = {
  asOf: AS_OF,
  totalRWAValue: String(Math.round(totalValue)),
  totalAssetHolders: 385_300,
  totalRWAHolders: 385_300,
  totalAssetIssuers: 231,
  totalStablecoinValue: String(278.14e9),
  // What each total counts, shown beside it: the snapshot's are the whole market's, not our list's.
  basis: {
    totalRWAValue: 'the whole market on 12 Sep 2025 (PANews), a dated public figure',
    totalStablecoinValue: 'the whole market on 12 Sep 2025 (Public figures), a dated public figure',
  },
};

// --- Write ---------------------------------------------------------------------------------------
mkdirSync(OUT, { recursive: true });
const write = (name: string, data: unknown, compactRows = false) => {
  const text =
    compactRows && Array.isArray(data)
      ? '[\n' + data.map((r) => '  ' + JSON.stringify(r)).join(',\n') + '\n]\n'
      : JSON.stringify(data, null, 2) + '\n';
  writeFileSync(resolve(OUT, name), text);
};
write('networks.json', networks);
write('network-series.json', { asOf: AS_OF, dates: DATES, metrics: series });
write('chart-data.json', chartData, true);
writeFileSync(
  resolve(OUT, 'transfers.json'),
  `{\n  "asOf": "${AS_OF}",\n  "columns": ["id", "assetSymbol", "usdAmount", "date", "network"],\n  "rows": [\n` +
    transfers.map((r) => '    ' + JSON.stringify(r)).join(',\n') +
    '\n  ]\n}\n',
);
write('market-overview.json', overview);
console.log(
  `content/data: ${networks.length} networks, ${DATES.length} monthly points, ${transfers.length} transfers, total RWA $${(totalValue / 1e9).toFixed(2)}B`,
);
