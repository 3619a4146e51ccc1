/**
 * Aptos over its REST API (https://aptos.dev/build/apis/fullnode-rest-api): `GET /` gives the
 * chain id, the ledger version and its time; every figure is then read with view functions
 * pinned to that version (`POST /view?ledger_version=N`), so supply and excluded balances are of
 * one ledger. A fungible asset (a metadata object address) is `0x1::fungible_asset::supply` and
 * `decimals`, excluded wallets `0x1::primary_fungible_store::balance`; a coin type
 * (`0x..::module::Struct`) is `0x1::coin::supply`, `decimals` and `balance`. Supply is an
 * `Option<u128>`, serialised as `{ "vec": [] }` or `{ "vec": ["123"] }`. Holders are not
 * counted (no endpoint gives them): unavailable.
 */
import { parseAptos } from '#lib/server/catalogue/addresses.ts';
import { endpointLabel, fromUnits, requestJson } from './http.ts';
import { familySource, need, type FamilyReader } from './family.ts';

const METADATA = '0x1::fungible_asset::Metadata';

function u128(v: unknown, what: string): bigint {
  if (typeof v !== 'string' || !/^\d{1,39}$/.test(v)) throw new Error(`${what} is not an unsigned integer string: refused`);
  return BigInt(v);
}

const aptosReader: FamilyReader = {
  family: 'aptos',
  async open(key, chain, api) {
    let calls = 0;
    const base = api.url.replace(/\/+$/, '');
    const info = await (async () => {
      calls++;
      const a = await requestJson(base + '/', { ...api, label: endpointLabel(base, '/') });
      if (a.status !== 200) throw new Error(`${endpointLabel(base, '/')}: status ${a.status}`);
      return a.json as Record<string, unknown>;
    })();
    const chainId = need(info.chain_id, 'chain_id');
    if (chain.chainId !== undefined && chainId !== chain.chainId)
      throw new Error(`chain "${key}" answers with chain id ${String(chainId)}, the registry expects ${chain.chainId}`);
    const version = u128(need(info.ledger_version, 'ledger_version'), 'ledger_version');
    const stamp = u128(need(info.ledger_timestamp, 'ledger_timestamp'), 'ledger_timestamp');
    const view = async (fn: string, typeArgs: string[], args: string[]): Promise<unknown[]> => {
      calls++;
      const label = endpointLabel(base, `/view ${fn}`);
      const a = await requestJson(`${base}/view?ledger_version=${version}`, {
        ...api,
        method: 'POST',
        body: { function: fn, type_arguments: typeArgs, arguments: args },
        label,
      });
      if (a.status !== 200) {
        const m = (a.json as { message?: unknown } | null)?.message;
        throw new Error(`${label}: status ${a.status}${typeof m === 'string' ? ` (${m.slice(0, 120)})` : ''}`);
      }
      const values: unknown = a.json;
      if (!Array.isArray(values)) throw new Error(`${label}: the answer is not a list of return values: refused`);
      return values as unknown[];
    };
    return {
      calls: () => calls,
      async read(_asset, d) {
        const token = parseAptos(d.address);
        if (!token) throw new Error('not an Aptos token');
        const [mod, typeArgs, subject] =
          token.kind === 'coin'
            ? (['0x1::coin', [token.coinType], []] as const)
            : (['0x1::fungible_asset', [METADATA], [token.metadata]] as const);
        const [supplyOpt] = await view(`${mod}::supply`, [...typeArgs], [...subject]);
        const vec = (supplyOpt as { vec?: unknown } | null)?.vec;
        if (!Array.isArray(vec)) throw new Error('supply is not an Option (no "vec"): refused');
        if (vec.length === 0) throw new Error('the token does not track its supply (Option::none): not counted');
        const total = u128(vec[0], 'supply');
        const [dec] = await view(`${mod}::decimals`, [...typeArgs], [...subject]);
        if (typeof dec !== 'number' || !Number.isInteger(dec) || dec < 0 || dec > 30) throw new Error('decimals is not a number: refused');
        let excluded = 0n;
        for (const account of d.excludeHolders) {
          const [bal] =
            token.kind === 'coin'
              ? await view('0x1::coin::balance', [token.coinType], [account])
              : await view('0x1::primary_fungible_store::balance', [METADATA], [account, token.metadata]);
          excluded += u128(bal, `balance of ${account}`);
        }
        if (excluded > total) throw new Error('excluded balances exceed the supply: refused');
        return {
          supply: fromUnits(total - excluded, dec),
          holders: null,
          block: Number(version),
          blockTime: new Date(Number(stamp / 1000n)).toISOString(),
          apiUrl: endpointLabel(base, `/view ${mod}::supply ${d.address} at ledger version ${version}`),
        };
      },
    };
  },
};

export const aptosSource = familySource(aptosReader);
