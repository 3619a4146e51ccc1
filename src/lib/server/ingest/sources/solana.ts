/**
 * Solana over JSON-RPC (https://solana.com/docs/rpc): `getTokenSupply(mint)` gives the supply in
 * raw units with its decimals and the slot it was read at; each excluded wallet (a token account
 * holding unissued supply) is `getTokenAccountBalance(account)`; `getBlockTime(slot)` dates the
 * reading. Every call asks for the `finalized` commitment, so a reading is never rolled back.
 * Holders are not counted: the only RPC way (getProgramAccounts over every token account) is
 * disabled on public endpoints, so the figure stays unavailable rather than estimated.
 */
import { fromUnits } from './http.ts';
import { endpointLabel, jsonRpc } from './http.ts';
import { familySource, need, type FamilyReader } from './family.ts';

interface TokenAmount {
  amount?: unknown;
  decimals?: unknown;
}

/** `{ context: { slot }, value: { amount, decimals } }`, checked field by field. */
function tokenAmount(result: unknown, what: string): { slot: number; units: bigint; decimals: number } {
  const r = result as { context?: { slot?: unknown }; value?: TokenAmount | null } | null;
  const slot = need(r?.context?.slot, `${what} context.slot`);
  const value = need(r?.value, `${what} value`);
  const amount = need(value.amount, `${what} value.amount`);
  const decimals = need(value.decimals, `${what} value.decimals`);
  if (typeof slot !== 'number' || !Number.isSafeInteger(slot) || slot < 0)
    throw new Error(`${what}: context.slot is not a slot number: refused`);
  if (typeof amount !== 'string' || !/^\d{1,40}$/.test(amount)) throw new Error(`${what}: value.amount is not an integer string: refused`);
  if (typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 30)
    throw new Error(`${what}: value.decimals is not a number of decimals: refused`);
  return { slot, units: BigInt(amount), decimals };
}

const solanaReader: FamilyReader = {
  family: 'solana',
  async open(_key, _chain, api) {
    let calls = 0;
    const rpc = (method: string, params: unknown) => {
      calls++;
      return jsonRpc(api.url, method, params, api);
    };
    // Answers at all, and is healthy ("ok"); a node behind the cluster says so here.
    const health = await rpc('getHealth', []);
    if (health !== 'ok') throw new Error(`getHealth answered ${JSON.stringify(health).slice(0, 80)}`);
    const base = endpointLabel(api.url, '');
    return {
      calls: () => calls,
      async read(_asset, d) {
        const supply = tokenAmount(await rpc('getTokenSupply', [d.address, { commitment: 'finalized' }]), 'getTokenSupply');
        let excluded = 0n;
        for (const account of d.excludeHolders) {
          const b = tokenAmount(
            await rpc('getTokenAccountBalance', [account, { commitment: 'finalized' }]),
            `getTokenAccountBalance ${account}`,
          );
          if (b.decimals !== supply.decimals)
            throw new Error(
              `excluded account ${account} holds a token with ${b.decimals} decimals, the mint has ${supply.decimals}: not this token`,
            );
          excluded += b.units;
        }
        if (excluded > supply.units) throw new Error(`excluded balances exceed the supply: refused`);
        const time = await rpc('getBlockTime', [supply.slot]).catch(() => null);
        return {
          supply: fromUnits(supply.units - excluded, supply.decimals),
          holders: null,
          block: supply.slot,
          blockTime: typeof time === 'number' && Number.isFinite(time) ? new Date(time * 1000).toISOString() : null,
          apiUrl: `${base} getTokenSupply ${d.address}`,
        };
      },
    };
  },
};

export const solanaSource = familySource(solanaReader);
