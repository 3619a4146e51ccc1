import { serveEndpoint } from '#lib/server/open-data/serve-endpoint.ts';
import { COMPARE } from '#lib/server/open-data/endpoints/compare.ts';
import { HttpError } from '#lib/server/http/http-error.ts';
import { readFormat } from '#lib/server/open-data/download.ts';
import { rowsReply } from '#lib/server/open-data/reply.ts';
import { COMPARE_TABLE_COLUMNS, compareHistoryRows, compareTableRows, loadComparison } from '#lib/server/open-data/compare.ts';
import { COMPARE_SCALES, normaliseAssets, type CompareScale } from '#lib/shared/compare.ts';
import { RANGES, readRange } from '#lib/shared/open-data/range.ts';

export const prerender = false;

const VIEWS = ['table', 'history'] as const;

/** One of a fixed list, the first when absent; anything else is a 400 naming the parameter. */
function oneOf<T extends string>(q: URLSearchParams, name: string, values: readonly T[]): T {
  const v = q.get(name);
  if (v === null) return values[0];
  if (!(values as readonly string[]).includes(v))
    throw new HttpError(400, `${name} must be one of ${values.join(', ')}.`, { [name]: ['Unknown value.'] });
  return v as T;
}

/**
 * Up to five products side by side (the table of /compare), or their market caps per day on one
 * date row (view=history, in dollars or indexed to 100), as JSON or CSV.
 */
export const GET = serveEndpoint(COMPARE, async ({ url }) => {
  const q = url.searchParams;
  const format = readFormat(q);
  const view = oneOf(q, 'view', VIEWS);
  const scale: CompareScale = oneOf(q, 'scale', COMPARE_SCALES);
  if (q.has('range') && !(RANGES as readonly string[]).includes(q.get('range')!))
    throw new HttpError(400, `range must be one of ${RANGES.join(', ')}.`, { range: ['Unknown range.'] });
  const answer = await loadComparison(normaliseAssets(q.get('assets')), readRange(q.get('range')));
  if (!answer.ok) throw new HttpError(400, answer.message, answer.issues);
  const c = answer.comparison;
  const asOf = c.rows.map((r) => r.asOf).sort()[0];
  const name = `compare-${c.ids.join('-')}`;
  const download = q.has('download');
  if (view === 'history')
    return rowsReply(compareHistoryRows(c, scale), ['date', ...c.ids], { format, asOf, view: `${name}-history`, download });
  return rowsReply(compareTableRows(c), COMPARE_TABLE_COLUMNS, { format, asOf, view: name, download });
});
