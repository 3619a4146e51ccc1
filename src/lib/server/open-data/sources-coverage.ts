/**
 * /sources' "What the totals cover", the pure steps: each asset class's tracked value against its
 * one primary reference (or why it has none) and what its share cell says, the overall row, the
 * leads not used, the products not tracked and the chains no reader covers yet.
 */
import type { Coverage } from '#lib/server/figures/coverage-data.ts';
import { formatDay } from '#lib/shared/format.ts';
import { datedFigure, longDay, shortDay, usd, type DatedFigure, type Day } from './sources-view.ts';

type Status = Coverage['classes'][number]['status'];

/** A reference cell: the primary figure and what it counts, or why there is none. */
export type ReferenceCell = { kind: 'none'; text: string } | ({ kind: 'figure'; basis: string } & DatedFigure);

/** Before a run the tracked value is not known: the snapshot is what the site shows. */
const trackedText = (value: number | null) => (value === null ? 'unavailable (the snapshot is shown)' : usd(value));

function referenceCell(
  reference: Coverage['classes'][number]['reference'],
  noReference: string | null,
  approximate: (r: NonNullable<Coverage['classes'][number]['reference']>) => boolean,
): ReferenceCell {
  if (reference === null) return { kind: 'none', text: `none: ${noReference}` };
  return { kind: 'figure', ...datedFigure(reference, longDay, approximate(reference)), basis: reference.basis };
}

/** What a class's share cell says for each status: a basis mismatch explains itself, an unknown share says why. */
export function classShareText(status: Status, coveragePct: number | null): string {
  switch (status) {
    case 'covered':
      return `${coveragePct}%`;
    case 'basis mismatch':
      return `${coveragePct}%: a basis mismatch (the tracked value is above the class's reference: the two count different things)`;
    case 'no reference':
      return 'unknown: no primary reference';
    default:
      return 'unknown';
  }
}

/** The overall row's share: a basis mismatch is named (the class rows above explain it), any other unknown is plain. */
export function overallShareText(status: Status, coveragePct: number | null): string {
  if (status === 'covered') return `${coveragePct}%`;
  if (status === 'basis mismatch') return `${coveragePct}%: a basis mismatch`;
  return 'unknown';
}

export interface CoverageClassRow {
  /** The row's data-* attributes: the class, its share (empty when unknown), its status and its reference's day. */
  data: { class: string; coverage: number | ''; status: Status; referenceDate: string };
  assetClass: string;
  /** The tracked assets of the class, listed under its name; null when it has none. */
  trackedAssets: string | null;
  tracked: string;
  reference: ReferenceCell;
  share: string;
}

function classRow(c: Coverage['classes'][number]): CoverageClassRow {
  return {
    data: { class: c.assetClass, coverage: c.coveragePct ?? '', status: c.status, referenceDate: c.reference?.date ?? '' },
    assetClass: c.assetClass,
    trackedAssets: c.trackedAssets.length > 0 ? c.trackedAssets.join(', ') : null,
    tracked: trackedText(c.trackedValue),
    reference: referenceCell(c.reference, c.noReference, (r) => r.approximate),
    share: classShareText(c.status, c.coveragePct),
  };
}

/** The overall row: its reference is shown without ≈, as the figure is stated. */
function overallRow(o: Coverage['overall']) {
  return {
    data: { coverage: o.coveragePct ?? '', status: o.status },
    tracked: trackedText(o.trackedValue),
    reference: referenceCell(o.reference, o.noReference, () => false),
    share: overallShareText(o.status, o.coveragePct),
  };
}

export interface LeadGroup {
  label: string;
  leads: Array<DatedFigure & { why: string }>;
}

/** The figures seen only where they were repeated, per class and then overall; a group without any is left out. */
function leadGroups(coverage: Pick<Coverage, 'classes' | 'overall'>): LeadGroup[] {
  return [
    ...coverage.classes.map((c) => ({ label: c.assetClass, leads: c.leads })),
    { label: 'All except stablecoins', leads: coverage.overall.leads },
  ]
    .filter((g) => g.leads.length > 0)
    .map((g) => ({ label: g.label, leads: g.leads.map((r) => ({ ...datedFigure(r, shortDay), why: r.why })) }));
}

/** Products of the market the registry does not track, each with why and its source; null when there are none (no heading). */
function untrackedProducts(untracked: Coverage['untracked']) {
  if (untracked.length === 0) return null;
  return untracked.map((u) => ({
    assetClass: u.assetClass,
    text: `${u.name} (${u.issuer}, ${u.assetClass}): ${u.note}`,
    source: u.source,
  }));
}

/** Chains no reader covers, with the tracked assets there and DefiLlama's dollars where it gives them. */
function notCoveredRows(notCovered: Coverage['notCovered']) {
  return notCovered.map((n) => ({
    data: { chain: n.chain, family: n.family },
    chain: `${n.chain} (${n.family})`,
    assets: n.assets.map((a) => (a.note ? `${a.symbol} (${a.note})` : a.symbol)).join('; '),
    defillama: n.defillamaValue === null ? 'no figure' : usd(n.defillamaValue),
  }));
}

export interface CoverageView {
  /** The day the tracked values are of, and what they count. */
  trackedOn: Day;
  basis: string;
  note: string | null;
  columns: string[];
  classes: CoverageClassRow[];
  overall: ReturnType<typeof overallRow>;
  leads: LeadGroup[];
  untracked: ReturnType<typeof untrackedProducts>;
  notCovered: { columns: string[]; rows: ReturnType<typeof notCoveredRows> };
}

export function coverageView(coverage: Coverage): CoverageView {
  const day = formatDay(coverage.asOf);
  return {
    trackedOn: longDay(coverage.asOf),
    basis: coverage.basis,
    note: coverage.note,
    columns: ['Asset class', `Tracked value (${day}, gross)`, 'Reference (date, source, basis)', 'Share covered'],
    classes: coverage.classes.map(classRow),
    overall: overallRow(coverage.overall),
    leads: leadGroups(coverage),
    untracked: untrackedProducts(coverage.untracked),
    notCovered: {
      columns: ['Chain (family)', 'Tracked assets there', `DefiLlama (${day})`],
      rows: notCoveredRows(coverage.notCovered),
    },
  };
}
