/**
 * Design tokens: the one place a colour lives. Tailwind 4 reads this file through
 * `@config` in src/styles/global.css, and the chart code imports it directly so that
 * charts and CSS never drift apart.
 */

/**
 * The dark theme. Contrast of `muted` on `bg` and `surface` is above WCAG AA (4.5:1). Text on an
 * `accent` fill is dark (`accent-fg`, the page background): white on #4f8cff is only 3.21:1, the
 * dark text 6.2:1 (tests/unit/design-tokens.test.ts checks every pair that carries text).
 */
export const colors = {
  bg: '#0b0f17',
  surface: '#121826',
  'surface-2': '#182033',
  border: '#263049',
  fg: '#e6eaf2',
  muted: '#9aa6bd',
  accent: '#4f8cff',
  'accent-fg': '#0b0f17',
  positive: '#22c55e',
  negative: '#f87171',
  warning: '#fbbf24',
};

/**
 * The light theme of an embedded chart (/embed/...?theme=light), for the pages of others, most of
 * them light. The same contrast rules as the dark theme: `muted` on `bg` is 7.0:1, `accent` 5.2:1.
 */
export const lightColors = {
  bg: '#ffffff',
  fg: '#111827',
  muted: '#4b5563',
  border: '#e5e7eb',
  accent: '#1d4ed8',
  warning: '#92400e',
};

/** Fifteen distinguishable series colours for the network line chart and the pie. */
export const chartPalette = [
  '#4f8cff',
  '#22c55e',
  '#f59e0b',
  '#ef4444',
  '#a855f7',
  '#06b6d4',
  '#ec4899',
  '#84cc16',
  '#f97316',
  '#14b8a6',
  '#eab308',
  '#8b5cf6',
  '#10b981',
  '#f43f5e',
  '#64748b',
];

/** Colours of the stacked 'Total RWA Value' chart, one per asset class of a chart data point. */
export const assetClassColors = {
  privateCredit: '#4f8cff',
  usTreasuryDebt: '#22c55e',
  commodities: '#f59e0b',
  institutionalFunds: '#a855f7',
  stocks: '#ec4899',
  governmentDebt: '#06b6d4',
  managedStrategies: '#84cc16',
  corporateBonds: '#f97316',
  stablecoins: '#64748b',
};

/** @type {import('tailwindcss').Config} */
export default {
  theme: {
    extend: {
      colors,
      fontFamily: {
        sans: ['Inter', 'ui-sans-serif', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
      },
    },
  },
};
