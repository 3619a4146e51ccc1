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
 * The light theme: the site's, chosen by a visitor with the header's toggle (the page then carries
 * data-theme="light" on <html>), and an embedded chart's (/embed/...?theme=light, for the pages of
 * others, most of them light). The same keys and contrast rules as the dark theme: `muted` on `bg`
 * is 7.6:1, `accent` 6.7:1, white on `accent` 6.7:1 (tests/unit/design-tokens.test.ts); the grid's
 * `border` stays faint.
 */
export const lightColors = {
  bg: '#ffffff',
  surface: '#f6f8fb',
  'surface-2': '#eaeef4',
  border: '#d9dee7',
  fg: '#111827',
  muted: '#4b5563',
  accent: '#1d4ed8',
  'accent-fg': '#ffffff',
  positive: '#166534',
  negative: '#b91c1c',
  warning: '#92400e',
};

/**
 * The palette as CSS variables (--color-bg, ...): dark on :root, light under data-theme="light".
 * Tailwind's colour utilities read the variables, so one class serves both themes; the hex values
 * above stay the one place a colour is written (charts and images import them).
 */
const themeVariables = (palette) => Object.fromEntries(Object.entries(palette).map(([k, v]) => [`--color-${k}`, v]));
const variableColors = Object.fromEntries(Object.keys(colors).map((k) => [k, `var(--color-${k})`]));

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
      colors: variableColors,
      fontFamily: {
        sans: ['Inter', 'ui-sans-serif', 'system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'sans-serif'],
      },
    },
  },
  plugins: [
    ({ addBase }) =>
      addBase({
        ':root': { ...themeVariables(colors), 'color-scheme': 'dark' },
        ':root[data-theme="light"]': { ...themeVariables(lightColors), 'color-scheme': 'light' },
      }),
  ],
};
