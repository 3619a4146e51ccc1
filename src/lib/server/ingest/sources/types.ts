/**
 * What every source of figures implements. A source reads its inputs for one day, writes raw
 * observations (with provenance) and whatever else it keeps, and reports counts. A third source
 * is one new file that exports a `Source` and one line in sources/index.ts.
 */
import type { Database } from '#db/client.ts';
import type { Registry } from '#lib/server/catalogue/registry.ts';
import type { RunPlan } from '#lib/server/ingest/plan.ts';

export interface SourceContext {
  db: Database;
  registry: Registry;
  /** The day measured (YYYY-MM-DD): figures as of its close, 00:00 UTC of the next day. */
  date: string;
  runId: number;
  env: NodeJS.ProcessEnv;
  /** Progress lines (the CLI prints them, the scheduler logs them). */
  progress: (line: string) => void;
  /** Something a reader of the run should know, kept with the run. */
  warn: (line: string) => void;
  /** Only read, write nothing (the CLI's --dry-run). */
  dryRun: boolean;
  /**
   * A part that could not be read or was refused: a whole chain, one asset (its price), or one
   * asset on one chain. The run goes on without it; its last good figures are shown stale (at most
   * 2 days). A source run without this (older callers) throws instead.
   */
  fail?: (scope: FailureScope, reason: string) => void;
  /**
   * An asset valued at a price past its staleness bound (prices.ts): its figures publish, and the
   * asset is shown "stale since <since>" with the reason.
   */
  stalePrice?: (asset: string, since: string, reason: string) => void;
  /**
   * The prices this run read for `date`, per asset symbol (null: the asset has no price method).
   * A source that `setsPrices` fills it and runs first; the others value their supply with it, so
   * no reader reads a price back from the database and the order of SOURCES does not matter.
   */
  prices?: Map<string, number | null>;
  /** The run's plan (plan.ts); a source run without one (a test, a tool) reads as a daily run at the close does. */
  plan?: RunPlan;
  /**
   * A step for after the run's first publish, when the plan publishes twice (the Transfer logs of
   * a head read): its counts are kept under `name` in the run's record.
   */
  afterPublish?: (name: string, step: () => Promise<Record<string, number>>) => void;
}

export interface FailureScope {
  chain?: string;
  asset?: string;
}

export interface Source {
  name: string;
  /** Whether the registry has anything for this source. */
  applies(registry: Registry): boolean;
  /** Reads the day's prices into `ctx.prices` (the run reads such sources first). */
  setsPrices?: boolean;
  /** Can read at a chain's head (today, not yet closed); a source that cannot reads the plan's last closed day (plan.ts). */
  readsAtHead?: boolean;
  /** Reads one day. Counts are summed into the run's record (observations, transfers, rpcCalls...). */
  run(ctx: SourceContext): Promise<Record<string, number>>;
}
