/**
 * A run's plan, computed once when it starts and passed to every step: which days it reads, how
 * the EVM chains' block is chosen (each day's closing block, or today's finalized head), which
 * days' rows of this run stand for the as-of day, until when the Transfer logs are read, and how
 * many times it publishes. No step asks how the run was started; each reads the plan.
 */
import { shiftDay } from '#lib/shared/utc-day.ts';

export type BlockPolicyKind = 'close' | 'head';

export interface RunPlan {
  /** The days read, oldest first; the last is the as-of day published. */
  dates: string[];
  /**
   * 'close': every source reads each day at its close. 'head': the EVM chains are read at their
   * finalized head for today (no archive state needed), the other sources at the last closed day.
   */
  blocks: BlockPolicyKind;
  /**
   * How many days before the as-of day this run's rows still count as its fresh figures: 0, or 1
   * when the sources that cannot read a head read the last close (the breaker compares those rows,
   * and a cell with no row today shows this run's row of the day before, marked as read then).
   */
  carryBack: 0 | 1;
  /** No Transfer-log range is started after this time (ms): the rest waits at its checkpoint. */
  logDeadline: number;
  /** 1: read everything, then publish. 2: publish the figures read, then the logs, then publish again. */
  publishes: 1 | 2;
}

/** The day a source that cannot read at a head reads in this plan: the date itself, or the last closed day. */
export const closedDay = (plan: Pick<RunPlan, 'carryBack'>, date: string) => shiftDay(date, -plan.carryBack);

/** The plan of a run of `dates` (head: today's one date at the heads) whose time budget ends at `deadline` (ms). */
export function planRun(dates: string[], head: boolean, deadline: number): RunPlan {
  return {
    dates,
    blocks: head ? 'head' : 'close',
    carryBack: head ? 1 : 0,
    logDeadline: deadline,
    publishes: head ? 2 : 1,
  };
}
