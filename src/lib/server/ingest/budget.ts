/**
 * A run's one time budget (INGEST_TIME_BUDGET_S), whole: it starts when the run holds the lock and
 * bounds every read in it. A request waits at most what is left (its own timeout otherwise), a retry
 * backs off only within it, and a source not started when it is spent is not read; the run then
 * publishes what it has and releases the lock. Without it, a slow-drip upstream held the lock for
 * about 55 minutes (every request retried 6 times at its full timeout).
 *
 * The deadline travels with the run's async work (AsyncLocalStorage), so the readers need no new
 * parameter and two runs in one process never share one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { configFor } from '#lib/server/config.ts';

interface Budget {
  deadline: number;
  seconds: number;
}

const current = new AsyncLocalStorage<Budget>();

/** The run's deadline: the one rule, from its start and INGEST_TIME_BUDGET_S. */
export function runDeadline(env: NodeJS.ProcessEnv, startedMs: number): number {
  return startedMs + configFor(env).ingest.timeBudgetS * 1000;
}

/** Runs `fn` (a run's reads) under the budget of a run that started at `startedMs`. */
export function withinBudget<T>(env: NodeJS.ProcessEnv, startedMs: number, fn: () => Promise<T>): Promise<T> {
  return current.run({ deadline: runDeadline(env, startedMs), seconds: configFor(env).ingest.timeBudgetS }, fn);
}

/** Milliseconds left in the run's budget (Infinity outside a run: a unit test, a one-off read). */
export function msLeft(): number {
  const b = current.getStore();
  return b ? b.deadline - Date.now() : Infinity;
}

/** A request's timeout, cut to what is left of the budget (at least 1 ms: the request fails at once). */
export const withinTimeout = (ms: number) => Math.max(1, Math.min(ms, msLeft()));

/** Why a read was not made: the budget is spent (null while time is left). */
export function budgetSpent(): string | null {
  const b = current.getStore();
  return b && Date.now() >= b.deadline ? `the run's time budget (${b.seconds} s, INGEST_TIME_BUDGET_S) is spent` : null;
}
