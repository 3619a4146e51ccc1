/**
 * What the totals cover, on the real built server: /api/coverage and the /sources section, first
 * on the snapshot (tracked value unknown, and why), then after a published run read from a
 * Stellar Horizon and DefiLlama's protocol API replayed on loopback (answers in the documented
 * shape, tests/fixtures; no Stellar node ships on npm): each class's share of rwa.xyz's
 * Distributed value, and the gap between the chain's figure and DefiLlama's for BENJI on Stellar.
 */
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ASSET_CLASSES } from '#lib/shared/asset-classes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#db/client.ts';
import { freePort } from '../../scripts/lib/local-chains.ts';
import { loadRegistry } from '#lib/server/catalogue/registry.ts';
import { defaultDate, runIngest } from '#lib/server/ingest/run.ts';
import { dayEnd } from '#lib/shared/utc-day.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const FIXTURES = resolve(import.meta.dirname, '../fixtures');
const DATE = defaultDate();
let api: Server;
let base: string;
let server: RunningServer;
let registryFile: string;

/** A replayed protocol answer moved to DATE; `sui` adds a chain no reader covers (dollars), as DefiLlama lists Sui. */
function protocol(name: string, sui?: number): string {
  const body = JSON.parse(readFileSync(join(FIXTURES, 'defillama', name), 'utf8'));
  if (sui !== undefined) {
    body.currentChainTvls.Sui = sui;
    body.chainTvls.Sui = { tvl: [{ date: 1768003200, totalLiquidityUSD: sui }] };
  }
  const shift = dayEnd(DATE) / 1000 - 1768003200;
  for (const h of Object.values(body.chainTvls) as Array<{ tvl: Array<{ date: number }> }>) for (const r of h.tvl) r.date += shift;
  return JSON.stringify(body);
}

beforeAll(async () => {
  const horizon = JSON.parse(readFileSync(join(FIXTURES, 'chains/stellar.json'), 'utf8')) as Record<string, unknown>;
  api = createServer((req, res) => {
    const url = req.url ?? '/';
    const ok = (body: string) => res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    if (url.startsWith('/horizon')) {
      const hit = horizon[url.slice('/horizon'.length) || '/'];
      return hit ? ok(JSON.stringify(hit)) : res.writeHead(404).end('{"status":404}');
    }
    if (url === '/llama/protocol/franklin') return ok(protocol('protocol-benji.json', 7e6));
    if (url === '/llama/protocol/xstocks') return ok(protocol('protocol-xstocks.json'));
    res.writeHead(404).end('{}');
  });
  const port = await freePort();
  await new Promise<void>((done) => api.listen(port, '127.0.0.1', done));
  base = `http://127.0.0.1:${port}`;
  registryFile = join(mkdtempSync(join(tmpdir(), 'rwa-coverage-')), 'registry.json');
  writeFileSync(
    registryFile,
    JSON.stringify({
      chains: { stellar: { family: 'stellar', name: 'Stellar', rpcEnv: 'RPC_URL_STELLAR' } },
      assets: [
        {
          symbol: 'BENJI',
          name: 'Franklin OnChain U.S. Government Money Fund',
          issuer: 'Franklin Templeton',
          assetClass: 'U.S. Treasuries',
          price: { kind: 'fixed', usd: '1.00' },
          defillamaProtocol: { slug: 'franklin' },
          deployments: [
            {
              chain: 'stellar',
              address: 'BENJI:GBHNGLLIE3KWGKCHIKMHJ5HVZHYIK7WTBE4QF5PLAKL4CJGSEU7HZIW5',
              startBlock: 0,
              excludeHolders: ['GDMBNMFJ3TRFLASJ6UGETFME3PJPNKPU24C7KFDBEBPQFG2CI6UC3JG6'],
            },
          ],
          reference: 'https://github.com/DefiLlama/DefiLlama-Adapters/tree/main/projects/franklinTempleton-finance',
          uncovered: [{ chain: 'Sui', family: 'sui', note: 'no Sui reader' }],
        },
        {
          symbol: 'xStocks',
          name: 'xStocks',
          issuer: 'Backed Finance',
          assetClass: 'Stocks',
          source: 'defillama-protocol',
          defillamaProtocol: { slug: 'xstocks' },
          price: { kind: 'unavailable' },
          deployments: [],
        },
      ],
    }),
  );
  server = await startServer({ env: { INGEST_REGISTRY: registryFile } });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await new Promise((done) => api?.close(done));
});

