/**
 * /sources as a read and a build. `loadSourcesReads` is everything the page reads: what the site
 * serves (the registry, the observations, the runs) and what the totals cover, in one batch, and the
 * snapshot's notes compiled from Markdown. `buildSourcesPage` is a pure step from what they answered
 * (and the ingest's configured bounds, and the links to the site's own pages) to every text, link,
 * data-* value and row the template shows: the .astro file only renders it. Its sections are built
 * beside it: sources-coverage.ts, sources-holdings.ts, sources-assets.ts and sources-runs.ts.
 */
import type { IngestConfig } from '#lib/server/config.ts';
import { methodStatements } from '#lib/server/catalogue/methods.ts';
import { readAll } from '#lib/server/db/reads.ts';
import { coverageRead } from '#lib/server/figures/coverage-data.ts';
import { sourcesRead, type SourcesData } from '#lib/server/figures/sources-data.ts';
import { snapshot } from '#lib/server/figures/asset-class-data.ts';
import { figureLabel, type SnapshotProduct } from '#lib/server/figures/snapshot-dataset.ts';
import { dropSections, mapLinks, wrapTables } from '#lib/shared/data-notes.ts';
import { SPEC_FIXED_TEXTS } from '#lib/shared/spec-fixed.ts';
import type { EntityLinks } from './links.ts';
import { longTailRows, trackedRows } from './sources-assets.ts';
import { coverageView } from './sources-coverage.ts';
import { heldByShare, reserveOverlap, whoHoldsWhom } from './sources-holdings.ts';
import { offlineNote, runRows } from './sources-runs.ts';
import { longDay, usd } from './sources-view.ts';

/**
 * The page's reads and the coverage's travel in one round trip; the notes (content/data/SOURCES.md,
 * compiled where Astro compiles Markdown: the page passes its `compiledContent`) are read beside it.
 */
export async function loadSourcesReads(compiledNotes: () => Promise<string>) {
  const [[sources, coverage], notesHtml] = await Promise.all([readAll([sourcesRead(), coverageRead()]), compiledNotes()]);
  return { sources, coverage, notesHtml };
}

export type SourcesReads = Awaited<ReturnType<typeof loadSourcesReads>>;

/** The page is long (every tracked asset, every run): its main sections, linked from the top. */
const CONTENTS: ReadonlyArray<[id: string, label: string]> = [
  ['methodology', 'Methodology'],
  ['coverage', 'What the totals cover'],
  ['assets', 'Tracked assets'],
  ['snapshot-comparison', 'First live run against the snapshot'],
  ['runs', 'Last ingest runs'],
  ['snapshot', 'The snapshot'],
  ['fixed-texts', 'Fixed texts'],
];

/** The contents list, without the comparison until a first live run has one. */
export function sourcesContents(hasComparison: boolean): Array<{ href: string; label: string }> {
  return CONTENTS.filter(([id]) => id !== 'snapshot-comparison' || hasComparison).map(([id, label]) => ({ href: `#${id}`, label }));
}

/**
 * The snapshot's notes as the page shows them: their link to public-figures.md beside them goes to
 * the site's own page of it, the section on regenerating the files (written for the repository) is
 * left out, and each wide table scrolls in a region a keyboard can reach.
 */
export function snapshotNotes(html: string): string {
  return wrapTables(
    dropSections(mapLinks(html, { 'public-figures.md': '/sources/public-figures' }), ['regenerating']),
    "The snapshot's files table",
  );
}

/** The first published run against the snapshot, per class; null before there is one (no section, no contents entry). */
function comparisonRows(comparison: SourcesData['comparison']) {
  if (comparison.length === 0) return null;
  return comparison.map((c) => ({
    assetClass: c.assetClass,
    live: usd(c.live),
    snapshot: usd(c.snapshot),
    share: c.share === null ? 'unavailable' : `${c.share}%`,
  }));
}

/** One figure per product of the snapshot, with its page and what the figure is. */
function snapshotProducts(products: readonly SnapshotProduct[], links: EntityLinks) {
  return products.map((p) => ({
    name: p.name,
    href: links.asset(p.symbol),
    symbol: p.symbol,
    assetClass: p.assetClass,
    networks: p.networks.join(', '),
    marketCap: usd(p.marketCap),
    figure: figureLabel(p.figure),
  }));
}

/**
 * The page from its reads, a pure step. `ingest` is the configured bounds the statements of method
 * name; `links` finds the site's page of an asset or an issuer.
 */
export function buildSourcesPage(r: SourcesReads, { ingest, links }: { ingest: IngestConfig; links: EntityLinks }) {
  const { sources, coverage } = r;
  const { registry } = sources;
  return {
    asOf: sources.asOf,
    /** The published run the figures come from; null: the snapshot is served. */
    publishedRun: sources.publishedRun ?? null,
    servedOn: longDay(sources.asOf),
    offline: offlineNote(sources.runs, sources.publishedRun, sources.asOf),
    contents: sourcesContents(sources.comparison.length > 0),
    // Every statement of method is generated from the code's constants and the registry (methods.ts).
    methods: methodStatements(ingest, registry),
    coverage: coverageView(coverage),
    heldByShare: heldByShare(coverage.doubleCounts),
    overlap: reserveOverlap(coverage.overlap, registry),
    holdings: whoHoldsWhom(coverage, registry),
    registryError: sources.registryError ?? null,
    /** Null without a registry (its error is shown instead). */
    tracked: registry ? trackedRows(registry, sources, coverage.gaps, links) : null,
    longTail: registry ? longTailRows(registry, sources.observations, links) : null,
    comparison: comparisonRows(sources.comparison),
    runs: runRows(sources.runs),
    notesHtml: snapshotNotes(r.notesHtml),
    products: snapshotProducts(snapshot.products, links),
    fixedTexts: SPEC_FIXED_TEXTS,
  };
}
