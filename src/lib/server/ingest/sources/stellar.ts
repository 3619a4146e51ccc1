/**
 * Stellar over Horizon (https://developers.stellar.org/docs/data/apis/horizon/api-reference):
 * the root document gives the latest closed ledger and its time; `/assets?asset_code=&asset_issuer=`
 * gives the asset's record, whose `balances` (authorized, authorized_to_maintain_liabilities,
 * unauthorized) plus the amounts in claimable balances, liquidity pools and contracts are
 * everything issued outside the issuer, and whose `accounts` count the authorized trustlines
 * (holders: Horizon counts trustlines, which can hold zero, so this is the chain's own count, an upper bound); each excluded wallet is `/accounts/{G...}`. Amounts are decimal strings with 7
 * decimals. A Soroban contract ("C...") is a contract call (simulateTransaction over Soroban RPC),
 * not a Horizon record: it is reported failed by this reader, and covered by DefiLlama's protocol
 * figures where the registry names one.
 */
import { parseStellar } from '#lib/server/catalogue/addresses.ts';
import { endpointLabel, fromUnits, plainDecimal, requestJson, toUnits } from './http.ts';
import { familySource, need, type FamilyReader } from './family.ts';

const DECIMALS = 7;

function amount(v: unknown, what: string): bigint {
  if (typeof v !== 'string') throw new Error(`the answer has no ${what}: refused`);
  const d = plainDecimal(v);
  if (d === null || d.startsWith('-')) throw new Error(`${what} is not an amount (${JSON.stringify(v).slice(0, 40)}): refused`);
  return toUnits(d, DECIMALS);
}

function count(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new Error(`the answer has no ${what}: refused`);
  return v;
}

const stellarReader: FamilyReader = {
  family: 'stellar',
  async open(_key, _chain, api) {
    let calls = 0;
    const base = api.url.replace(/\/+$/, '');
    const get = async (path: string) => {
      calls++;
      const a = await requestJson(base + path, { ...api, label: endpointLabel(base, path.split('?')[0]) });
      if (a.status !== 200) {
        const detail = (a.json as { title?: unknown; detail?: unknown } | null)?.title;
        throw new Error(
          `${endpointLabel(base, path.split('?')[0])}: status ${a.status}${typeof detail === 'string' ? ` (${detail.slice(0, 80)})` : ''}`,
        );
      }
      return a.json as Record<string, unknown>;
    };
    const root = await get('/');
    const ledger = count(root.history_latest_ledger, 'history_latest_ledger');
    const closedAt = need(root.history_latest_ledger_closed_at, 'history_latest_ledger_closed_at');
    if (typeof closedAt !== 'string' || Number.isNaN(Date.parse(closedAt)))
      throw new Error('history_latest_ledger_closed_at is not a time: refused');
    return {
      calls: () => calls,
      async read(_asset, d) {
        const token = parseStellar(d.address);
        if (!token) throw new Error('not a Stellar asset');
        if (token.kind === 'contract')
          throw new Error(
            'a Soroban contract is read with simulateTransaction over Soroban RPC, which this reader does not do; not counted',
          );
        const query = `/assets?asset_code=${encodeURIComponent(token.code)}&asset_issuer=${encodeURIComponent(token.issuer)}`;
        const page = await get(query);
        const records = (page._embedded as { records?: unknown } | undefined)?.records;
        if (!Array.isArray(records)) throw new Error('the answer has no _embedded.records: refused');
        const rec = records.find(
          (r: { asset_code?: unknown; asset_issuer?: unknown }) => r?.asset_code === token.code && r?.asset_issuer === token.issuer,
        ) as Record<string, unknown> | undefined;
        if (!rec) throw new Error(`Horizon has no asset ${token.code} issued by ${token.issuer}`);
        const balances = need(rec.balances as Record<string, unknown> | undefined, 'balances');
        const accounts = need(rec.accounts as Record<string, unknown> | undefined, 'accounts');
        let issued =
          amount(balances.authorized, 'balances.authorized') +
          amount(balances.authorized_to_maintain_liabilities, 'balances.authorized_to_maintain_liabilities') +
          amount(balances.unauthorized, 'balances.unauthorized') +
          amount(rec.claimable_balances_amount, 'claimable_balances_amount') +
          amount(rec.liquidity_pools_amount, 'liquidity_pools_amount');
        // contracts_amount arrived with Soroban (Horizon 2.27); older servers do not send it.
        if (rec.contracts_amount !== undefined) issued += amount(rec.contracts_amount, 'contracts_amount');
        let holders =
          count(accounts.authorized, 'accounts.authorized') +
          count(accounts.authorized_to_maintain_liabilities, 'accounts.authorized_to_maintain_liabilities');
        for (const account of d.excludeHolders) {
          const acct = await get(`/accounts/${encodeURIComponent(account)}`);
          if (!Array.isArray(acct.balances)) throw new Error(`the answer for account ${account} has no balances: refused`);
          const line = acct.balances.find(
            (b: { asset_code?: unknown; asset_issuer?: unknown }) => b?.asset_code === token.code && b?.asset_issuer === token.issuer,
          ) as { balance?: unknown } | undefined;
          if (!line) continue;
          const held = amount(line.balance, `balance of ${account}`);
          issued -= held;
          if (held > 0n) holders--;
        }
        if (issued < 0n) throw new Error('excluded balances exceed the supply: refused');
        return {
          supply: fromUnits(issued, DECIMALS),
          holders: Math.max(0, holders),
          block: ledger,
          blockTime: new Date(closedAt).toISOString(),
          apiUrl: endpointLabel(base, query),
        };
      },
    };
  },
};

export const stellarSource = familySource(stellarReader);
