/**
 * The asset classes, in one table: the name the registry and the pages use, the stacked chart's
 * column (chart_points, /api/chart-data), the chart's label (the spec's legend, section 9), and how far a NAV may move in a day before it is an alert (src/lib/server/alerts: a Treasury
 * fund's NAV accrues basis points a day, bonds and credit move on a mark-down, gold a few percent
 * on a busy day, a tokenized stock like its stock; null: a stablecoin, watched against its peg).
 * Rows are in the chart's order, bottom layer first. Every class↔column and class↔label mapping is
 * read from here, so a new class is one row (its coverage reference is coverage-references.ts's, per class).
 */
export const ASSET_CLASS_TABLE = [
  {
    name: 'Private Credit',
    column: 'privateCredit',
    label: 'Private Credit',
    navDayBound: 0.02,
  },
  {
    name: 'U.S. Treasuries',
    column: 'usTreasuryDebt',
    label: 'US Treasury Debt',
    navDayBound: 0.01,
  },
  { name: 'Commodities', column: 'commodities', label: 'Commodities', navDayBound: 0.08 },
  {
    name: 'Institutional Funds',
    column: 'institutionalFunds',
    label: 'Institutional Alt. Funds',
    navDayBound: 0.03,
  },
  { name: 'Stocks', column: 'stocks', label: 'Stocks', navDayBound: 0.15 },
  { name: 'Global Bonds', column: 'governmentDebt', label: 'non-US Government Debt', navDayBound: 0.02 },
  {
    name: 'Managed Strategies',
    column: 'managedStrategies',
    label: 'Actively-Managed Strategies',
    navDayBound: 0.05,
  },
  { name: 'Corporate Bonds', column: 'corporateBonds', label: 'Corporate Bonds', navDayBound: 0.02 },
  { name: 'Stablecoins', column: 'stablecoins', label: 'Stablecoins', navDayBound: null },
] as const;

type Row = (typeof ASSET_CLASS_TABLE)[number];
export type AssetClassName = Row['name'];
/** A column of the stacked chart: one per asset class, values in billions of dollars. */
export type ChartColumn = Row['column'];

/** The class names, as the registry accepts them. */
export const ASSET_CLASSES = ASSET_CLASS_TABLE.map((c) => c.name) as [AssetClassName, ...AssetClassName[]];

/** The chart's columns, bottom layer first. */
export const CHART_COLUMNS = ASSET_CLASS_TABLE.map((c) => c.column) as [ChartColumn, ...ChartColumn[]];

const byName = new Map<string, Row>(ASSET_CLASS_TABLE.map((c) => [c.name, c]));

/** The chart column of a class name; undefined for a name that is not a class. */
export const chartColumnOf = (name: string): ChartColumn | undefined => byName.get(name)?.column;

/** The NAV's daily bound of a class (a fraction); undefined for a stablecoin or a name that is not a class. */
export const navDayBoundOf = (name: string): number | undefined => byName.get(name)?.navDayBound ?? undefined;
