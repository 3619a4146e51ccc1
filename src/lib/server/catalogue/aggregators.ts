/**
 * The aggregator sources (DefiLlama's APIs), declared as the chain families are: how each reads
 * supply and holders (the method text) and who answers its receipt, with the variable that
 * configures its endpoint. Their readers live in the ingest (sources/defillama*.ts) and are named
 * by these ids.
 */

/**
 * The members of a protocol answer the ingest does not read, left out as it streams: the per-day
 * token breakdowns (about 600 tokens on each of 3 chains for ondo-global-markets, over the 20 MB
 * cap with them), at the top and under each chain.
 */
export const PROTOCOL_DROPPED_KEYS = ['tokens', 'tokensInUsd', 'tokenBreakdowns'] as const;

/** How far back the history is kept: the two years the snapshot's charts cover. */
export const HISTORY_DAYS = 731;

export interface AggregatorDeclaration {
  id: string;
  method: { supply: string; holders: string };
  /** Who answers a receipt's command, and the variable of the endpoint (a configured URL may hide a key in its path); null: no receipt. */
  receipt: { by: string; variable: string } | null;
}

/** The id of DefiLlama's protocol source (the long tail no reader covers). */
export const DEFILLAMA_PROTOCOL = 'defillama-protocol';

const NO_HOLDERS = 'not in the API: unavailable (never erasing counts other sources give)';

const AGGREGATORS: readonly AggregatorDeclaration[] = [
  {
    id: 'defillama',
    method: {
      supply: 'DefiLlama stablecoins API: the day’s circulating amount per chain (the answer’s symbol must be the asset’s, else refused)',
      holders: NO_HOLDERS,
    },
    receipt: { by: "DefiLlama's stablecoins API", variable: 'DEFILLAMA_STABLECOINS_URL' },
  },
  {
    id: DEFILLAMA_PROTOCOL,
    method: {
      supply: `DefiLlama protocol API: dollars per chain at the close (no token supply); answers streamed, leaving out ${PROTOCOL_DROPPED_KEYS.join(', ')}, within the 20 MB cap`,
      holders: NO_HOLDERS,
    },
    receipt: { by: "DefiLlama's protocol API", variable: 'DEFILLAMA_TVL_URL' },
  },
  {
    id: 'defillama-history',
    method: {
      supply: `DefiLlama history APIs (/stablecoincharts/all, /stablecoincharts/{chain}, /protocol/{slug}): dollars per day for the last ${HISTORY_DAYS} days, a row stamped 00:00 UTC counted as the previous day’s close, intraday rows left out; only for days no run read, each point with its URL`,
      holders: NO_HOLDERS,
    },
    receipt: null,
  },
];

export const aggregatorById = (id: string): AggregatorDeclaration | undefined => AGGREGATORS.find((a) => a.id === id);
