/**
 * Sorting and filtering a list page's table by its URL query (`?sort=marketCap&dir=desc&class=...`),
 * so that the header links and the filter form work without JavaScript, the server renders the view
 * asked for, and the page's downloads give the same rows in the same order (one function for both).
 * Unknown sort keys, directions and filter values fall back to the defaults: a query never breaks a
 * page, and nothing from it is echoed back but a known value.
 */
import { slugify } from './open-data/ids.ts';
import type { PhoneRole } from './phone-columns.ts';

export type SortDir = 'asc' | 'desc';

export interface SortColumn<R> {
  id: string;
  label: string;
  numeric?: boolean;
  /** What the column is to a phone (phone-columns.ts): without a role it leaves the table there. */
  phone?: PhoneRole;
  /** The value compared; null (unknown) always sorts last, whatever the direction. */
  key: (row: R) => string | number | null;
}

export interface FilterSpec<R> {
  /** The query name ('class'). */
  id: string;
  label: string;
  /** The labels a row is listed under (its class, its chains); the query value is their slug. */
  values: (row: R) => string[];
}

export interface TableSpec<R> {
  columns: SortColumn<R>[];
  filters: FilterSpec<R>[];
  /** A column's id, or '' for the rows as given (a table whose source order is no column's). */
  defaultSort: string;
  defaultDir: SortDir;
  /**
   * Where a page has two tables, the second's query names carry a prefix ('platforms-sort',
   * 'platforms-chain') so that each keeps its own view; the page's main table has none.
   */
  prefix?: string;
}

/** A table's name in the query for one of its keys ('sort', 'dir', a filter's id). */
export const queryName = <R>(spec: TableSpec<R>, key: string): string => `${spec.prefix ?? ''}${key}`;

export interface TableView {
  sort: string;
  dir: SortDir;
  /** Filter id to the chosen slug; '' is every row. */
  filters: Record<string, string>;
}

export interface FilterOption {
  value: string;
  label: string;
}

/** Each filter's choices among these rows, by label (the first label seen for a slug). */
function filterOptions<R>(spec: TableSpec<R>, rows: R[]): Record<string, FilterOption[]> {
  const out: Record<string, FilterOption[]> = {};
  for (const f of spec.filters) {
    const seen = new Map<string, string>();
    for (const r of rows) for (const label of f.values(r)) if (slugify(label) && !seen.has(slugify(label))) seen.set(slugify(label), label);
    out[f.id] = [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }
  return out;
}

/**
 * The sort a query asks for: a column's id (its case does not matter: `sort=MARKETCAP` is the
 * `marketCap` view), and a direction. It needs no rows, so the page cache's key reads it too
 * (route-params.ts): a view and its key never disagree.
 */
export function readSort<R>(spec: TableSpec<R>, q: URLSearchParams): { sort: string; dir: SortDir } {
  const asked = q.get(queryName(spec, 'sort'))?.toLowerCase();
  const sort = spec.columns.find((c) => c.id.toLowerCase() === asked)?.id ?? spec.defaultSort;
  const dirParam = q.get(queryName(spec, 'dir'))?.toLowerCase();
  // The rows as given ('' default) have no direction to turn round.
  const dir: SortDir =
    sort !== '' && (dirParam === 'asc' || dirParam === 'desc')
      ? dirParam
      : sort === spec.defaultSort
        ? spec.defaultDir
        : defaultDirOf(spec, sort);
  return { sort, dir };
}

/** A filter's value as the query may give it: the slug of a label, so any case reads as its lowercase. */
export const readFilterValue = (value: string | null): string => value?.trim().toLowerCase() ?? '';

/** The view a query asks for, each part checked against the columns and the rows' own values. */
export function readTableView<R>(spec: TableSpec<R>, rows: R[], q: URLSearchParams): TableView {
  const options = filterOptions(spec, rows);
  const { sort, dir } = readSort(spec, q);
  const filters: Record<string, string> = {};
  for (const f of spec.filters)
    filters[f.id] = options[f.id].find((o) => o.value === readFilterValue(q.get(queryName(spec, f.id))))?.value ?? '';
  return { sort, dir, filters };
}

/** A column's first direction: largest first for numbers, A to Z for text. */
function defaultDirOf<R>(spec: TableSpec<R>, columnId: string): SortDir {
  if (columnId === spec.defaultSort) return spec.defaultDir;
  return spec.columns.find((c) => c.id === columnId)?.numeric ? 'desc' : 'asc';
}

function compare(a: string | number | null, b: string | number | null): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
}

/**
 * The rows the view shows, in its order (stable; unknown values last; ties keep the given order).
 * A view sorted by no column (the '' default) keeps the given order.
 */
