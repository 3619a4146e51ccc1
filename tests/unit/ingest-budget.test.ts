/**
 * A run's one time budget (src/lib/server/ingest/budget.ts): retries back off only within it, a
 * request's timeout is cut to what is left, and once it is spent the reads say so. Outside a run
 * nothing is bounded.
 */
import { describe, expect, it } from 'vitest';
import { budgetSpent, msLeft, withinBudget, withinTimeout } from '#lib/server/ingest/budget.ts';
import { withRetry } from '#lib/server/ingest/rpc.ts';

const env = (seconds: number) => ({ INGEST_TIME_BUDGET_S: String(seconds) }) as NodeJS.ProcessEnv;

describe('the run time budget', () => {
  it('stops retrying a failing read when the budget ends, not after six backoffs', async () => {
    let tries = 0;
    const started = Date.now();
    const failing = () => {
      tries++;
      return Promise.reject(new Error('status 503'));
    };
    // Six tries with a 400 ms base backoff wait 12.4 s; the budget is 1 s.
    await expect(withinBudget(env(1), Date.now(), () => withRetry('x', failing, undefined, 400))).rejects.toThrow('status 503');
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(tries).toBeLessThan(6);
  });

  it('cuts a timeout to what is left, and names the budget once it is spent', async () => {
    expect(msLeft()).toBe(Infinity);
    expect(withinTimeout(30_000)).toBe(30_000);
    expect(budgetSpent()).toBeNull();
    await withinBudget(env(2), Date.now(), async () => {
      expect(withinTimeout(30_000)).toBeLessThanOrEqual(2_000);
      expect(budgetSpent()).toBeNull();
    });
    await withinBudget(env(1), Date.now() - 5_000, async () => {
      expect(withinTimeout(30_000)).toBe(1);
      expect(budgetSpent()).toBe("the run's time budget (1 s, INGEST_TIME_BUDGET_S) is spent");
    });
  });
});
