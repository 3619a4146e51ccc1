/**
 * Charts other sites embed (/embed/...): the parameters an embed reads, which page each embed
 * stands for, and the layout of the one SVG it is (the chart with its title, as-of date, origin
 * mark and link back drawn on it, so a copy of the picture still says what it is). Pure.
 */
import { labelWidth } from './charts/frame.ts';
import { seriesChart, wrapText, type SeriesChart, type SeriesInput } from './charts/series-chart.ts';
import { formatCount, formatCurrency, formatDay, formatPercent } from './format.ts';
import { illustrativeLabel, type Origin } from './origin.ts';
import { SITE } from './site.ts';
import { colors, lightColors } from '../../../tailwind.config.mjs';

export const EMBED_THEMES = ['light', 'dark'] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];
export const DEFAULT_EMBED_THEME: EmbedTheme = 'light';
/** Pixel widths an embed is drawn at: a phone's column up to a wide article. */
export const EMBED_WIDTH = { min: 280, max: 1200, default: 640 } as const;

/** The tallest an embed may be asked to be (`?height=`, for an oEmbed consumer's maxheight); the chart shrinks to fit. */
const EMBED_HEIGHT = { min: 120, max: 2000 } as const;

const wholePixels = (value: string | null | undefined, bounds: { min: number; max: number }): number | undefined => {
  if (value == null || !/^\d{1,5}$/.test(value.trim())) return undefined;
  const n = Number(value.trim());
  return n < bounds.min || n > bounds.max ? undefined : n;
};

/** A width as a page reads it: a whole number of pixels within the bounds, else undefined (the default). */
export const readEmbedWidth = (value: string | null | undefined) => wholePixels(value, EMBED_WIDTH);
/** A height bound as a page reads it: within its bounds, else undefined (the chart's own height). */
export const readEmbedHeight = (value: string | null | undefined) => wholePixels(value, EMBED_HEIGHT);

/** What an asset's history embed draws (`?metric=`) and a concentration embed (`?measure=`); the first is the default. */
export const EMBED_ASSET_METRICS = ['market-cap', 'supply', 'holders'] as const;
export const EMBED_MEASURES = ['top10', 'hhi', 'gini'] as const;

export interface EmbedView {
  theme: EmbedTheme;
  width: number;
  /** At most this tall: the chart gives up height to fit (never below its least). */
  height?: number;
}

/** The embed's view from its query; a bad value reads as the default (an embed never fails on its query). */
export function readEmbedView(q: URLSearchParams): EmbedView {
  const theme = q.get('theme')?.trim().toLowerCase();
  return {
    theme: (EMBED_THEMES as readonly string[]).includes(theme ?? '') ? (theme as EmbedTheme) : DEFAULT_EMBED_THEME,
    width: readEmbedWidth(q.get('width')) ?? EMBED_WIDTH.default,
    ...(readEmbedHeight(q.get('height')) === undefined ? {} : { height: readEmbedHeight(q.get('height')) }),
  };
}

/** The embeds, by the path under /embed/ (its segments), and the page each one comes from. */
export type EmbedTarget =
  { kind: 'classes' } | { kind: 'asset'; id: string } | { kind: 'concentration'; id: string } | { kind: 'network'; id: string };

const ID = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** The embed a path under /embed/ names ('classes', 'assets/buidl', ...), or undefined. */
export function embedTarget(rest: string): EmbedTarget | undefined {
  const s = rest.split('/');
  if (s.length === 1 && s[0] === 'classes') return { kind: 'classes' };
  if (s[0] === 'assets' && ID.test(s[1] ?? '')) {
    if (s.length === 2) return { kind: 'asset', id: s[1] };
    if (s.length === 3 && s[2] === 'concentration') return { kind: 'concentration', id: s[1] };
  }
  if (s[0] === 'networks' && s.length === 2 && ID.test(s[1] ?? '')) return { kind: 'network', id: s[1] };
  return undefined;
}

export const embedPath = (t: EmbedTarget): string =>
  t.kind === 'classes'
    ? '/embed/classes'
    : t.kind === 'asset'
      ? `/embed/assets/${t.id}`
      : t.kind === 'concentration'
        ? `/embed/assets/${t.id}/concentration`
        : `/embed/networks/${t.id}`;

/** The page a reader of the embed is sent to (its link back). */
export const embedPagePath = (t: EmbedTarget): string =>
  t.kind === 'classes'
    ? '/'
    : t.kind === 'asset'
      ? `/assets/${t.id}`
      : t.kind === 'concentration'
        ? `/assets/${t.id}#asset-concentration`
        : `/networks/${t.id}`;

