/**
 * What every MCP answer carries so an agent can cite it: the as-of date, where the figures come from
 * (a published ingest run, or the embedded snapshot and its illustrative detail), in words, and
 * absolute links to the page a person reads, the receipt that shows each figure's read, and the
 * API call that gives the same answer.
 */
import { siteOrigin } from '#lib/server/config.ts';
import { figureOrigin, illustrativeLabel, type Origin } from '#lib/shared/origin.ts';
import { snapshotWords } from '#lib/shared/plain-sources.ts';

export interface Citation {
  asOf: string;
  /** The headline figures' origin: live (a published run) or snapshot (a dated public figure). */
  origin: Origin;
  /** Set while the snapshot is served: which detail is synthetic (a series before the as-of date, changes, transfers). */
  illustrative: string | null;
  publishedRun: number | null;
  source: string;
  links: { page: string; receipt: string; api: string };
}

export interface Facts {
  asOf: string;
  publishedRun?: number | null;
}

/** `path` on this site, as an absolute URL. */
const absolute = (path: string) => siteOrigin() + path;

/** The source of a whole answer, in words. */
function sourceWords({ asOf, publishedRun }: Facts): string {
  return publishedRun != null
    ? `Published ingest run ${publishedRun}: each figure read from its chain at a block (or from a public API, named on the receipt), as of the close of ${asOf} (UTC). Method: ${absolute('/sources')}.`
    : `${snapshotWords(asOf)[0].toUpperCase()}${snapshotWords(asOf).slice(1)} of dated public figures (their reports: ${absolute('/sources/public-figures')}); no ingest run is published yet.`;
}

/** The citation of an answer about `page`, whose receipt and API call are at those paths. */
export function cite(facts: Facts, paths: { page: string; receipt?: string; api: string }): Citation {
  const live = facts.publishedRun != null;
  return {
    asOf: facts.asOf,
    origin: figureOrigin(live),
    illustrative: live ? null : illustrativeLabel(facts.asOf),
    publishedRun: facts.publishedRun ?? null,
    source: sourceWords(facts),
    // Answers that are not one asset's point at the method and runs, where every read is listed.
    links: { page: absolute(paths.page), receipt: absolute(paths.receipt ?? '/sources'), api: absolute(paths.api) },
  };
}
