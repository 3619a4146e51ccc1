/**
 * Where a served figure comes from (architecture.md "Live by default"), one rule for the API, the
 * downloads and the pages:
 * - `live`: read by a published ingest run (a block, or an API fetch with its URL);
 * - `snapshot`: the dated public figure of the embedded snapshot (content/data, the spec's figures);
 * - `illustrative`: the snapshot's synthetic detail (its history before the as-of date, its 7- and
 *   30-day changes, its transfers; content/data/SOURCES.md says which). Labelled on the element
 *   that shows it, and never served once a run is published: every table is then rebuilt from the
 *   runs' reads and the history APIs.
 */
import { formatDay } from './format.ts';

export const ORIGINS = ['live', 'snapshot', 'illustrative'] as const;
export type Origin = (typeof ORIGINS)[number];

/** A headline figure (a total, a market cap, a row of a table): the run's, else the snapshot's dated figure. */
export const figureOrigin = (live: boolean): Origin => (live ? 'live' : 'snapshot');

/** A change over days, a transfer: computed from or made up in the snapshot's synthetic detail when there is no run. */
export const detailOrigin = (live: boolean): Origin => (live ? 'live' : 'illustrative');

/** A dated point of a series: without a run, only the snapshot's as-of point is a public figure. */
export const pointOrigin = (live: boolean, date: string, asOf: string): Origin =>
  live ? 'live' : date === asOf ? 'snapshot' : 'illustrative';

/** The label an element drawn from illustrative detail carries, and why (the snapshot's date in words). */
export function illustrativeLabel(asOf: string): string {
  return `Illustrative: synthetic detail around the ${formatDay(asOf)} snapshot`;
}

/** What an element showing figures of these origins passes to its illustrative label: set when any is illustrative. */
export function illustrativeOf(origins: Iterable<Origin | undefined>, asOf: string, what?: string): { asOf: string; what?: string } | null {
  for (const o of origins) if (o === 'illustrative') return what ? { asOf, what } : { asOf };
  return null;
}
