/**
 * Compare (/compare?assets=buidl,benji,ousg): which products, in one order, and how their histories
 * are drawn. The URL is the whole state. Pure.
 */
import { DEFAULT_RANGE, type Range } from './open-data/range.ts';

/** The most products one comparison holds. */
export const MAX_COMPARE = 5;
/** The histories drawn in dollars, or each as an index of 100 on the first date all of them have. */
export const COMPARE_SCALES = ['absolute', 'indexed'] as const;
export type CompareScale = (typeof COMPARE_SCALES)[number];
export const DEFAULT_SCALE: CompareScale = 'absolute';

/**
 * The one form of an asset list: ids lower-cased, empties dropped, each once, sorted. `BUIDL, ousg,,buidl`
 * is `buidl,ousg`. Unknown ids and lists too long are kept, so the route can refuse them by name.
 */
export function normaliseAssets(value: string | null | undefined): string[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  return [...new Set(ids)].sort();
}

/** Why a list cannot be compared (the 400's message and issues), or null when it can. */
export function compareProblem(
  ids: readonly string[],
  known: (id: string) => boolean,
): { message: string; issues: Record<string, string[]> } | null {
  if (ids.length === 0)
    return {
      message: 'assets is required: 1 to 5 asset ids, separated by commas (e.g. buidl,benji,ousg).',
      issues: { assets: ['Missing.'] },
    };
  if (ids.length > MAX_COMPARE)
    return {
      message: `At most ${MAX_COMPARE} products can be compared; ${ids.length} were asked for.`,
      issues: { assets: [`${ids.length} ids; the most is ${MAX_COMPARE}.`] },
    };
  const unknown = ids.filter((id) => !known(id));
  if (unknown.length)
    return {
      message: `Unknown asset id${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. The ids are those of /assets (and /api/assets).`,
      issues: { assets: unknown.map((id) => `${id}: no such asset.`) },
    };
  return null;
}

export interface CompareView {
  ids: string[];
  scale: CompareScale;
  range: Range;
}

/** A comparison's address: the ids as a comma list (readable, as people type it), then the view's other choices. */
export function compareHref(view: CompareView, change: Partial<CompareView> = {}): string {
  const v = { ...view, ...change };
  const q = [`assets=${v.ids.map(encodeURIComponent).join(',')}`];
  if (v.range !== DEFAULT_RANGE) q.push(`range=${v.range}`);
  if (v.scale !== DEFAULT_SCALE) q.push(`scale=${v.scale}`);
  return `/compare?${q.join('&')}`;
}
