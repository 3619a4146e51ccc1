/** `range`, `from` and `to` of a history endpoint: a bad value is a 400, never a guess. */
import { HttpError } from '#lib/server/http/http-error.ts';
import { DEFAULT_RANGE, RANGES, type Range } from '#lib/shared/open-data/range.ts';
import { isIsoDay } from '#lib/shared/utc-day.ts';

export interface HistoryQuery {
  range: Range;
  from?: string;
  to?: string;
  /** For the file name: the range, or from_to. */
  label: string;
}

/**
 * Only `from` and `to` (for the spec's series, which answer every date when neither is given):
 * undefined bounds mean unbounded; a bad date or from after to is a 400.
 */
export function readDateBounds(params: URLSearchParams): { from?: string; to?: string } {
  const q = readHistoryQuery(new URLSearchParams([...params].filter(([k]) => k === 'from' || k === 'to')));
  return { from: q.from, to: q.to };
}

export function readHistoryQuery(params: URLSearchParams): HistoryQuery {
  const issues: Record<string, string[]> = {};
  const r = params.get('range');
  if (r !== null && r !== '' && !(RANGES as readonly string[]).includes(r)) issues.range = [`range must be one of: ${RANGES.join(', ')}.`];
  const day = (key: 'from' | 'to') => {
    const v = params.get(key);
    if (v === null || v === '') return undefined;
    if (!isIsoDay(v)) issues[key] = [`${key} must be a date YYYY-MM-DD.`];
    return v;
  };
  const from = day('from');
  const to = day('to');
  if (from && to && !issues.from && !issues.to && from > to) issues.to = ['to must not be before from.'];
  if (Object.keys(issues).length) throw new HttpError(400, 'Some fields are invalid: ' + Object.keys(issues).join(', '), issues);
  // Explicit dates win over a range; without either the page's default range applies.
  const range: Range = from || to ? 'all' : (r as Range | null) || DEFAULT_RANGE;
  return { range, from, to, label: from || to ? `${from ?? 'start'}_${to ?? 'end'}` : range };
}
