/**
 * Every figure known for one asset, side by side: the chain's own (the readers' sum),
 * the issuer's published AUM (the registry's dated public figure), DefiLlama's, and the public
 * reference of its class, each with its gap to the chain's figure in percent and why the two
 * differ. A gap over 5% is flagged. Pure: the asset page's reads give the rows
 * (asset-page.ts), so each rule is unit-tested on rows.
 */
import type { z } from 'zod';
import type { RegistryAsset } from '#lib/server/catalogue/registry.ts';
import { isAggregator } from '#lib/server/figures/precedence.ts';
import { referenceOf } from '#lib/server/figures/coverage-references.ts';
import { gapPercent } from '#lib/shared/open-data/quality.ts';
import { daysBetween } from '#lib/shared/utc-day.ts';
import { withMoney, type WithNumbers } from '#lib/shared/money.ts';
import type { reconciliationSchema } from '#lib/shared/schemas/asset-checks.ts';

/** A gap beyond this (percent of the chain's figure, either way) is flagged. */
const GAP_FLAG_PCT = 5;

type ReconciliationAnswer = z.output<typeof reconciliationSchema>;
/** One source's figure beside the chain's: the answer's row, with its value in dollars (gapPct rounded to 2 decimals). */
export type ReconciliationRow = WithNumbers<ReconciliationAnswer['rows'][number], 'value'>;
/** The answer less the asset's id (the page's), its rows in dollars; `unknown` is the section's one line when no source gives a figure. */
export type Reconciliation = Omit<ReconciliationAnswer, 'id' | 'rows'> & { rows: ReconciliationRow[] };

const METHOD = `Each figure beside the chain's own (the sum of every chain reader's value for the asset on the day: totalSupply() minus excluded wallets, times the price), with the gap in percent of the chain's figure. A gap over ${GAP_FLAG_PCT}% either way is flagged. The class reference is a total for the whole class, shown as this asset's share of it, not as a gap.`;

/** One published figure of the day: the chosen one of a chain, or a source publish did not choose (read-model.ts). */
interface Obs {
  date: string;
  assetSymbol: string;
  chain: string;
  source: string;
  value: number | null;
  apiUrl: string | null;
}

/** Why a reconciliation with no figure from any source is empty; each row's note says more. */
const NO_FIGURE =
  "no source gives a figure of this asset yet: neither the chain's own reading, nor the issuer's published AUM, nor DefiLlama, nor a primary figure of its class";

const round2 = (n: number) => Math.round(n * 100) / 100;
const list = (xs: string[]) => xs.join(', ');

function sumOf(rows: Obs[]): { value: number; chains: string[]; url: string | null; source: string } | null {
  // One figure per chain and kind: the published rows give at most one of each; a second is never added twice.
  const perChain = new Map<string, Obs>();
  for (const o of rows) if (o.value !== null && !perChain.has(o.chain)) perChain.set(o.chain, o);
  const valued = [...perChain.values()];
  if (!valued.length) return null;
  return {
    value: valued.reduce((s, o) => s + o.value!, 0),
    chains: valued.map((o) => o.chain).sort(),
    url: valued.find((o) => o.apiUrl)?.apiUrl ?? null,
    source: valued[0].source,
  };
}

function gapRow(base: Omit<ReconciliationRow, 'gapPct' | 'flagged'>, chain: number | null): ReconciliationRow {
  const gapPct = base.value === null ? null : gapPercent(chain, base.value);
  return { ...base, gapPct, flagged: gapPct !== null && Math.abs(gapPct) > GAP_FLAG_PCT };
}

/**
 * The asset's figures on `date` (the last day observed): `day` holds every served observation of
 * that day (chain readers and aggregators alike), `asset` its registry entry.
 */
