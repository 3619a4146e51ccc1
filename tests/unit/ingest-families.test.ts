/**
 * Chain families in the registry: each deployment's address in its family's form (a mistyped
 * Stellar key fails its checksum), chain keys that are properties of every JavaScript object
 * refused, and the pure steps of the readers (exact decimals, DefiLlama's protocol answer read
 * for one day, a renamed field refused).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isStrKey, parseAptos, parseStellar, parseXrpl } from '#lib/server/catalogue/addresses.ts';
import { normalizeAddress } from '#lib/server/catalogue/registry-forms.ts';
import { DEFAULT_REGISTRY, familyOf, loadRegistry, parseRegistry, withFamilies } from '#lib/server/catalogue/registry.ts';
import { isChainKey, protocolOnDay } from '#lib/server/ingest/sources/defillama-protocol.ts';
import { fromUnits, plainDecimal, publicUrl, readCapped, toUnits } from '#lib/server/ingest/sources/http.ts';
import { classCoverage, gaps, overallCoverage } from '#lib/server/figures/coverage-data.ts';
import { CLASS_REFERENCES, type ClassReference } from '#lib/server/figures/coverage-references.ts';
import { ASSET_CLASSES } from '#lib/shared/asset-classes.ts';
import { endpointLabel, scrubUrls } from '#lib/server/http/public-url.ts';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/defillama');
const fixture = (name: string) => JSON.parse(readFileSync(resolve(FIXTURES, name), 'utf8'));

const BENJI_ISSUER = 'GBHNGLLIE3KWGKCHIKMHJ5HVZHYIK7WTBE4QF5PLAKL4CJGSEU7HZIW5';

function registryWith(chain: Record<string, unknown>, address: string, excludeHolders: string[] = []) {
  return {
    chains: {
      ethereum: { chainId: 1, name: 'Ethereum', rpcEnv: 'RPC_URL_ETHEREUM' },
      other: { name: 'Other', rpcEnv: 'RPC_URL_OTHER', ...chain },
    },
    assets: [
      {
        symbol: 'T',
        name: 'Test',
        issuer: 'Issuer',
        assetClass: 'U.S. Treasuries',
        price: { kind: 'fixed', usd: '1.00' },
        deployments: [{ chain: 'other', address, startBlock: 0, excludeHolders }],
      },
    ],
  };
}

function problems(input: unknown): string {
  try {
    parseRegistry(input);
    return '';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('address forms per chain family', () => {
  it('accepts each family its own form, and lowercases hex', () => {
    const ok: Array<[string, string, string]> = [
      ['solana', 'A1KLoBrKBde8Ty9qtNQUtq3C2ortoC3u7twggz7sEto6', 'A1KLoBrKBde8Ty9qtNQUtq3C2ortoC3u7twggz7sEto6'],
      ['stellar', `BENJI:${BENJI_ISSUER}`, `BENJI:${BENJI_ISSUER}`],
      ['stellar', 'CARUUX2FZNPH6DGJOEUFSIUQWYHNL5AVDV7PMVSHWL7OBYIBFC76F4TO', 'CARUUX2FZNPH6DGJOEUFSIUQWYHNL5AVDV7PMVSHWL7OBYIBFC76F4TO'],
      [
        'aptos',
        '0x7B5E9CAC3433e9202f28527f707c89e1e47b19de2c33e4db9521a63ad219b739',
        '0x7b5e9cac3433e9202f28527f707c89e1e47b19de2c33e4db9521a63ad219b739',
      ],
      [
        'aptos',
        '0xCFEA864b32833f157f042618bd845145256b1bf4c0da34a7013b76e42daa53cc::usdy::USDY',
        '0xcfea864b32833f157f042618bd845145256b1bf4c0da34a7013b76e42daa53cc::usdy::USDY',
      ],
      [
        'xrpl',
        '4F55534700000000000000000000000000000000.rHuiXXjHLpMP8ZE9sSQU5aADQVWDwv6h5p',
        '4F55534700000000000000000000000000000000.rHuiXXjHLpMP8ZE9sSQU5aADQVWDwv6h5p',
      ],
      ['xrpl', 'TBL.rJNE2NNz83GJYtWVLwMvchDWEon3huWnFn', 'TBL.rJNE2NNz83GJYtWVLwMvchDWEon3huWnFn'],
    ];
    for (const [family, address, canonical] of ok) {
      const r = parseRegistry(registryWith({ family }, address));
      expect(r.assets[0].deployments[0].address, `${family} ${address}`).toBe(canonical);
      expect(familyOf(r, 'other')).toBe(family);
    }
    // A registry without "family" stays valid: every chain is EVM.
    expect(familyOf(parseRegistry(registryWith({ chainId: 5 }, '0x7712c34205737192402172409a8f7ccef8aa2aec')), 'other')).toBe('evm');
  });

  it("refuses another family's form, a mistyped Stellar key and the native XRP, naming the field", () => {
    const bad: Array<[string, string, RegExp]> = [
      ['solana', '0x7712c34205737192402172409a8f7ccef8aa2aec', /base58 Solana address/],
      ['solana', 'A1KLoBrKBde8Ty9qtNQUtq3C2ortoC3u7twggz7sEt0', /base58 Solana address/], // "0" is not base58
      ['stellar', `BENJI:${BENJI_ISSUER.slice(0, -1)}6`, /Stellar asset/], // checksum fails
      ['stellar', `BENJI-${BENJI_ISSUER}`, /Stellar asset/],
      ['stellar', `TOOLONGCODE123:${BENJI_ISSUER}`, /Stellar asset/],
      ['aptos', '0xcfea::usdy::USDY<T>', /Aptos/],
      ['aptos', 'cfea864b', /Aptos/],
      ['xrpl', 'XRP.rHuiXXjHLpMP8ZE9sSQU5aADQVWDwv6h5p', /XRP Ledger token/],
      ['xrpl', '0055534700000000000000000000000000000000.rHuiXXjHLpMP8ZE9sSQU5aADQVWDwv6h5p', /XRP Ledger token/],
      ['xrpl', 'OUSG.rHuiXXjHLpMP8ZE9sSQU5aADQVWDwv6h5p', /XRP Ledger token/], // 4-character codes are hex only
      ['evm', 'A1KLoBrKBde8Ty9qtNQUtq3C2ortoC3u7twggz7sEto6', /0x-prefixed 20-byte hex address/],
    ];
    for (const [family, address, message] of bad) {
      const m = problems(registryWith(family === 'evm' ? { chainId: 5 } : { family }, address));
      expect(m, `${family} ${address}`).toMatch(/assets\[0\] \(T\) deployments\[0\]\.address: /);
      expect(m, `${family} ${address}`).toMatch(message);
    }
    expect(problems(registryWith({ family: 'xrpl' }, 'TBL.rJNE2NNz83GJYtWVLwMvchDWEon3huWnFn', ['0xabc']))).toMatch(
      /deployments\[0\]\.excludeHolders\[0\]: must be an XRP Ledger account/,
    );
    expect(problems(registryWith({ family: 'cosmos' }, 'x'))).toMatch(/chains\.other\.family/);
    // An EVM chain still needs its chain id; other families need none.
    expect(problems(registryWith({}, '0x7712c34205737192402172409a8f7ccef8aa2aec'))).toMatch(
      /chains\.other\.chainId: required for an EVM chain/,
    );
  });

  it('checks Stellar keys by their checksum and splits each form into its parts', () => {
    expect(isStrKey(BENJI_ISSUER, 'G')).toBe(true);
    expect(isStrKey(BENJI_ISSUER, 'C')).toBe(false);
    expect(isStrKey('GBHNGLLIE3KWGKCHIKMHJ5HVZHYIK7WTBE4QF5PLAKL4CJGSEU7HZIW4', 'G')).toBe(false);
    expect(parseStellar(`BENJI:${BENJI_ISSUER}`)).toEqual({ kind: 'asset', code: 'BENJI', issuer: BENJI_ISSUER });
    expect(parseAptos('0x1::coin::T')).toEqual({ kind: 'coin', coinType: '0x1::coin::T' });
    expect(parseXrpl('TBL.rJNE2NNz83GJYtWVLwMvchDWEon3huWnFn')).toEqual({ currency: 'TBL', issuer: 'rJNE2NNz83GJYtWVLwMvchDWEon3huWnFn' });
    expect(normalizeAddress('solana', '0xdead')).toBeNull();
  });
});

describe('registry keys that every JavaScript object has', () => {
  it('refuses "constructor", "toString" and "__proto__" as chain keys', () => {
    for (const key of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
      // JSON.parse, as the registry file is read: "__proto__" becomes an own key there.
      const input = JSON.parse(`{"chains":{"${key}":{"chainId":1,"name":"X","rpcEnv":"RPC_URL_X"}},"assets":[]}`);
      expect(problems(input), key).toMatch(/chains\./);
    }
    expect(problems(JSON.parse('{"chains":{"constructor":{"chainId":1,"name":"X","rpcEnv":"RPC_URL_X"}},"assets":[]}'))).toMatch(
      /chains\.constructor: is a reserved name/,
    );
  });

  it('a deployment on "constructor" or "toString" is an unknown chain, not a built-in function', () => {
    for (const chain of ['constructor', 'hasownproperty']) {
      const input = registryWith({ chainId: 5 }, '0x7712c34205737192402172409a8f7ccef8aa2aec');
      input.assets[0].deployments[0].chain = chain;
      expect(problems(input), chain).toContain(`deployments[0].chain: unknown chain "${chain}"`);
    }
    const proto = JSON.parse(
      '{"chains":{"__proto__":{"chainId":1,"name":"X","rpcEnv":"RPC_URL_X"}},"assets":[{"symbol":"T","name":"T","issuer":"I","assetClass":"Stocks","price":{"kind":"fixed","usd":"1"},"deployments":[{"chain":"__proto__","address":"0x7712c34205737192402172409a8f7ccef8aa2aec","startBlock":0}]}]}',
    );
    expect(problems(proto)).toMatch(/chains\.__proto__: is a reserved name/);
    const r = parseRegistry(registryWith({ chainId: 5 }, '0x7712c34205737192402172409a8f7ccef8aa2aec'));
    // The parsed chains have no prototype: a lookup by any name is a chain or undefined.
    expect(r.chains['constructor']).toBeUndefined();
    expect(r.chains['toString']).toBeUndefined();
    expect(familyOf(r, 'constructor')).toBe('evm');
  });
});

describe('the registry in git', () => {
  const r = loadRegistry(DEFAULT_REGISTRY);
  it('lists the non-EVM deployments of the tracked funds and the new assets, each with a reference', () => {
    const on = (symbol: string) => r.assets.find((a) => a.symbol === symbol)!.deployments.map((d) => d.chain);
    expect(on('BUIDL')).toContain('solana');
    expect(on('BENJI')).toEqual(expect.arrayContaining(['stellar', 'aptos']));
    expect(on('USDY')).toEqual(expect.arrayContaining(['solana', 'stellar', 'aptos']));
    expect(on('OUSG')).toEqual(expect.arrayContaining(['solana', 'xrpl']));
    expect(on('WTGXX')).toContain('stellar');
    expect(on('TBILL')).toEqual(expect.arrayContaining(['solana', 'xrpl']));
    for (const s of ['USTB', 'ACRED', 'xStocks', 'ONDO-GM', 'USDS', 'USD1', 'USDG']) expect(r.assets.map((a) => a.symbol)).toContain(s);
    for (const a of r.assets)
      expect(a.reference, a.symbol).toMatch(
        /https:\/\/(github\.com\/DefiLlama\/|developers\.circle\.com\/|github\.com\/tradingstrategy-ai\/|github\.com\/spiko-tech\/|www\.franklintempleton\.com\/)/,
      );
    expect(r.chains.aptos.family).toBe('aptos');
  });
  it('gives the EVM reader only EVM deployments', () => {
    const evm = withFamilies(r, ['evm']);
    for (const a of evm.assets) for (const d of a.deployments) expect(familyOf(r, d.chain), `${a.symbol} ${d.chain}`).toBe('evm');
    expect(evm.assets.find((a) => a.symbol === 'BUIDL')!.deployments.length).toBe(
      r.assets.find((a) => a.symbol === 'BUIDL')!.deployments.length - 1,
    );
  });
});

describe('exact amounts', () => {
  it('reads decimal and exponent strings exactly and subtracts in units', () => {
    expect(plainDecimal('1e3')).toBe('1000');
    expect(plainDecimal('1.2345e-3')).toBe('0.0012345');
    expect(plainDecimal('152345.678901')).toBe('152345.678901');
    expect(plainDecimal('00012.5000')).toBe('12.5');
    expect(plainDecimal('12,5')).toBeNull();
    expect(plainDecimal('NaN')).toBeNull();
    expect(fromUnits(toUnits('512345678.1234567', 7) - toUnits('12345.1234567', 7), 7)).toBe('512333333');
    expect(() => toUnits('1.12345678', 7)).toThrow(/more than 7 decimals/);
  });
  it('shows an endpoint as scheme and host only: no credentials, path, query or fragment, whatever it holds', () => {
    expect(publicUrl('https://user:pw@rpc.example.com/v2/abcdefghijklmnopqrstuvwxyz123456?api-key=secret')).toBe('https://rpc.example.com');
    expect(publicUrl('https://pro-api.llama.fi/short-key/stablecoins#x')).toBe('https://pro-api.llama.fi');
    expect(publicUrl('http://127.0.0.1:8545/')).toBe('http://127.0.0.1:8545');
    expect(publicUrl('https://horizon.stellar.org/')).toBe('https://horizon.stellar.org');
    expect(publicUrl('not a url /secret')).toBe('(invalid URL)');
    // What this code asked, after the host; '/…' when the configured URL had more than its origin.
    expect(endpointLabel('https://stablecoins.llama.fi', '/stablecoin/2')).toBe('https://stablecoins.llama.fi/stablecoin/2');
    expect(endpointLabel('https://pro-api.llama.fi/KEY123', '/stablecoin/2')).toBe('https://pro-api.llama.fi/…/stablecoin/2');
    expect(endpointLabel('https://u:p@api.llama.fi', '/protocol/x')).toBe('https://api.llama.fi/…/protocol/x');
    // A tool's message quoting the URL it was given.
    expect(scrubUrls("fatal: unable to access 'https://x:tok@git.example.com/org/private-repo.git/': 403")).toBe(
      "fatal: unable to access 'https://git.example.com': 403",
    );
  });
  it('cuts a streamed answer at the size limit', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(1024));
        if (pulled > 1000) c.close();
      },
    });
    await expect(readCapped(new Response(stream), 10 * 1024)).rejects.toThrow(/larger than the 10240-byte limit: refused/);
    expect(pulled).toBeLessThan(20);
    await expect(readCapped(new Response('x'.repeat(100), { headers: { 'content-length': '100' } }), 50)).rejects.toThrow(/refused/);
    expect(await readCapped(new Response('{"a":1}'), 50)).toBe('{"a":1}');
  });
});

describe("DefiLlama's protocol API (recorded responses in the documented shape)", () => {
  it('reads each chain at the close of the day, skipping other measures such as "-borrowed"', () => {
    const day = protocolOnDay(fixture('protocol-xstocks.json'), '2026-01-09');
    expect([...day.byChain]).toEqual([
      ['Solana', 150123456.78],
      ['Arbitrum', 2300000.25],
    ]);
    expect(day.failed).toEqual([]);
    expect(isChainKey('Solana-borrowed')).toBe(false);
    expect(isChainKey('staking')).toBe(false);
    expect(isChainKey('OP Mainnet')).toBe(true);
    // Only the chains the registry names, when it names some.
    expect([...protocolOnDay(fixture('protocol-xstocks.json'), '2026-01-09', ['Arbitrum']).byChain.keys()]).toEqual(['Arbitrum']);
    // A day with no point within a day of its close is reported, not carried forward.
    expect(protocolOnDay(fixture('protocol-xstocks.json'), '2026-02-01').failed.map((f) => f.message)).toEqual([
      'no figure for 2026-02-01',
      'no figure for 2026-02-01',
    ]);
  });

  it('refuses a renamed field: the chain is reported failed, never dropped silently', () => {
    const day = protocolOnDay(fixture('protocol-renamed-field.json'), '2026-01-09');
    expect([...day.byChain.keys()]).toEqual(['Solana']);
    expect(day.failed).toEqual([
      { chain: 'Arbitrum', message: 'a chainTvls.Arbitrum.tvl row has no totalLiquidityUSD (fields: date, totalLiquidityUsd): refused' },
    ]);
    expect(() => protocolOnDay(fixture('protocol-renamed-top.json'), '2026-01-09')).toThrow('the answer has no chainTvls: refused');
    expect(() => protocolOnDay([], '2026-01-09')).toThrow(/not an object/);
  });
});

describe('coverage against the reference', () => {
  const tracked = [
    { symbol: 'BUIDL', assetClass: 'U.S. Treasuries', value: 1.772e9 },
    { symbol: 'OUSG', assetClass: 'U.S. Treasuries', value: 0.7e9 },
    { symbol: 'USDY', assetClass: 'U.S. Treasuries', value: 0 },
    { symbol: 'JAAA', assetClass: 'Corporate Bonds', value: 1.2e9 },
  ];
  const primary = (value: number) => ({
    date: '2026-10-01',
    value,
    name: 'the issuer',
    url: 'https://issuer.example',
    basis: 'gross, on chain',
  });
  const refs: ClassReference[] = [
    { assetClass: 'U.S. Treasuries', reference: primary(10e9), none: null, leads: [] },
    { assetClass: 'Corporate Bonds', reference: primary(1e9), none: null, leads: [] },
    { assetClass: 'Stocks', reference: null, none: 'no primary figure', leads: [] },
  ];

  it('compares each class gross with its one fixed primary figure, whatever the day, and never clamps', () => {
    const rows = classCoverage(tracked, refs);
    // Gross: OUSG counted in full beside the BUIDL it holds, as the reference counts each fund.
    expect(rows[0]).toMatchObject({
      assetClass: 'U.S. Treasuries',
      trackedValue: 2.472e9,
      trackedAssets: ['BUIDL', 'OUSG'],
      coveragePct: 24.72,
      status: 'covered',
    });
    expect(rows[0].reference).toMatchObject({ date: '2026-10-01', basis: 'gross, on chain', approximate: false });
    // Above its reference: 120%, said to be a basis mismatch, not cut to 100%.
    expect(rows[1]).toMatchObject({ assetClass: 'Corporate Bonds', coveragePct: 120, status: 'basis mismatch' });
    // No primary figure: no share, and why.
    expect(rows[2]).toMatchObject({
      assetClass: 'Stocks',
      trackedValue: 0,
      coveragePct: null,
      status: 'no reference',
      noReference: 'no primary figure',
    });
    // The snapshot served: tracked values unknown, no share.
    expect(classCoverage(null, refs).every((r) => r.trackedValue === null && r.coveragePct === null && r.status === 'unknown')).toBe(true);
  });

  it('keeps one row per asset class, primary references only: the reposts are leads, each with why', () => {
    expect(CLASS_REFERENCES.map((r) => r.assetClass)).toEqual(ASSET_CLASSES);
    for (const c of CLASS_REFERENCES) {
      // Today no class has a primary figure: each says why, and keeps the reposts as leads.
      expect(c.reference, c.assetClass).toBeNull();
      expect(c.none, c.assetClass).toMatch(/\S{10}/);
      for (const l of c.leads) {
        expect(l.date, c.assetClass).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(l.why, c.assetClass).toMatch(/repost|repeating/);
      }
    }
    // Bonds of all kinds were one rwa.xyz bucket: never again a reference for one class of bonds alone.
    for (const c of ['Global Bonds', 'Corporate Bonds'])
      expect(CLASS_REFERENCES.find((r) => r.assetClass === c)!.leads[0].why).toMatch(/counts another set than this class/);
    expect(classCoverage(tracked).every((r) => r.status === 'no reference' && r.coveragePct === null)).toBe(true);
    const all = [
      { assetClass: 'U.S. Treasuries', value: 5e9 },
      { assetClass: 'Stablecoins', value: 300e9 },
      { assetClass: 'Stocks', value: 0.536e9 },
    ];
    expect(overallCoverage(all)).toMatchObject({ trackedValue: 5.536e9, reference: null, coveragePct: null, status: 'no reference' });
    expect(overallCoverage(all, primary(5e9))).toMatchObject({ coveragePct: 110.72, status: 'basis mismatch' });
    expect(overallCoverage(all).leads.at(-1)).toMatchObject({ date: '2026-04-04', value: 27.68e9 });
  });
});

describe('the gap with DefiLlama', () => {
  it('shows the gap where a chain reader and DefiLlama both cover an asset on a chain', () => {
    const g = gaps(
      [
        { assetSymbol: 'BUIDL', chain: 'solana', source: 'solana', value: 100, apiUrl: 'x' },
        { assetSymbol: 'BUIDL', chain: 'solana', source: 'defillama-protocol', value: 103.5, apiUrl: 'https://api.llama.fi/protocol/p' },
        { assetSymbol: 'BUIDL', chain: 'aptos', source: 'defillama-protocol', value: 50, apiUrl: 'y' },
        { assetSymbol: 'USDT', chain: 'Tron', source: 'defillama', value: 8e10, apiUrl: 'z' },
      ].map((o) => ({ ...o, runId: 1, date: '2026-01-09' })),
    );
    expect(g).toEqual([
      {
        symbol: 'BUIDL',
        chain: 'solana',
        chainSource: 'solana',
        chainValue: 100,
        defillamaValue: 103.5,
        defillamaUrl: 'https://api.llama.fi/protocol/p',
        gapPct: 3.5,
      },
    ]);
  });
});
