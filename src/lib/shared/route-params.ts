/**
 * The query parameters each route reads, and the one form of a query that names a view.
 *
 * A page is cached per query (src/lib/server/cache/response-cache.ts). Were the key the query as sent,
 * every unknown, repeated or case-variant parameter would be a render of its own and an entry that
 * pushes a hot page out. So a route declares here what it reads, and the key keeps only that: each
 * declared parameter once (its first value, as URLSearchParams.get reads it), in one order (by name),
 * a default or an unusable value dropped, and a value folded where its case does not matter. The
 * middleware hands the route that same canonical query before it renders, so a render can depend on
 * nothing the key leaves out. A route that declares nothing sees no query at all on a shared render.
 *
 * Joining the registry is one line: the route's pattern (as its file under src/pages names it) and its
 * parameters, from the helpers below.
 */
import { NETWORK_METRICS } from './analytics-types.ts';
import { AMOUNT_RANGES, DEFAULT_PERIOD, DEFAULT_RANGE as DEFAULT_AMOUNT_RANGE, TRANSFER_PERIODS } from './transfers.ts';
import { DEFAULT_HOME_VIEW, DEFAULT_NETWORKS_VIEW, LEAGUE_TABS } from './view-state.ts';
import { DEFAULT_RANGE, RANGES } from './open-data/range.ts';
import { queryName, readFilterValue, readSort, type TableSpec } from './table-view.ts';
import { ASSET_LIST, ISSUER_ASSETS, ISSUER_LIST, NETWORK_ASSETS, NETWORK_TABLE } from './open-data/list-views.ts';
import {
  COMMODITY_TABLE,
  CREDIT_PLATFORMS,
  CREDIT_POOLS,
  STABLECOIN_TABLE,
  TREASURY_ENTITIES,
  TREASURY_PRODUCTS,
} from './open-data/class-tables.ts';
import { normalizeQuery } from './search.ts';
import { ALERT_FILTER_ID, ALERT_FILTER_KEYS } from './alert-filter.ts';
import {
  DEFAULT_EMBED_THEME,
  EMBED_ASSET_METRICS,
  EMBED_MEASURES,
  EMBED_THEMES,
  EMBED_WIDTH,
  readEmbedHeight,
  readEmbedWidth,
} from './embed.ts';
import { COMPARE_SCALES, DEFAULT_SCALE, normaliseAssets } from './compare.ts';

type Pair = [string, string];

/**
 * One declared parameter (or a group read together): the names it reads (what a CDN keys on:
 * query-vary.ts queryVary), and its canonical pairs from a query, none when it says nothing.
 */
export interface Param {
  readonly names: readonly string[];
  readonly read: (q: URLSearchParams) => Pair[];
  /** A table's sort and filters: a view of rows the page reads whatever the view (see hasTableViews). */
  readonly table?: true;
}
const param = (names: readonly string[], read: Param['read']): Param => ({ names, read });

/**
 * One of a fixed set of values, whatever its case (`league=ISSUERS` is `league=issuers`); the default
 * and anything unknown are dropped, as the page reads them as the default.
 */
const oneOf = (name: string, values: readonly (string | number)[], fallback: string | number): Param =>
  param([name], (q) => {
    const asked = q.get(name)?.trim().toLowerCase();
    const found = values.find((v) => String(v).toLowerCase() === asked);
    return found === undefined || found === fallback ? [] : [[name, String(found)]];
  });

/** A switch: on is `1`, anything else is off (the default). */
const flag = (name: string): Param => param([name], (q) => (q.get(name) === '1' ? [[name, '1']] : []));

/**
 * A value the route reads as given (a search, a date, an API parameter whose bad value is a 400 the
 * route must still see): kept as sent, or as `fold` makes it when the route reads it that way; present
 * but empty is kept too (`?download`).
 */
const text = (name: string, fold: (v: string) => string | undefined = (v) => v): Param =>
  param([name], (q) => {
    const v = q.get(name);
    const folded = v === null ? undefined : fold(v);
    return folded === undefined ? [] : [[name, folded]];
  });

/** A sortable, filterable table (table-view.ts): its sort as the page reads it, its filters as slugs. */
const table = <R>(spec: TableSpec<R>): Param => ({
  table: true,
  ...param([queryName(spec, 'sort'), queryName(spec, 'dir'), ...spec.filters.map((f) => queryName(spec, f.id))], (q) => {
    const { sort, dir } = readSort(spec, q);
    const out: Pair[] =
      sort === spec.defaultSort && dir === spec.defaultDir
        ? []
        : [
            [queryName(spec, 'sort'), sort],
            [queryName(spec, 'dir'), dir],
          ];
    for (const f of spec.filters) {
      const v = readFilterValue(q.get(queryName(spec, f.id)));
      // A slug is lowercase letters, digits and dashes: anything else matches no row.
      if (/^[a-z0-9-]+$/.test(v)) out.push([queryName(spec, f.id), v]);
    }
    return out;
  }),
});

const alertId = (v: string) => v.trim().toLowerCase();
/** The alert filters: a page drops a malformed one (it shows every event); an API route keeps it for its 400. */
const alertFilters = (malformed: 'drop' | 'keep'): Param[] =>
  ALERT_FILTER_KEYS.map((key) => text(key, (v) => (malformed === 'keep' || ALERT_FILTER_ID.test(alertId(v)) ? alertId(v) : undefined)));

