/**
 * A fund's yield from its NAV history: a fund priced by its NAV (a feed, a NAV
 * contract, a vault, a Centrifuge pool) accrues its income in its price, so its 7-day and 30-day
 * yields are its NAV's growth over the window, annualised. A $1.00-NAV fund's price does not move
 * (it pays its income as new tokens or distributions, which the ingest does not read): its yield
 * is unknown, and said why. Pure; the asset page, its API and its downloads use it.
 */
import { daysBetween, shiftDay } from './utc-day.ts';

/** The earlier NAV may be up to this many days before the window's start (a weekend, a missed day). */
const START_SLACK_DAYS = 3;

export const YIELD_METHOD = `Annualised from the published daily NAVs: (NAV on the last day ÷ NAV at the window’s start)^(365 ÷ days between them) − 1, compounded; the start is the latest NAV published on or before the day 7 (or 30) days earlier, at most ${START_SLACK_DAYS} days before it.`;

/** Price kinds that are a fund's NAV (the others are fixed, a market price, or none). */
const NAV_KINDS = new Set(['feed', 'call', 'vault', 'centrifuge']);
/** Classes whose price is a market price, not a fund's NAV (a gold feed's move is no yield). */
const NOT_FUNDS = new Set(['Stablecoins', 'Commodities', 'Stocks']);

export interface YieldFigure {
  /** Percent a year, two decimals; null when unknown. */
  value: number | null;
  /** The two NAVs compared. */
  from: { date: string; nav: number } | null;
  to: { date: string; nav: number } | null;
  unknown?: string;
}

const unknown = (why: string): YieldFigure => ({ value: null, from: null, to: null, unknown: why });

/** Why an asset has no NAV yield, or null when it is a fund priced by its NAV. */
export function noYieldReason(price: { kind: string; usd?: string }, assetClass: string): string | null {
  if (assetClass === 'Stablecoins') return 'a stablecoin: its price is held at its peg, it carries no yield';
  if (price.kind === 'fixed')
    return `a $${price.usd}-NAV fund: its price stays at $${price.usd}, and its income is paid as new tokens or distributions, which are not read`;
  if (!NAV_KINDS.has(price.kind)) return 'no price source is checked for this asset yet';
  if (NOT_FUNDS.has(assetClass)) return `not a fund priced by its NAV: a ${assetClass.toLowerCase()} price moves with its market`;
  return null;
}

/** The annualised yield over `days` ending at the last NAV on or before `asOf`. */
export function navYield(history: Array<{ date: string; nav: number }>, asOf: string, days: number): YieldFigure {
  const navs = history.filter((h) => h.date <= asOf && Number.isFinite(h.nav) && h.nav > 0).sort((a, b) => (a.date < b.date ? -1 : 1));
  const to = navs.at(-1);
  if (!to) return unknown('no NAV published yet');
  const target = shiftDay(to.date, -days);
  const from = [...navs].reverse().find((h) => h.date <= target);
  if (!from || daysBetween(from.date, target) > START_SLACK_DAYS)
    return unknown(`no NAV published on or just before ${target} (the history starts ${navs[0].date})`);
  const span = daysBetween(from.date, to.date);
  const value = Number(((Math.pow(to.nav / from.nav, 365 / span) - 1) * 100).toFixed(2));
  return { value, from, to };
}
