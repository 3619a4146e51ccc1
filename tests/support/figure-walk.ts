/**
 * A walker that reads what each place of the site says about each product (its name and its
 * figures), so a test can put every place side by side: HTML tables and lists that link to an
 * asset page, the asset page itself, downloads (CSV or JSON rows) and API answers.
 *
 * A sighting is one place's word on one product: `key` is the product's asset-page id, `measure`
 * what the figure is (the whole market cap, or its value on one network: 'valueOnChain@<network>').
 * HTML gives text as shown ('$167.90B', 'unknown'); JSON and CSV give the raw value. `compare`
 * checks every sighting against the canonical figures, accepting any of the site's own formats of
 * the canonical number for text.
 */
import { parse } from 'parse5';
import { parseCsv } from '#lib/shared/csv.ts';
import { formatBillions, formatCurrency } from '#lib/shared/format.ts';

export type Measure = 'marketCap' | `valueOnChain@${string}`;

export interface Sighting {
  /** Where it was read: a path, with the part of the page or answer ('/stablecoins table', '/api/assets'). */
  place: string;
  key: string;
  name?: string;
  measure?: Measure;
  /** Text as a page shows it, or a raw number (null: shown as unknown). */
  value?: string | number | null;
}

export interface Canonical {
  name: string;
  /** A link that shows the symbol (a ticker column) is not a second name. */
  symbol: string;
  /** Per measure, the one figure every place must show (null: unknown everywhere). */
  figures: Partial<Record<Measure, number | null>>;
}

interface Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
}

const attr = (n: Node, name: string) => n.attrs?.find((a) => a.name === name)?.value;
const text = (n: Node): string =>
  n.nodeName === '#text' ? (n.value ?? '') : n.tagName === 'script' || n.tagName === 'style' ? '' : (n.childNodes ?? []).map(text).join('');
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
/** The first words a cell shows: its figure, without the note set under it ('$167.90B', not '$167.90B with figures'). */
const leading = (n: Node): string => {
  for (const t of all(n, (x) => x.nodeName === '#text')) if (clean(t.value ?? '') !== '') return clean(t.value ?? '');
  return '';
};

function* all(n: Node, match: (n: Node) => boolean): Generator<Node> {
  if (match(n)) yield n;
  for (const c of n.childNodes ?? []) yield* all(c, match);
}
const first = (n: Node, match: (n: Node) => boolean): Node | undefined => all(n, match).next().value;

