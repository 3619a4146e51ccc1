/**
 * The pieces every section of /sources is made of, decided in one place: money by the spec's
 * currency rule and a day as a `<time>` shows it.
 */
import { formatCurrency, formatLongDate } from '#lib/shared/format.ts';

/** Money by the spec's currency rule (src/lib/shared/format.ts), as on every page; a figure not known says so, never $0. */
export const usd = (n: number | null) => (n === null ? 'unavailable' : formatCurrency(n));

/** A day as a `<time>` shows it: the ISO date for machines, the words for readers. */
export interface Day {
  datetime: string;
  text: string;
}

/** A day in full ("May 6, 2025"), for a sentence. */
export const longDay = (iso: string): Day => ({ datetime: iso, text: formatLongDate(iso) });