const historyRange = oneOf('range', RANGES, DEFAULT_RANGE);
/** An embed's width: a whole number of pixels within its bounds, the default and anything else dropped (read as the default). */
const embedWidth = param(['width'], (q) => {
  const w = readEmbedWidth(q.get('width'));
  return w === undefined || w === EMBED_WIDTH.default ? [] : [['width', String(w)]];
});
/** A comparison's products in their one form (sorted, each once, lower case), before any cache: unknown and surplus ids kept for the 400. */
const compareAssets = param(['assets'], (q) => {
  const ids = normaliseAssets(q.get('assets'));
  return ids.length ? [['assets', ids.join(',')]] : [];
});
const embedHeight = param(['height'], (q) => {
  const h = readEmbedHeight(q.get('height'));
  return h === undefined ? [] : [['height', String(h)]];
});
const format = text('format');
const download = text('download');

/** Every route that reads its query, by its pattern under src/pages. */
export const ROUTE_PARAMS: Record<string, readonly Param[]> = {
  '/': [
    oneOf('period', TRANSFER_PERIODS, DEFAULT_PERIOD),
    oneOf(
      'range',
      AMOUNT_RANGES.map((r) => r.id),
      DEFAULT_AMOUNT_RANGE,
    ),
    oneOf(
      'league',
      LEAGUE_TABS.map((t) => t.id),
      DEFAULT_HOME_VIEW.league,
    ),
    flag('stablecoins'),
  ],
  '/networks': [oneOf('metric', NETWORK_METRICS, DEFAULT_NETWORKS_VIEW.metric), flag('percent'), flag('log'), table(NETWORK_TABLE), format],
  '/networks/[id]': [historyRange, table(NETWORK_ASSETS), format],
  '/assets': [table(ASSET_LIST), format],
  '/assets/[id]': [historyRange, format],
  '/issuers': [table(ISSUER_LIST), format],
  '/issuers/[id]': [historyRange, table(ISSUER_ASSETS), format],
  '/stablecoins': [table(STABLECOIN_TABLE)],
  '/commodities': [table(COMMODITY_TABLE)],
  '/treasuries': [table(TREASURY_ENTITIES), table(TREASURY_PRODUCTS)],
  '/private-credit': [table(CREDIT_PLATFORMS), table(CREDIT_POOLS)],
  '/alerts': alertFilters('drop'),
  '/compare': [compareAssets, oneOf('scale', COMPARE_SCALES, DEFAULT_SCALE), historyRange],
  '/embed/[...path]': [
    oneOf('theme', EMBED_THEMES, DEFAULT_EMBED_THEME),
    embedWidth,
    embedHeight,
    historyRange,
    oneOf('metric', EMBED_ASSET_METRICS, EMBED_ASSET_METRICS[0]),
    oneOf('measure', EMBED_MEASURES, EMBED_MEASURES[0]),
    flag('stablecoins'),
  ],
  '/search': [text('q', (v) => normalizeQuery(v) || undefined)],
  '/login': [text('redirect'), text('error')],
  '/api/alerts': alertFilters('keep'),
  '/api/alerts/feed.atom': alertFilters('keep'),
  '/api/alerts/feed.json': alertFilters('keep'),
  '/api/assets': [format, text('limit'), text('assetClass'), download],
  '/api/assets/[id]/[view]': [format, text('range'), text('from'), text('to')],
  '/api/issuers': [format, download],
  '/api/issuers/[id]/[view]': [format, text('range'), text('from'), text('to')],
  '/api/networks': [format, text('limit'), download],
  '/api/networks/[id]/[view]': [format, text('range'), text('from'), text('to')],
  '/api/networks/time-series': [text('metricType'), format, text('from'), text('to'), download],
  '/api/chart-data': [format, text('from'), text('to'), download],
  '/api/transfers': [text('days'), text('minUsd'), text('maxUsd'), text('limit'), format, download],
  '/api/search': [text('q')],
  '/api/compare': [compareAssets, format, text('view'), text('scale'), text('range'), download],
  '/api/oembed': [text('url'), text('maxwidth'), text('maxheight'), format],
  '/api/placeholder': [text('text')],
  '/api/blog/posts': [text('published')],
  '/api/research': [text('published')],
};

/** A pattern's segments as matchers: `[id]` is any one segment, `[...path]` the rest. */
const compiled = Object.entries(ROUTE_PARAMS).map(([pattern, params]) => {
  const parts = pattern.split('/').slice(1);
  const rest = parts.at(-1)?.startsWith('[...') === true;
  const fixed = rest ? parts.slice(0, -1) : parts;
  const matches = (segments: string[]) =>
    (rest ? segments.length >= fixed.length : segments.length === fixed.length) &&
    fixed.every((p, i) => (p.startsWith('[') ? segments[i] !== '' : p === segments[i]));
  return { matches, params };
});

/** The parameters of every pattern that matches the path (more than one reads their union: never less than a route reads). */
function paramsOf(pathname: string): Param[] {
  // '/' is one empty segment, as the pattern '/' splits.
  const segments = pathname.split('/').slice(1);
  return compiled.filter((r) => r.matches(segments)).flatMap((r) => r.params);
}

/**
 * The canonical query of a request: '' or '?name=value&...', the declared parameters only, sorted by
 * name. The same for every spelling of one view.
 */
export function canonicalQuery(pathname: string, search: string): string {
  if (search === '' || search === '?') return '';
  const params = paramsOf(pathname);
  if (params.length === 0) return '';
  const q = new URLSearchParams(search);
  const pairs = params.flatMap((p) => p.read(q)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
}

/** The names of the parameters the path's route reads, sorted, each once; none for a route that reads no query. */
export const declaredNames = (pathname: string): string[] => [...new Set(paramsOf(pathname).flatMap((p) => p.names))].sort();

/**
 * Whether the path's page has a sortable or filterable table: its views sort and filter the rows the
 * plain page reads, so they can share its reads (src/lib/server/db/read-memo.ts).
 */
export const hasTableViews = (pathname: string): boolean => paramsOf(pathname).some((p) => p.table);
