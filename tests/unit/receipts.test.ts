/**
 * The pure parts of receipts and corrections: the `curl` a receipt prints
 * survives the shell as one JSON-RPC batch (quotes in a URL included), the sum is written out, and a
 * re-read is a correction only when a published figure changed, with why from the two receipts.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiCommand, reproduceCommand, type EvmReceipt } from '#lib/shared/receipts.ts';
import { sumText } from '#lib/server/open-data/receipt-page.ts';
import { changedFigures, changesOf, replacedRows } from '#lib/server/ingest/corrections.ts';
import type { ingestObservations } from '#db/schema/index.ts';

/** The arguments the shell gives curl for this command (curl replaced by a printer). */
const argsOf = (command: string, env: Record<string, string> = {}) =>
  execFileSync('sh', ['-c', `printf '%s\\n' ${command.replace(/^curl /, '')}`], { env: { PATH: process.env.PATH, ...env } })
    .toString()
    .trimEnd()
    .split('\n');

const call = { to: '0x00000000000000000000000000000000000000aa', data: '0x18160ddd' };

describe('the command a receipt prints', () => {
  it('is a POST of one eth_call per read at the block, to the named endpoint', () => {
    const args = argsOf(reproduceCommand([call, { ...call, data: '0x313ce567' }], 255, 'https://rpc.example/a?key=1'));
    expect(args.slice(0, 5)).toEqual(['-s', '-X', 'POST', '-H', 'Content-Type: application/json']);
    expect(args[5]).toBe('--data');
    expect(JSON.parse(args[6])).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_call', params: [call, '0xff'] },
      { jsonrpc: '2.0', id: 2, method: 'eth_call', params: [{ ...call, data: '0x313ce567' }, '0xff'] },
    ]);
    expect(args[7]).toBe('https://rpc.example/a?key=1');
  });

  it("names the operator's variable unexpanded until pasted, and quotes a URL with a quote in it", () => {
    expect(argsOf(reproduceCommand([call], 1, '$RPC_URL_ETHEREUM'), { RPC_URL_ETHEREUM: 'http://127.0.0.1:8545' }).at(-1)).toBe(
      'http://127.0.0.1:8545',
    );
    expect(argsOf(apiCommand("https://api.example/x?q=it's"))).toEqual(['-s', "https://api.example/x?q=it's"]);
  });

  it('quotes every character after the variable: $, backticks, \\, ! and a quote reach curl as they are, running nothing', () => {
    const rest = '/a$(echo injected)$HOME`id`\\n!!\'b\'"c"';
    for (const command of [apiCommand(`$DEFILLAMA_TVL_URL${rest}`), reproduceCommand([call], 1, `$RPC_URL_X${rest}`)]) {
      const url = argsOf(command, { DEFILLAMA_TVL_URL: 'http://h.example/k', RPC_URL_X: 'http://h.example/k', HOME: '/home/x' }).at(-1);
      expect(url, command).toBe(`http://h.example/k${rest}`);
    }
    // Run by bash as pasted too, where ! would expand history inside double quotes.
    const bash = execFileSync('bash', ['-c', `set -H; printf '%s\\n' ${apiCommand(`$V${rest}`).replace(/^curl -s /, '')}`], {
      env: { PATH: process.env.PATH, V: 'http://v' },
    }).toString();
    expect(bash).toBe(`http://v${rest}\n`);
    // Not a variable name: all of it in single quotes.
    expect(argsOf(apiCommand('$1/x'))).toEqual(['-s', '$1/x']);
  }, 20_000);
});

const receipt = (excluded: Array<{ wallet: string; balance: string }>, price: number | null = 1): EvmReceipt => ({
  kind: 'evm',
  chainId: 1,
  block: { number: 10, time: '2026-01-01T23:59:59.000Z', hash: '0xab' },
  contract: '0xc0',
  decimals: 6,
  calls: [],
  excluded,
  totalSupply: '1200000.5',
  supply: '300000.5',
  price: { value: price, source: 'fixed NAV', calls: [] },
  value: price === null ? null : 300000.5 * price,
});

