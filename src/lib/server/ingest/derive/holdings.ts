/**
 * Who holds whom, per day, from what publish picked: each reserve wallet the registry names is
 * measured where the day's chosen figure of the held product is the EVM read whose receipt kept the
 * wallet's balanceOf() at that block (valued at the same price as the figure); a stated share
 * stands in, an estimate, where no wallet is named (or none was measured that day for that pair);
 * a named wallet the day's figure did not read is unknown, with why. Pure.
 */
import { reserveWallets, type Registry } from '#lib/server/catalogue/registry.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import type { Holding } from '#lib/shared/schemas/holdings.ts';
import type { Obs } from '../cells.ts';
import { round } from './numbers.ts';

/** A receipt's reserve balances, whole tokens as decimal strings, keyed by `reserveKey`. */
export type ReserveReads = Map<string, Array<{ wallet: string; balance: string }>>;

/** The receipt an observation's reserve balances are kept under: its run, day, product and chain. */
export const reserveKey = (runId: number, date: string, asset: string, chain: string) => `${runId}|${date}|${asset}|${chain}`;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Every holding of every day the picked figures cover, oldest first. */
export function buildHoldings(registry: Registry, picked: Iterable<Obs>, reserves: ReserveReads): Holding[] {
  const byDate = new Map<string, Map<string, Obs>>(); // date -> `asset|chain` -> figure
  const holderValue = new Map<string, Map<string, number>>(); // date -> symbol -> value, all chains
  for (const o of picked) {
    (byDate.get(o.date) ?? byDate.set(o.date, new Map()).get(o.date)!).set(cellKey(o.assetSymbol, o.chain), o);
    if (o.value !== null) {
      const m = holderValue.get(o.date) ?? holderValue.set(o.date, new Map()).get(o.date)!;
      m.set(o.assetSymbol, (m.get(o.assetSymbol) ?? 0) + o.value);
    }
  }
  const out: Holding[] = [];
  for (const date of [...byDate.keys()].sort()) {
    const cells = byDate.get(date)!;
    const values = holderValue.get(date)!;
    const valueOf = (symbol: string) => (values?.has(symbol) ? round(values.get(symbol)!) : null);
    for (const a of registry.assets) {
      const measured = new Set<string>(); // holders with a measured holding of `a` that day
      for (const w of reserveWallets(a)) {
        const base = {
          date,
          holder: w.holder,
          holderKind: w.holderKind,
          wallet: w.address.toLowerCase(),
          walletName: w.name,
          asset: a.symbol,
          chain: w.chain,
          share: null,
          holderValue: valueOf(w.holder),
          source: w.source,
        };
        const o = cells.get(cellKey(a.symbol, w.chain));
        const read = o && o.source === 'evm' ? reserves.get(reserveKey(o.runId, date, a.symbol, w.chain)) : undefined;
        const found = read?.find((r) => same(r.wallet, w.address));
        if (!o || !found) {
          const note = !o
            ? `no published figure of ${a.symbol} on ${w.chain} that day`
            : o.source !== 'evm'
              ? `${a.symbol} on ${w.chain} that day is ${o.source}'s figure, not a read of the chain at its close`
              : `the day's read of ${a.symbol} on ${w.chain} did not read this wallet (a figure carried from an earlier day, or read before the wallet was registered)`;
          out.push({ ...base, basis: 'unknown', balance: null, value: null, blockNumber: null, receiptRunId: null, note });
          continue;
        }
        measured.add(w.holder);
        out.push({
          ...base,
          basis: 'measured',
          balance: found.balance,
          value: o.price === null ? null : round(Number(found.balance) * o.price),
          blockNumber: o.blockNumber ?? null,
          receiptRunId: o.runId,
          note: o.price === null ? `${a.symbol} has no price that day: the balance is kept, no value` : null,
        });
      }
      const stated = [
        ...a.heldByFunds.flatMap((h) =>
          'share' in h ? [{ holder: h.fund, holderKind: 'fund' as const, share: h.share, source: h.source }] : [],
        ),
        ...a.heldByStablecoins.flatMap((h) =>
          'share' in h ? [{ holder: h.stablecoin, holderKind: 'stablecoin' as const, share: h.share, source: h.source }] : [],
        ),
      ];
      // What a stated share can stand for that day: never more than the held product's own value, and
      // nothing on a day the product has no figure (no total counts it then, so none counts it twice).
      const held = valueOf(a.symbol);
      for (const s of stated) {
        if (measured.has(s.holder)) continue;
        const hv = valueOf(s.holder);
        const share = Number(s.share);
        out.push({
          date,
          holder: s.holder,
          holderKind: s.holderKind,
          wallet: null,
          walletName: null,
          asset: a.symbol,
          chain: null,
          basis: 'estimate',
          balance: null,
          value: hv === null || held === null ? null : round(Math.min(hv * share, held)),
          share,
          holderValue: hv,
          blockNumber: null,
          receiptRunId: null,
          source: s.source,
          note:
            held === null
              ? `no published figure of ${a.symbol} that day: no total counts it, so nothing of it is netted`
              : `an estimate: ${s.holder}'s value that day times the ${round(share * 100, 2)}% its documents state (at most ${a.symbol}'s own value); no wallet is published to read`,
        });
      }
    }
  }
  return out;
}
