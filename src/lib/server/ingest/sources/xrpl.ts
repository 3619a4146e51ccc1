/**
 * The XRP Ledger over rippled's JSON-RPC (https://xrpl.org/docs/references/http-websocket-apis):
 * `gateway_balances` on the issuer at the last validated ledger gives `obligations` (amounts
 * issued to every account but the `hotwallet`s asked for: the excluded wallets) per currency,
 * and, apart, `frozen_balances` (issued, on frozen trust lines; still supply); `ledger` dates
 * that ledger. A 40-hex currency code is answered under its hex code. Amounts are decimal strings
 * (up to 15 significant digits, sometimes in exponent form). Holders are not counted: unavailable.
 */
import { parseXrpl } from '#lib/server/catalogue/addresses.ts';
import { endpointLabel, jsonRpc, plainDecimal } from './http.ts';
import { familySource, need, type FamilyReader } from './family.ts';

/** Seconds from the Unix epoch to the Ripple epoch (2000-01-01T00:00:00Z). */
const RIPPLE_EPOCH = 946_684_800;

/** rippled reports a failed request inside `result` with status "error" (HTTP 200). */
function checked(result: unknown, what: string): Record<string, unknown> {
  const r = result as Record<string, unknown> | null;
  if (!r || typeof r !== 'object') throw new Error(`${what}: no result: refused`);
  if (r.status === 'error' || r.error !== undefined)
    throw new Error(
      `${what}: ${typeof r.error === 'string' ? r.error : 'error'}${typeof r.error_message === 'string' ? ` (${r.error_message.slice(0, 120)})` : ''}`,
    );
  return r;
}

/** Adds decimal strings exactly (scaled to 18 decimals; issued amounts have at most 15 significant digits). */
function sum(values: string[]): string {
  const SCALE = 18;
  let total = 0n;
  for (const v of values) {
    const d = plainDecimal(v);
    if (d === null || d.startsWith('-')) throw new Error(`amount ${JSON.stringify(v).slice(0, 40)} is not an amount: refused`);
    const [int, frac = ''] = d.split('.');
    total += BigInt(int + frac.slice(0, SCALE).padEnd(SCALE, '0'));
  }
  const s = total.toString().padStart(SCALE + 1, '0');
  const frac = s.slice(-SCALE).replace(/0+$/, '');
  return s.slice(0, -SCALE) + (frac ? '.' + frac : '');
}

const xrplReader: FamilyReader = {
  family: 'xrpl',
  async open(_key, _chain, api) {
    let calls = 0;
    const rpc = async (method: string, params: Record<string, unknown>) => {
      calls++;
      return checked(await jsonRpc(api.url, method, [params], api), method);
    };
    const info = await rpc('server_info', {});
    if (!info.info || typeof info.info !== 'object') throw new Error('server_info has no info: refused');
    const base = endpointLabel(api.url, '');
    return {
      calls: () => calls,
      async read(_asset, d) {
        const token = parseXrpl(d.address);
        if (!token) throw new Error('not an XRP Ledger token');
        const params: Record<string, unknown> = { account: token.issuer, ledger_index: 'validated', strict: true };
        if (d.excludeHolders.length) params.hotwallet = d.excludeHolders;
        const gb = await rpc('gateway_balances', params);
        if (gb.validated !== true) throw new Error('gateway_balances did not answer from a validated ledger: refused');
        const ledger = need(gb.ledger_index, 'ledger_index');
        if (typeof ledger !== 'number' || !Number.isSafeInteger(ledger)) throw new Error('ledger_index is not a ledger number: refused');
        const obligations = gb.obligations as Record<string, unknown> | undefined;
        if (obligations !== undefined && (typeof obligations !== 'object' || obligations === null))
          throw new Error('obligations is not a map of currencies: refused');
        if (!obligations || !Object.hasOwn(obligations, token.currency))
          throw new Error(
            `the issuer has no obligations in ${token.currency} (obligations: ${Object.keys(obligations ?? {}).join(', ') || 'none'})`,
          );
        const parts = [String(obligations[token.currency])];
        const frozen = gb.frozen_balances as Record<string, unknown> | undefined;
        for (const lines of Object.values(frozen ?? {})) {
          if (!Array.isArray(lines)) throw new Error('frozen_balances is not a map of lists: refused');
          for (const l of lines as Array<{ currency?: unknown; value?: unknown }>)
            if (l?.currency === token.currency) parts.push(String(need(l.value, 'frozen_balances value')));
        }
        const supply = sum(parts);
        const led = await rpc('ledger', { ledger_index: ledger }).catch(() => null);
        const closed: unknown = led?.ledger;
        const l = closed && typeof closed === 'object' ? (closed as Record<string, unknown>) : null;
        const blockTime =
          typeof l?.close_time_iso === 'string' && !Number.isNaN(Date.parse(l.close_time_iso))
            ? new Date(l.close_time_iso).toISOString()
            : typeof l?.close_time === 'number'
              ? new Date((l.close_time + RIPPLE_EPOCH) * 1000).toISOString()
              : null;
        return {
          supply,
          holders: null,
          block: ledger,
          blockTime,
          apiUrl: `${base} gateway_balances ${token.issuer}`,
        };
      },
    };
  },
};

export const xrplSource = familySource(xrplReader);