describe('coverage against a named public reference', () => {
  it('on the snapshot: names the reference and says the tracked value is unknown, and why', async () => {
    const res = await fetch(server.baseUrl + '/api/coverage');
    expect(res.status).toBe(200);
    const c = await res.json();
    expect(c.publishedRun).toBeNull();
    expect(c.note).toMatch(/snapshot/);
    // One row per asset class, each with its one fixed primary reference or why it has none: the reposts are leads only.
    expect(c.classes.map((k: { assetClass: string }) => k.assetClass)).toEqual(ASSET_CLASSES);
    for (const k of c.classes as Array<{ assetClass: string; reference: unknown; noReference: string | null; status: string }>) {
      expect(k.reference, k.assetClass).toBeNull();
      expect(k.noReference, k.assetClass).toMatch(/\S{10}/);
      expect(k.status, k.assetClass).toBe('unknown');
    }
    expect(c.classes.find((k: { assetClass: string }) => k.assetClass === 'U.S. Treasuries')).toMatchObject({
      trackedValue: null,
      coveragePct: null,
      leads: expect.arrayContaining([
        expect.objectContaining({ date: '2026-04-04', value: '12980000000', why: expect.stringMatching(/not rwa.xyz/) }),
      ]),
    });
    expect(c.overall).toMatchObject({ trackedValue: null, reference: null, coveragePct: null });
    expect(c.basis).toMatch(/^gross/);
    const html = await (await fetch(server.baseUrl + '/sources')).text();
    expect(html).toContain('data-testid="coverage"');
    expect(html).toContain('unavailable (the snapshot is shown)');
  });

  it('after a run: each class covered in percent of the reference, and the gap with DefiLlama', async () => {
    const { db, client } = openDatabase({ url: server.databaseUrl });
    try {
      const r = await runIngest(db, {
        dates: [DATE],
        sources: ['stellar', 'defillama-protocol'],
        registry: loadRegistry(registryFile),
        env: { RPC_URL_STELLAR: `${base}/horizon`, DEFILLAMA_TVL_URL: `${base}/llama`, INGEST_BACKOFF_MS: '1' },
      });
      expect(r.errors).toEqual([]);
      expect(r.status).toBe('published');
    } finally {
      client.close();
    }
    const c = await (await fetch(server.baseUrl + '/api/coverage')).json();
    expect(c.asOf).toBe(DATE);
    expect(typeof c.publishedRun).toBe('number');
    const treasuries = c.classes.find((k: { assetClass: string }) => k.assetClass === 'U.S. Treasuries');
    // BENJI on Stellar read from the chain, plus its Sui deployment valued by DefiLlama (no Sui reader), gross;
    // no primary figure of the class is known, so no share is computed from a repost.
    expect(treasuries).toMatchObject({
      trackedValue: '520334333',
      trackedAssets: ['BENJI'],
      reference: null,
      coveragePct: null,
      status: 'no reference',
    });
    const stocks = c.classes.find((k: { assetClass: string }) => k.assetClass === 'Stocks');
    expect(stocks).toMatchObject({ trackedAssets: ['xStocks'], status: 'no reference', coveragePct: null });
    expect(c.overall).toMatchObject({ reference: null, coveragePct: null, status: 'no reference' });
    expect(Number(c.overall.trackedValue)).toBe(Math.round((520334333 + Number(stocks.trackedValue)) * 100) / 100);
    expect(c.notCovered).toEqual([
      { chain: 'Sui', family: 'sui', assets: [{ symbol: 'BENJI', note: 'no Sui reader' }], defillamaValue: '7000000' },
    ]);
    expect(c.overlap).toMatchObject({ holdings: [], measuredValue: null, estimate: { date: '2025-05-06', value: '2400000000' } });
    expect(c.gaps).toEqual([
      {
        symbol: 'BENJI',
        chain: 'stellar',
        chainSource: 'stellar',
        chainValue: '513334333',
        defillamaValue: '520000000',
        defillamaUrl: `${base}/…/protocol/franklin`,
        gapPct: 1.3,
      },
    ]);
    const html = await (await fetch(server.baseUrl + '/sources')).text();
    expect(html).toMatch(
      /<tr data-class="U.S. Treasuries"[^>]*data-status="no reference"[^>]*>[\s\S]*?none: no figure from a primary source/,
    );
    expect(html).toMatch(/<tr data-chain="Sui" data-family="sui">[\s\S]*?\$7\.00M<\/td>/);
    // Each class page says its own coverage beside the spec's cards: the tracked products, gross, and why no share is given.
    const page = await (await fetch(server.baseUrl + '/treasuries')).text();
    expect(page).toMatch(
      /data-testid="class-coverage"[^>]*data-status="no reference"[^>]*>[\s\S]*?The tracked products \(BENJI\) are worth \$520\.33M, gross\.[\s\S]*?unknown, no figure from a primary source/,
    );
    const credit = await (await fetch(server.baseUrl + '/private-credit')).text();
    // The run feeds /private-credit too: this registry tracks no credit token, so none is counted (not the snapshot's loan book).
    expect(credit).toMatch(
      /data-testid="class-coverage"[^>]*data-status="no reference"[^>]*>[\s\S]*?The tracked products \(none with a value\) are worth \$0\.00, gross\./,
    );
    expect(html).toMatch(/data-testid="overlap"[^>]*>[\s\S]*?not measured yet[\s\S]*?\$2\.40B on/);
    expect(html).toMatch(/data-testid="coverage-overall"[^>]*data-status="no reference"/);
    // The reposts stay visible as leads, each with why it is not used.
    expect(html).toMatch(/data-testid="coverage-leads"[\s\S]*?coindesk\.club[\s\S]*?not used: a repost on a mirror/);
    expect(html).toMatch(/data-testid="gap" data-gap="1.3"/);
    expect(html).toContain(`${base}/…/assets?asset_code=BENJI`);
    expect(html).toContain('data-testid="long-tail"');
  }, 60_000);
});
