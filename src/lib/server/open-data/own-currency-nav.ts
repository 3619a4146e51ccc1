/**
 * A fund whose NAV is struck in another currency (Spiko's EUTBL: euros) is valued in dollars as
 * its NAV feed times a dollar-rate feed (registry `price.quote`). Its yield is the growth of that
 * NAV in its own currency: a dollar price would annualise the EUR/USD move as if it were income.
 * The own-currency NAV is not a column of its own; it is the NAV feed's answer the price read kept
 * in its receipt (the raw latestRoundData() and decimals() of `price.address`), read back here.
 */
import type { EvmReceipt, ReceiptCall } from '#lib/shared/receipts.ts';

/** A 32-byte word of a raw ABI answer, as a signed (int256) or unsigned number. */
function word(raw: string, index: number, signed: boolean): bigint | null {
  const hex = raw.startsWith('0x') ? raw.slice(2) : raw;
  const w = hex.slice(index * 64, index * 64 + 64);
  if (w.length !== 64 || !/^[0-9a-fA-F]+$/.test(w)) return null;
  const n = BigInt(`0x${w}`);
  return signed && n >= 1n << 255n ? n - (1n << 256n) : n;
}

/** The NAV feed's answer in its own currency, from the price calls a receipt kept; null when they are not there. */
function ownCurrencyNav(feed: string, calls: readonly ReceiptCall[]): number | null {
  const at = feed.toLowerCase();
  const decimals = calls.find((c) => c.to === at && c.method.startsWith('decimals('));
  const round = calls.find((c) => c.to === at && c.method.startsWith('latestRoundData('));
  if (!decimals || !round) return null;
  const d = word(decimals.raw, 0, false);
  const answer = word(round.raw, 1, true);
  if (d === null || answer === null || answer <= 0n || d > 36n) return null;
  return Number(answer) / 10 ** Number(d);
}

/** Per day, the own-currency NAV of the observations counted that day (their receipts matched by run, chain and source). */
export function ownCurrencyNavHistory(
  feed: string,
  counted: ReadonlyArray<{ runId: number; date: string; chain: string; source: string }>,
  receipts: ReadonlyArray<{ runId: number; date: string; chain: string; source: string; body: unknown }>,
): Array<{ date: string; nav: number }> {
  const byKey = new Map(receipts.map((r) => [`${r.runId}|${r.date}|${r.chain}|${r.source}`, r.body as EvmReceipt]));
  const out = new Map<string, number>();
  for (const o of counted) {
    if (out.has(o.date)) continue;
    const body = byKey.get(`${o.runId}|${o.date}|${o.chain}|${o.source}`);
    const nav = body?.price?.calls ? ownCurrencyNav(feed, body.price.calls) : null;
    if (nav !== null) out.set(o.date, nav);
  }
  return [...out].map(([date, nav]) => ({ date, nav })).sort((a, b) => (a.date < b.date ? -1 : 1));
}
