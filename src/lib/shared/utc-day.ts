/**
 * Calendar days in UTC, written YYYY-MM-DD: the unit every figure of the site is dated by. One place
 * for the arithmetic, so a day always starts at 00:00 UTC and a shift never drifts by a time zone.
 * Pure; used by the server, the ingest and the islands alike.
 */
export const DAY_MS = 86_400_000;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day of an instant (milliseconds). */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** 00:00 UTC of the day. */
export const dayStart = (date: string): number => Date.parse(date + 'T00:00:00Z');

/** 00:00 UTC after the day: the moment the day's figures are read at. */
export const dayEnd = (date: string): number => dayStart(date) + DAY_MS;

/** The day `days` later (earlier when negative). */
export const shiftDay = (date: string, days: number): string => isoDay(dayStart(date) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((dayStart(to) - dayStart(from)) / DAY_MS);

/** Every day from `from` to `to`, inclusive; none when `to` is earlier. */
export function eachDay(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = dayStart(from); t <= dayStart(to); t += DAY_MS) out.push(isoDay(t));
  return out;
}

/** A calendar date YYYY-MM-DD that exists (2025-02-30 does not). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const t = dayStart(value);
  return Number.isFinite(t) && isoDay(t) === value;
}