export function reconcile(input: {
  asOf: string;
  date: string | null;
  day: Obs[];
  asset: RegistryAsset | undefined;
  assetClass: string;
}): Reconciliation {
  const { date, asset } = input;
  const chain = sumOf(input.day.filter((o) => !isAggregator(o.source)));
  const llama = sumOf(input.day.filter((o) => isAggregator(o.source)));
  const chainValue = chain ? chain.value : null;
  const rows: ReconciliationRow[] = [];
  rows.push({
    kind: 'chain',
    label: "The chain's own",
    value: chain ? round2(chain.value) : null,
    date: chain ? date : null,
    url: null,
    gapPct: null,
    flagged: false,
    note: chain
      ? `Read from ${list(chain.chains)} at the day's closing blocks: supply in circulation (excluded wallets left out) times the price.`
      : asset?.source === 'evm'
        ? 'No chain reading of this asset is published for the day.'
        : 'No chain reader covers this asset: its figure comes from DefiLlama only.',
  });
  const aum = asset?.issuerAum;
  const apart = aum && date ? daysBetween(aum.date, date) : null;
  rows.push(
    gapRow(
      {
        kind: 'issuer',
        label: "The issuer's published AUM",
        value: aum ? Number(aum.usd) : null,
        date: aum?.date ?? null,
        url: aum?.source ?? null,
        note: aum
          ? [
              aum.note,
              apart !== null && apart !== 0
                ? `Dated ${Math.abs(apart)} days ${apart > 0 ? 'before' : 'after'} the chain's figure: the fund's flows and price moves in between are part of the gap.`
                : null,
            ]
              .filter(Boolean)
              .join('. ')
          : 'Unknown: no dated public figure from the issuer is recorded in our token list.',
      },
      chainValue,
    ),
  );
  rows.push(
    gapRow(
      {
        kind: 'defillama',
        label: "DefiLlama's",
        value: llama ? round2(llama.value) : null,
        date: llama ? date : null,
        url: llama?.url ?? null,
        note: llama
          ? [
              `DefiLlama's ${llama.source} figure for the same day on ${list(llama.chains)}: its own adapter's contracts, exclusions and price.`,
              chain && list(chain.chains) !== list(llama.chains)
                ? `It covers ${list(llama.chains)} where the chain's figure covers ${list(chain.chains)}: the chains one side has and the other lacks are part of the gap.`
                : null,
            ]
              .filter(Boolean)
              .join(' ')
          : asset?.defillamaProtocol || asset?.source !== 'evm'
            ? 'Unknown: DefiLlama gave no figure for this asset on this day.'
            : 'Unknown: this asset is not mapped to a DefiLlama protocol in our token list.',
      },
      chainValue,
    ),
  );
  // The class's one fixed primary figure (coverage-references.ts), never a repost: none is known today.
  const ref = referenceOf(input.assetClass)?.reference ?? null;
  const share = ref && chainValue !== null ? round2((chainValue / ref.value) * 100) : null;
  rows.push({
    kind: 'classReference',
    label: `The public reference of its class (${input.assetClass})`,
    value: ref?.value ?? null,
    date: ref?.date ?? null,
    url: ref?.url ?? null,
    gapPct: null,
    flagged: false,
    note: ref
      ? `${ref.approximate ? 'About ' : ''}the whole class as ${ref.name} measured it (${ref.basis}), not a figure of this asset: ${share === null ? "this asset's share of it is unknown without the chain's figure" : `this asset's chain figure is ${share}% of it`}.`
      : `Unknown: no figure of the whole class from a primary source was found (the issuer, a fund's filings, rwa.xyz's own pages or DefiLlama's API); reposts are not used.`,
  });
  return {
    asOf: input.asOf,
    thresholdPct: GAP_FLAG_PCT,
    rows,
    method: METHOD,
    unknown: rows.some((r) => r.value !== null) ? null : NO_FIGURE,
  };
}

/** Money leaves the API as decimal strings (api-money.ts). */
export const reconciliationRowsForApi = (r: Reconciliation) => r.rows.map((row) => withMoney(row, ['value']));
export const reconciliationForApi = (id: string, r: Reconciliation) => ({ id, ...r, rows: reconciliationRowsForApi(r) });
export const RECONCILIATION_COLUMNS = ['kind', 'label', 'value', 'date', 'url', 'gapPct', 'flagged', 'note'] as const;