describe('the sum on a receipt', () => {
  it('writes totalSupply, each excluded balance, the supply (exact, as read), the price and the value (the currency rule)', () => {
    expect(sumText(receipt([{ wallet: '0x1', balance: '900000' }]))).toBe(
      'totalSupply 1,200,000.5 − 900,000 excluded = 300,000.5 × $1.00 = $300.00K',
    );
    expect(sumText(receipt([], 2650.5))).toBe('totalSupply 1,200,000.5 (no wallet excluded) × $2.65K = $795.15M');
    expect(sumText(receipt([], null))).toBe('totalSupply 1,200,000.5 (no wallet excluded); no price, no value');
  });
});

type Obs = typeof ingestObservations.$inferSelect;
const obs = (o: Partial<Obs>): Obs => ({
  id: 1,
  runId: 1,
  date: '2026-01-01',
  assetSymbol: 'TBILL',
  chain: 'ethereum',
  source: 'evm',
  contract: '0xc0',
  supply: '350000',
  price: 1,
  value: 350000,
  holders: null,
  assetHolders: null,
  blockNumber: 10,
  blockTime: '2026-01-01T23:59:59.000Z',
  apiUrl: null,
  fetchedAt: '2026-01-02T00:10:00.000Z',
  accepted: true,
  priceNote: null,
  marketPrice: null,
  members: null,
  ...o,
});

/** The corrections of `after` replacing `before`, as the recorder makes them: the figures compared once. */
const changes = (before: Obs, after: Obs, recordedAt: string, receipts?: Parameters<typeof changesOf>[2]) =>
  changesOf({ before, after, figures: changedFigures(before, after) }, recordedAt, receipts);

describe('what counts as a correction', () => {
  it('the same figures read again (float noise included) are none; holders known for the first time are none', () => {
    expect(changes(obs({}), obs({ runId: 2, value: 350000 + 1e-10, holders: 12 }), 'now')).toEqual([]);
  });

  it('a changed supply and value are two, with before, after and the reason from the receipts', () => {
    const entries = changes(obs({}), obs({ runId: 2, supply: '140000', value: 140000 }), 'now', {
      before: receipt([{ wallet: '0xt', balance: '900000' }]),
      after: receipt([
        { wallet: '0xt', balance: '900000' },
        { wallet: '0xa', balance: '210000' },
      ]),
    });
    expect(entries.map((e) => [e.figure, e.before, e.after])).toEqual([
      ['value', '350000', '140000'],
      ['supply', '350000', '140000'],
    ]);
    expect(entries[0]).toMatchObject({
      runId: 2,
      previousRunId: 1,
      date: '2026-01-01',
      reason: 'the wallets excluded from supply changed (now excluded: 0xa)',
    });
  });

  it('without receipts, the reason says which block or API answer replaced the figure', () => {
    expect(changes(obs({}), obs({ runId: 2, value: 1, blockNumber: 12 }), 'now')[0].reason).toBe(
      'read again at block 12; the figure published by run 1 was read at block 10',
    );
    const api = { source: 'defillama', blockNumber: null, apiUrl: 'https://stablecoins.llama.fi/stablecoin/1' };
    expect(changes(obs(api), obs({ ...api, runId: 2, value: 1, fetchedAt: 'later' }), 'now')[0].reason).toMatch(
      /^defillama answered differently when asked again \(fetched later;/,
    );
    // A figure published, then gone (a price no longer read), is a correction too.
    expect(changes(obs({}), obs({ runId: 2, price: null, value: null }), 'now').map((e) => [e.figure, e.after])).toEqual([
      ['value', null],
      ['price', null],
    ]);
  });

  it('the recorder compares each row once: the entries are made from the figures found then, never compared again', () => {
    const earlier = [obs({}), obs({ assetSymbol: 'GOLD' }), obs({ runId: 0, value: 7 })];
    const mine = [obs({ runId: 2, value: 1 }), obs({ runId: 2, assetSymbol: 'GOLD' })];
    const found = replacedRows(mine, earlier);
    // The re-read of GOLD changed nothing: no row; TBILL is compared with run 1's figure (the latest), not run 0's.
    expect(found.map((r) => [r.after.assetSymbol, r.before.runId, r.figures])).toEqual([['TBILL', 1, ['value']]]);
    // What the comparison found is what is recorded: a pair handed on with one figure gives one entry.
    expect(changesOf({ ...found[0], figures: ['price'] }, 'now').map((e) => e.figure)).toEqual(['price']);
  });
});
