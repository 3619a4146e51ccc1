/**
 * The asset classes, in one table: the name the registry and the pages use, the stacked chart's
 * column (chart_points, /api/chart-data), the chart's label (the spec's legend, section 9) and the
 * coverage reference class it is compared with (coverage-references.ts; null: no public figure).
 * Rows are in the chart's order, bottom layer first. Every class↔column, class↔label and
 * class↔reference mapping is read from here, so a new class is one row.
 */
export const ASSET_CLASS_TABLE = [
  { name: 'Private Credit', column: 'privateCredit', label: 'Private Credit', referenceClass: 'Private credit (distributed tokens)' },
  { name: 'U.S. Treasuries', column: 'usTreasuryDebt', label: 'US Treasury Debt', referenceClass: 'U.S. Treasuries/MMFs' },
  { name: 'Commodities', column: 'commodities', label: 'Commodities', referenceClass: 'Commodities' },
  { name: 'Institutional Funds', column: 'institutionalFunds', label: 'Institutional Alt. Funds', referenceClass: 'Institutional funds' },
  { name: 'Stocks', column: 'stocks', label: 'Stocks', referenceClass: 'Stocks' },
  { name: 'Global Bonds', column: 'governmentDebt', label: 'non-US Government Debt', referenceClass: 'Bonds' },
  { name: 'Managed Strategies', column: 'managedStrategies', label: 'Actively-Managed Strategies', referenceClass: null },
  { name: 'Corporate Bonds', column: 'corporateBonds', label: 'Corporate Bonds', referenceClass: 'Bonds' },
  { name: 'Stablecoins', column: 'stablecoins', label: 'Stablecoins', referenceClass: 'Stablecoins' },
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

/** The class names compared with a reference class (coverage). */
export const classesOfReference = (referenceClass: string): AssetClassName[] =>
  ASSET_CLASS_TABLE.filter((c) => c.referenceClass === referenceClass).map((c) => c.name);
