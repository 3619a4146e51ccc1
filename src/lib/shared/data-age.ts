/**
 * How old the figures on a page are, in words: a page whose figures are two or more
 * days old says so beside its as-of date, and why ("439 days old: offline snapshot", "2 days old:
 * the last run failed"). A daily run publishes yesterday's close, so one day old is current; two
 * means at least one run is missing. Pure: the caller passes today and the state of the runs.
 */
import { formatNumber } from './format.ts';
import { daysBetween } from './utc-day.ts';

export interface RunState {
  /** A live run has been published (the figures are not the embedded snapshot). */
  published: boolean;
  /** The status of the latest run, if any run was ever started. */
  lastStatus?: 'running' | 'published' | 'held' | 'failed';
  /** The latest run reached no source at all (every host unresolvable or refusing). */
  offline?: boolean;
}

export interface AgeNote {
  days: number;
  /** "439 days old: offline snapshot". */
  text: string;
  /** The reason is on /sources: the page links there ("see Sources"). */
  seeSources: boolean;
}

/**
 * How old a page's figures are, said on every data page: in words always ('from today', '1 day
 * old', or the age note's text), and the note itself when they are old (the notice across the top).
 */
export interface Freshness {
  /** The figures' as-of day. */
  asOf: string;
  days: number;
  words: string;
  note: AgeNote | null;
}

export function freshness(asOf: string, today: string, run: RunState): Freshness {
  const days = daysBetween(asOf, today);
  const note = ageNote(asOf, today, run);
  if (!Number.isFinite(days)) return { asOf, days: 0, words: 'of an unknown age', note };
  const words = note ? note.text : days <= 0 ? 'from today' : `${formatNumber(days)} day old: yesterday's close`;
  return { asOf, days, words, note };
}

/** Figures this many days old or more are called old. */
const OLD_AFTER_DAYS = 2;

export function ageNote(asOf: string, today: string, run: RunState): AgeNote | null {
  const days = daysBetween(asOf, today);
  if (!Number.isFinite(days) || days < OLD_AFTER_DAYS) return null;
  const [why, seeSources] = reason(run);
  return { days, text: `${formatNumber(days)} days old: ${why}`, seeSources };
}

function reason(run: RunState): [string, boolean] {
  if (!run.published) {
    if (run.offline) return ['offline snapshot', false];
    if (run.lastStatus === 'running') return ['snapshot; the first live run is under way', false];
    if (run.lastStatus === 'failed' || run.lastStatus === 'held') return ['snapshot; the last run failed', true];
    return ['snapshot', false];
  }
  if (run.offline) return ['offline, the last run reached no source', true];
  if (run.lastStatus === 'failed') return ['the last run failed', true];
  if (run.lastStatus === 'held') return ['the last run was held', true];
  if (run.lastStatus === 'running') return ['a new run is under way', false];
  return ['no run since', true];
}