/** The page's address as the link back writes it: host and path. */
export const embedLinkText = (origin: string, t: EmbedTarget) => `${new URL(origin).host}${embedPagePath(t).replace(/#.*$/, '')}`;

/**
 * The embed a page's path stands for, for oEmbed: the page of a chart ('/', '/assets/{id}',
 * '/networks/{id}') or an embed's own path.
 */
export function embedForPath(pathname: string): EmbedTarget | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/') return { kind: 'classes' };
  if (path.startsWith('/embed/')) return embedTarget(path.slice('/embed/'.length));
  const m = /^\/(assets|networks)\/([^/]+)$/.exec(path);
  if (!m || !ID.test(m[2])) return undefined;
  return m[1] === 'assets' ? { kind: 'asset', id: m[2] } : { kind: 'network', id: m[2] };
}

/** What an embed's chart shows, as the server reads it through the pages' own loaders. */
export interface EmbedChartData {
  title: string;
  subtitle: string;
  asOf: string;
  origin: Origin;
  /** How the values read: dollars, dollars given in billions, a count, or a percent. */
  unit: 'usd' | 'usd-billions' | 'count' | 'percent';
  stacked: boolean;
  series: SeriesInput[];
  /** Why there is no chart (the figures are not known), in place of the chart. */
  unknown?: string;
}

/** A value as the chart's axis and description write it (dollars by the spec's currency rule, $x.xxB). */
function unitValue(unit: EmbedChartData['unit'], v: number, decimals = 2): string {
  if (unit === 'usd') return formatCurrency(v, decimals);
  if (unit === 'usd-billions') return formatCurrency(v * 1e9, decimals);
  if (unit === 'percent') return formatPercent(v, decimals);
  return formatCount(v, Math.abs(v) >= 1e3 ? 1 : 0);
}

/** The origin mark's words: the mark first (Live, Snapshot, Illustrative), then what it means. */
function originMark(origin: Origin, asOf: string): string {
  if (origin === 'illustrative') return illustrativeLabel(asOf);
  if (origin === 'snapshot') return `Snapshot: dated public figures of ${formatDay(asOf)}`;
  return 'Live: read on-chain by the published ingest run';
}

/** The origin of a chart drawn from points of these origins: any illustrative point makes it illustrative. */
export function chartOrigin(origins: Iterable<Origin | undefined>, fallback: Origin): Origin {
  let seen: Origin | undefined;
  for (const o of origins) {
    if (o === 'illustrative') return 'illustrative';
    if (o === 'snapshot' || seen === undefined) seen = o ?? seen;
  }
  return seen ?? fallback;
}

export interface EmbedPalette {
  bg: string;
  fg: string;
  muted: string;
  border: string;
  accent: string;
  warning: string;
}
export const EMBED_PALETTES: Record<EmbedTheme, EmbedPalette> = {
  dark: { bg: colors.bg, fg: colors.fg, muted: colors.muted, border: colors.border, accent: colors.accent, warning: colors.warning },
  light: lightColors,
};

export interface TextLine {
  x: number;
  y: number;
  text: string;
  size: number;
  weight?: number;
}

export interface EmbedLayout {
  width: number;
  height: number;
  title: TextLine[];
  subtitle: TextLine[];
  mark: TextLine[];
  /** The chart, moved down by `top`; absent when the figures are unknown (then `unknown` says why). */
  chart?: SeriesChart & { top: number };
  unknown?: TextLine[];
  legend: { x: number; y: number; color: string; dash: string; label: string }[];
  link: TextLine[];
  /** One sentence for screen readers and search: what, when, how much, from where. */
  description: string;
}

const PAD = 12;
const TITLE_PX = 15;
const TEXT_PX = 12;
const LINE = 1.45;

/** The chart's height for a width: wide charts are flatter, a phone's a little taller than half. */
const chartHeight = (width: number) => Math.max(150, Math.min(360, Math.round(width * 0.42)));

/** The least height of a chart: below it the axes would leave no room to draw in. */
const MIN_CHART_HEIGHT = 90;

/**
 * Where everything of an embed goes at `width` px; `linkText` is the page's address as the link
 * shows it. Given `maxHeight`, the chart gives up what it takes to fit, down to its least height.
 */
