/** Activity per day and chain and the published transfer list, from the stored Transfer logs. Pure. */
import type { transfers } from '#db/schema/index.ts';
import { shiftDay } from '#lib/shared/utc-day.ts';
import { MAX_USD, outOfBounds } from '#lib/server/catalogue/bounds.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import { issuanceWallets, type Registry } from '#lib/server/catalogue/registry.ts';
import type { GridOf } from './grid.ts';
import { round, tokenUnits } from './numbers.ts';

const ZERO = '0x0000000000000000000000000000000000000000';
const isoSeconds = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');

export interface TransferIn {
  chain: string;
  token: string;
  assetSymbol: string;
  txHash: string;
  blockTime: string;
  from: string;
  to: string;
  amount: string;
}

/**
 * Activity per day and chain, and the published list. Mints, burns and moves from or to issuer and
 * escrow wallets are issuance, not transfers between holders. A cell not published
 * fresh (failed, held) publishes none of its transfers; a transfer worth more than its asset's
 * whole value on that chain that day or the day before cannot be real, and is left out (17.5).
 */
export function buildTransfers(
  g: GridOf,
  registry: Registry,
  rows: TransferIn[],
  decimals: Map<string, number>,
  asOf: string,
  windowStart: string,
  blocked: (asset: string, chain: string) => boolean,
  chainName: (k: string) => string,
) {
  const byAsset = new Map(registry.assets.map((a) => [a.symbol, a]));
  const issuance = new Map<string, Set<string>>();
  const issuanceOf = (asset: string, chain: string) => {
    const k = cellKey(asset, chain);
    let s = issuance.get(k);
    if (!s) issuance.set(k, (s = byAsset.has(asset) ? issuanceWallets(byAsset.get(asset)!, chain) : new Set()));
    return s;
  };
  const active = new Map<string, Set<string>>();
  const volume = new Map<string, number>();
  const transferRows: Array<typeof transfers.$inferInsert> = [];
  for (const t of rows) {
    if (blocked(t.assetSymbol, t.chain)) continue;
    const day = t.blockTime.slice(0, 10);
    const key = `${day}|${t.chain}`;
    const addrs = active.get(key) ?? active.set(key, new Set()).get(key)!;
    if (t.from !== ZERO) addrs.add(t.from);
    if (t.to !== ZERO) addrs.add(t.to);
    const own = issuanceOf(t.assetSymbol, t.chain);
    if (t.from === ZERO || t.to === ZERO || own.has(t.from) || own.has(t.to)) continue;
    const price = g.priceOf.get(`${day}|${t.assetSymbol}`) ?? g.priceOf.get(`${asOf}|${t.assetSymbol}`);
    const dec = decimals.get(`${t.chain}|${t.token}`);
    if (price === undefined || dec === undefined) continue;
    const usd = Number(tokenUnits(BigInt(t.amount), dec)) * price;
    const cap = Math.max(
      g.cellValue.get(`${day}|${t.assetSymbol}|${t.chain}`) ?? 0,
      g.cellValue.get(`${shiftDay(day, -1)}|${t.assetSymbol}|${t.chain}`) ?? 0,
    );
    if (outOfBounds(usd, MAX_USD) || (cap > 0 && usd > cap)) continue;
    volume.set(key, (volume.get(key) ?? 0) + usd);
    if (t.blockTime >= windowStart)
      transferRows.push({
        assetSymbol: t.assetSymbol,
        usdAmount: round(usd),
        date: isoSeconds(t.blockTime),
        network: chainName(t.chain),
        txHash: t.txHash,
      });
  }
  return { active, volume, transferRows, indexedChains: new Set(rows.map((t) => t.chain)) };
}