/** The asset-page id a link points at ('/assets/usdt' -> 'usdt'), else undefined. */
function assetIdOf(href: string | undefined): string | undefined {
  const m = href ? /^\/assets\/([^/?#]+)$/.exec(href) : null;
  return m ? decodeURIComponent(m[1]) : undefined;
}
const assetLink = (n: Node) => n.tagName === 'a' && assetIdOf(attr(n, 'href')) !== undefined;

/** The headers that hold a product's market cap in some table of the site, and those that hold its value on the page's network. */
const MARKET_CAP = /^(market cap|principal outstanding)\b/i;
const ON_CHAIN = /^value on chain$/i;

/**
 * Every product a page shows: each table row and list item that links to an asset page, with the
 * link's text as the name and the market-cap cell (by its column header) as the value; the asset
 * page's own title and market-cap figure. `network` names the page's network for its
 * 'Value on chain' column.
 */
export function htmlSightings(path: string, html: string, network?: string): Sighting[] {
  const doc = parse(html) as unknown as Node;
  const out: Sighting[] = [];
  for (const table of all(doc, (n) => n.tagName === 'table')) {
    const heads = [...all(table, (n) => n.tagName === 'th')].map((th) => clean(text(th)));
    const body = first(table, (n) => n.tagName === 'tbody') ?? table;
    for (const tr of all(body, (n) => n.tagName === 'tr')) {
      const link = first(tr, assetLink);
      if (!link) continue;
      const key = assetIdOf(attr(link, 'href'))!;
      const place = `${path} table (${heads.join('|')})`;
      out.push({ place, key, name: clean(text(link)) });
      const cells = (tr.childNodes ?? []).filter((c) => c.tagName === 'td' || c.tagName === 'th');
      cells.forEach((cell, i) => {
        if (MARKET_CAP.test(heads[i] ?? '')) out.push({ place, key, measure: 'marketCap', value: leading(cell) });
        else if (network && ON_CHAIN.test(heads[i] ?? ''))
          out.push({ place, key, measure: `valueOnChain@${network}`, value: leading(cell) });
      });
    }
  }
  for (const li of all(doc, (n) => attr(n, 'data-testid') === 'asset-row')) {
    const link = first(li, assetLink);
    if (!link) continue;
    const key = assetIdOf(attr(link, 'href'))!;
    // The list's figure is the first tabular number after the name block.
    const figure = first(li, (n) => n.tagName === 'p' && (attr(n, 'class') ?? '').includes('font-medium tabular-nums'));
    out.push({
      place: `${path} asset list`,
      key,
      name: clean(text(link)),
      measure: 'marketCap',
      value: figure ? clean(text(figure)) : undefined,
    });
  }
  const title = first(doc, (n) => attr(n, 'id') === 'asset-title');
  const own = assetIdOf(path);
  if (title && own) {
    out.push({ place: `${path} title`, key: own, name: leading(title) });
    const card = first(doc, (n) => attr(n, 'data-testid') === 'figure-market-cap');
    const dd = card && first(card, (n) => n.tagName === 'dd');
    const shown = dd && first(dd, (n) => n.tagName === 'span');
    if (shown) out.push({ place: `${path} market cap card`, key: own, measure: 'marketCap', value: clean(text(shown)) });
  }
  return out;
}

/** A row of a JSON or CSV answer, as far as it names a product. */
type Row = Record<string, unknown>;

/**
 * Sightings from rows of an answer (a download or an API list): the product by its page `url`
 * or its symbol (`symbol`/`ticker`/`product`, looked up in `idOf`); its `name`; `marketCap`
 * (or the field given) as the market cap, `valueOnChain` on the answer's network.
 */
export function rowSightings(
  place: string,
  rows: Row[],
  idOf: (symbol: string) => string | undefined,
  options: { network?: string; valueField?: string; nameField?: string } = {},
): Sighting[] {
  const out: Sighting[] = [];
  const valueField = options.valueField ?? 'marketCap';
  const nameField = options.nameField ?? 'name';
  for (const r of rows) {
    const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : undefined);
    const symbol = str('product') ?? str('symbol') ?? str('ticker');
    // A row names a product by its page (`url`) or its symbol; an `id` alone may be an issuer's or a network's.
    const key = assetIdOf(str('url')) ?? (symbol ? idOf(symbol) : undefined);
    if (!key) continue;
    const name = str(nameField);
    if (name !== undefined) out.push({ place, key, name });
    if (valueField in r) out.push({ place, key, measure: 'marketCap', value: rawNumber(r[valueField]) });
    if (options.network && 'valueOnChain' in r)
      out.push({ place, key, measure: `valueOnChain@${options.network}`, value: rawNumber(r.valueOnChain) });
  }
  return out;
}

/** A CSV download as rows keyed by its header. */
export function csvRows(body: string): Row[] {
  const [header, ...rows] = parseCsv(body);
  return rows.filter((r) => r.length === header.length).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

function rawNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : NaN;
}

/** Every way the site writes a dollar figure (the tables' $167.90B, the lists' $167.9B). */
const shownAs = (v: number): string[] => [formatCurrency(v), formatBillions(v), formatBillions(v, 2)];
const UNKNOWN = new Set(['unknown', 'unavailable', '—', '-', '']);

/**
 * The sightings that disagree with the canonical figures, in words: a name that differs, a figure
 * that is not the canonical one (text in none of its formats; a number not equal), an unknown where
 * a figure is known or a figure where none is.
 */
export function compare(canonical: ReadonlyMap<string, Canonical>, sightings: Sighting[]): string[] {
  const out: string[] = [];
  for (const s of sightings) {
    const c = canonical.get(s.key);
    if (!c) {
      out.push(`${s.place}: ${s.key} is not a product the site lists`);
      continue;
    }
    if (s.name !== undefined && s.name !== c.name && s.name !== c.symbol)
      out.push(`${s.place}: ${s.key} is named "${s.name}", elsewhere "${c.name}"`);
    if (s.measure === undefined || s.value === undefined) continue;
    if (!(s.measure in c.figures)) continue;
    const want = c.figures[s.measure] ?? null;
    const got = s.value;
    const agree =
      typeof got === 'number' || got === null ? got === want : want === null ? UNKNOWN.has(got.toLowerCase()) : shownAs(want).includes(got);
    if (!agree) out.push(`${s.place}: ${s.key} ${s.measure} is ${String(got)}, elsewhere ${String(want)}`);
  }
  return out;
}