export function applyTableView<R>(spec: TableSpec<R>, rows: R[], view: TableView): R[] {
  const kept = rows.filter((r) =>
    spec.filters.every((f) => view.filters[f.id] === '' || f.values(r).some((label) => slugify(label) === view.filters[f.id])),
  );
  const column = spec.columns.find((c) => c.id === view.sort);
  if (!column) return kept;
  const sign = view.dir === 'asc' ? 1 : -1;
  return kept
    .map((row, i) => ({ row, i, k: column.key(row) }))
    .sort((x, y) => {
      if (x.k === null || y.k === null) return (x.k === null ? 1 : 0) - (y.k === null ? 1 : 0) || x.i - y.i;
      return sign * compare(x.k, y.k) || x.i - y.i;
    })
    .map((x) => x.row);
}

/** The query pairs of a view that differ from the defaults (so the default view keeps a clean URL). */
export function tableViewQuery<R>(spec: TableSpec<R>, view: TableView): Record<string, string> {
  const q = sortQuery(spec, view);
  for (const f of spec.filters) if (view.filters[f.id]) q[queryName(spec, f.id)] = view.filters[f.id];
  return q;
}

/** The sort part of the query alone (what the filter form carries along), empty for the default sort. */
const sortQuery = <R>(spec: TableSpec<R>, view: TableView): Record<string, string> =>
  view.sort === spec.defaultSort && view.dir === spec.defaultDir
    ? {}
    : { [queryName(spec, 'sort')]: view.sort, [queryName(spec, 'dir')]: view.dir };

/**
 * The link of a column header: sorts by it, or turns the direction round when it is the sort already.
 * `keep`: the page's other query pairs (a network page's history range), kept across the sort.
 */
export function sortHref<R>(
  spec: TableSpec<R>,
  path: string,
  view: TableView,
  columnId: string,
  hash: string,
  keep: Record<string, string> = {},
): string {
  const dir: SortDir = view.sort === columnId ? (view.dir === 'asc' ? 'desc' : 'asc') : defaultDirOf(spec, columnId);
  const query = new URLSearchParams({ ...keep, ...tableViewQuery(spec, { ...view, sort: columnId, dir }) }).toString();
  return `${path}${query ? `?${query}` : ''}#${hash}`;
}

/** The header's aria-sort: only the sorted column has one. */
export const ariaSort = (view: TableView, columnId: string): 'ascending' | 'descending' | undefined =>
  view.sort === columnId ? (view.dir === 'asc' ? 'ascending' : 'descending') : undefined;

export interface TableState<R> {
  view: TableView;
  /** The rows the view shows, in its order: the table's and its downloads'. */
  rows: R[];
  /** The view's query pairs (the downloads' links carry them). */
  query: Record<string, string>;
  /** Each filter's choices among all the rows. */
  options: Record<string, FilterOption[]>;
}

/** Everything a page needs for one sortable, filterable table, from its rows and the URL query. */
export function tableState<R>(spec: TableSpec<R>, all: R[], q: URLSearchParams): TableState<R> {
  const view = readTableView(spec, all, q);
  return { view, rows: applyTableView(spec, all, view), query: tableViewQuery(spec, view), options: filterOptions(spec, all) };
}

/** One sorting header: its label, where it links and whether the view is sorted by it. */
export interface SortHeaderControl {
  id: string;
  label: string;
  numeric: boolean;
  phone?: PhoneRole;
  href: string;
  sort: 'ascending' | 'descending' | undefined;
}

/** The filter form of a table (TableFilters' props). */
export interface FilterFormControl {
  path: string;
  hash: string;
  view: TableView;
  /** The view's sort and the page's other pairs, kept when the filters change. */
  carry: Record<string, string>;
  filters: { id: string; label: string; options: FilterOption[]; name: string }[];
}

/**
 * The controls of a sortable, filterable table: its filter form and its sorting headers, wired
 * once for every such table (a class page's, an open-data list's, the networks table), so that a
 * table with a query prefix names its filters and sort links the same way everywhere.
 */
export function tableControls<R>(
  spec: TableSpec<R>,
  state: Pick<TableState<R>, 'view' | 'options'>,
  path: string,
  hash: string,
  keep: Record<string, string> = {},
): { form: FilterFormControl; headers: SortHeaderControl[] } {
  const { view, options } = state;
  return {
    form: {
      path,
      hash,
      view,
      carry: { ...keep, ...sortQuery(spec, view) },
      filters: spec.filters.map((f) => ({ id: f.id, label: f.label, options: options[f.id], name: queryName(spec, f.id) })),
    },
    headers: spec.columns.map((c) => ({
      id: c.id,
      label: c.label,
      numeric: !!c.numeric,
      phone: c.phone,
      href: sortHref(spec, path, view, c.id, hash, keep),
      sort: ariaSort(view, c.id),
    })),
  };
}