export function embedLayout(data: EmbedChartData, width: number, linkText: string, maxHeight?: number): EmbedLayout {
  const natural = layoutAt(data, width, linkText, chartHeight(width));
  if (maxHeight === undefined || natural.height <= maxHeight || !natural.chart) return natural;
  return layoutAt(data, width, linkText, Math.max(MIN_CHART_HEIGHT, chartHeight(width) - (natural.height - maxHeight)));
}

function layoutAt(data: EmbedChartData, width: number, linkText: string, h: number): EmbedLayout {
  const inner = width - PAD * 2;
  let y = PAD;
  const block = (text: string, size: number, weight?: number): TextLine[] =>
    wrapText(text, inner, (t) => labelWidth(t, size)).map((line) => {
      y += size * LINE;
      return { x: PAD, y: Math.round(y - size * 0.35), text: line, size, weight };
    });
  const title = block(data.title, TITLE_PX, 600);
  const subtitle = block(data.subtitle, TEXT_PX);
  const mark = block(`Data as of ${formatDay(data.asOf)} · ${originMark(data.origin, data.asOf)}`, TEXT_PX);
  y += 8;
  let chart: EmbedLayout['chart'];
  let unknown: TextLine[] | undefined;
  const drawn = data.series.filter((s) => s.points.some((p) => Number.isFinite(p.value)));
  if (data.unknown || drawn.length === 0) {
    y += 16;
    unknown = block(data.unknown ?? 'Unknown: no figure in this range.', TEXT_PX + 1);
    y += 16;
  } else {
    const shape = seriesChart({
      width: width - PAD,
      height: h,
      series: data.series,
      yLabel: (v) => unitValue(data.unit, v),
      stacked: data.stacked,
      fromZero: data.unit !== 'percent' || data.stacked ? undefined : true,
    });
    chart = { ...shape, top: y };
    y += h;
  }
  // A legend when more than one series is drawn: swatch and name, as many to a row as fit.
  const legend: EmbedLayout['legend'] = [];
  if (chart && data.series.length > 1) {
    y += 6;
    let x = PAD;
    let row = y + TEXT_PX;
    for (const s of [...data.series].reverse()) {
      const w = 16 + labelWidth(s.label, TEXT_PX) + 14;
      if (x > PAD && x + w > width - PAD) {
        x = PAD;
        row += TEXT_PX * LINE;
      }
      legend.push({ x, y: row, color: s.color, dash: s.dash ?? '', label: s.label });
      x += w;
    }
    y = row + 4;
  }
  y += 4;
  const link = block(`${SITE.name}: ${linkText}`, TEXT_PX);
  const height = Math.ceil(y + PAD - 2);
  return { width, height, title, subtitle, mark, chart, unknown, legend, link, description: describe(data, linkText) };
}

function describe(data: EmbedChartData, linkText: string): string {
  const when = `Data as of ${formatDay(data.asOf)}; ${originMark(data.origin, data.asOf)}. From ${SITE.name}, ${linkText}.`;
  const drawn = data.series.filter((s) => s.points.length > 0);
  if (data.unknown || drawn.length === 0) return `${data.title}. ${data.subtitle}. ${data.unknown ?? 'No figure in this range.'} ${when}`;
  const first = drawn.map((s) => s.points[0].date).sort()[0];
  const lastDate = drawn
    .map((s) => s.points[s.points.length - 1].date)
    .sort()
    .at(-1)!;
  const lasts = (data.stacked ? drawn.slice(-1) : drawn).map((s) => {
    const p = s.points[s.points.length - 1];
    return `${data.stacked ? 'total' : s.label} ${unitValue(data.unit, p.value, 2)} on ${formatDay(p.date)}`;
  });
  return `${data.title}. ${data.subtitle}, from ${formatDay(first)} to ${formatDay(lastDate)}: ${lasts.join('; ')}. ${when}`;
}

/** The width an oEmbed consumer gets: the default, or less to fit its maxwidth (never below the narrowest drawing). */
export const oembedWidth = (maxwidth?: number): number =>
  Math.max(EMBED_WIDTH.min, Math.min(EMBED_WIDTH.default, maxwidth ?? EMBED_WIDTH.default));

/** An attribute value in HTML written by hand (the oEmbed html): nothing in it may end the attribute. */
const attr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The iframe a consumer pastes: sized to the chart, sandboxed (no script, no form, no same-origin
 * access) but for the link back, which opens a new tab outside the sandbox.
 */
export const embedIframe = (src: string, title: string, width: number, height: number) =>
  `<iframe src="${attr(src)}" width="${width}" height="${height}" title="${attr(title)}" style="border:0;max-width:100%" loading="lazy" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="strict-origin-when-cross-origin"></iframe>`;
