/**
 * One rule for a data section with nothing in it (a history before any run, a holder concentration no
 * holder index measures, a reconciliation no source gives a figure to): it collapses to one line that
 * says why, and offers no range buttons and no downloads, since there is nothing to pick or to download.
 * The page data carries the line (null: the section has something to show); `DataCard` draws it.
 */

/** The one line of an empty section: 'Unknown: <why>.' */
export const unknownLine = (why: string): string => `Unknown: ${why}.`;

/** The line of a section whose data says why it is empty (`unknown`: concentration, reconciliation), else null. */
export const whyLine = (why: string | null | undefined): string | null => (why ? unknownLine(why) : null);

/** The line a section shows in place of its content when it has no row, else null. */
export const emptyLine = (rows: number, why: string): string | null => (rows > 0 ? null : unknownLine(why));

/** Why an asset's (or an issuer's) history is empty while the snapshot is served: it holds no dated series. */
export const SNAPSHOT_HAS_NO_HISTORY = 'the snapshot holds one figure per asset; the history starts with the first published ingest run';

/**
 * An asset's or issuer's history line: before a published run there is no history at all (the snapshot is
 * one figure per asset); after one, only the days observed, which may be none yet (`none` says of what).
 */
export const historyLine = ({ live, points, none }: { live: boolean; points: number; none: string }): string | null =>
  live ? emptyLine(points, none) : unknownLine(SNAPSHOT_HAS_NO_HISTORY);
