/**
 * /sources' build, a pure step from its reads: the contents leave out the comparison until there is
 * one; a last run that reached no source says the site is offline and what it serves meanwhile; each
 * run says its counters and, in full, every day it read before the close; each coverage status has
 * its words, and the holdings wait for a first run; a registry reference links its https address and
 * quotes its note; an EVM deployment says which block its logs are read from; a chain that names an
 * explorer links the token and the block, one that does not shows the text alone.
 */
import { describe, expect, it } from 'vitest';
import { parseRegistry } from '#lib/server/catalogue/registry.ts';
import { cellKey } from '#lib/server/catalogue/cell-key.ts';
import { configFor } from '#lib/server/config.ts';
import type { Coverage } from '#lib/server/figures/coverage-data.ts';
import type { LatestFigure, Run, SourcesData } from '#lib/server/figures/sources-data.ts';
import type { StaleCell } from '#lib/shared/stale-cell.ts';
import type { EntityLinks } from '#lib/server/open-data/links.ts';
import { buildSourcesPage, snapshotNotes, sourcesContents, type SourcesReads } from '#lib/server/open-data/sources-page.ts';
import { offlineNote, runRows } from '#lib/server/open-data/sources-runs.ts';
import { classShareText, coverageView, overallShareText } from '#lib/server/open-data/sources-coverage.ts';
import { heldByShare, holdingFigure } from '#lib/server/open-data/sources-holdings.ts';
import { referenceParts } from '#lib/server/open-data/sources-assets.ts';

const AS_OF = '2026-11-20';
const ADDR = (c: string) => '0x' + c.repeat(40);
const RESERVE = ADDR('a');

const registry = parseRegistry({
  chains: {
    ethereum: {
      chainId: 1,
      name: 'Ethereum',
      rpcEnv: 'RPC_URL_ETHEREUM',
      explorer: 'https://etherscan.io/',
    },
    plain: { chainId: 5, name: 'Plain Chain', rpcEnv: 'RPC_URL_PLAIN' },
    solana: {
      family: 'solana',
      name: 'Solana',
      rpcEnv: 'RPC_URL_SOLANA',
      explorer: 'https://solscan.io',
    },
  },
  assets: [
    {
      symbol: 'FUND',
      name: 'A fund',
      issuer: 'Fund Co',
      assetClass: 'U.S. Treasuries',
      price: { kind: 'fixed', usd: '1.00' },
      reference: 'https://github.com/acme/adapters/tree/main/projects/fund (the adapter lists it)',
      defillamaProtocol: { slug: 'fund-protocol' },
      deployments: [
        {
          chain: 'ethereum',
          address: ADDR('1'),
          startBlock: 123,
          excludeHolders: [ADDR('7')],
        },
        { chain: 'plain', address: ADDR('2') },
        {
          chain: 'solana',
          address: 'GyWgeqpy5GueU2YbkE8xqUeVEokCMMCEeUrfbtMw6phr',
        },
      ],
      bridge: {
        model: 'lock-and-mint',
        escrows: [{ chain: 'ethereum', address: ADDR('e') }],
      },
      heldByStablecoins: [
        {
          stablecoin: 'STBL',
          holder: 'STBL reserve',
          chain: 'ethereum',
          address: RESERVE,
          source: 'https://example.com/stbl',
        },
      ],
    },
    {
      symbol: 'NOTE',
      name: 'A noted fund',
      issuer: 'Note Co',
      assetClass: 'Commodities',
      price: { kind: 'fixed', usd: '2.00' },
      reference: 'the issuer’s letter of 1 Nov 2026',
      deployments: [{ chain: 'ethereum', address: ADDR('3'), startBlock: 5 }],
    },
    {
      symbol: 'STBL',
      name: 'A stablecoin',
      issuer: 'Stable Co',
      assetClass: 'Stablecoins',
      source: 'defillama',
      defillamaId: 7,
      price: { kind: 'fixed', usd: '1.00' },
      deployments: [{ chain: 'ethereum', address: ADDR('4') }],
    },
    {
      symbol: 'TAIL',
      name: 'Long tail',
      issuer: 'Tail Co',
      assetClass: 'Stocks',
      source: 'defillama-protocol',
      defillamaProtocol: { slug: 'tail', chains: ['Ethereum', 'Base'] },
      price: { kind: 'unavailable' },
    },
  ],
});

/** Every asset and issuer has a page here except the ones named GONE. */
const links: EntityLinks = {
  asset: (symbol) => (symbol === 'GONE' ? undefined : `/assets/${symbol.toLowerCase()}`),
  assetId: (symbol) => symbol.toLowerCase(),
  symbolOf: () => undefined,
  issuer: (name) => `/issuers/${name.toLowerCase().replace(/\s+/g, '-')}`,
};

const run = (over: Partial<Run>): Run =>
  ({
    id: 1,
    startedAt: '2026-11-21T00:10:00.000Z',
    finishedAt: null,
    status: 'published',
    asOf: AS_OF,
    counts: {},
    warnings: [],
    errors: [],
    reason: null,
    ...over,
  }) as Run;

const coverage = (over: Partial<Coverage> = {}): Coverage => ({
  asOf: AS_OF,
  publishedRun: 1,
  basis: 'the gross value of the tracked assets',
  note: null,
  classes: [],
  overall: {
    trackedValue: null,
    reference: null,
    noReference: 'no overall figure',
    coveragePct: null,
    status: 'unknown',
    leads: [],
  },
  gaps: [],
  doubleCounts: [],
  overlap: {
    holdings: [],
    measuredValue: null,
    estimate: {
      date: '2025-05-06',
      value: 2.4e9,
      approximate: true,
      name: 'A public report',
      url: 'https://example.com/report',
    },
  },
  holdings: [],
  combined: null,
  notCovered: [],
  untracked: [],
  ...over,
});

function reads(sources: Partial<SourcesData> = {}, cover: Partial<Coverage> = {}): SourcesReads {
  return {
    sources: {
      registry,
      publishedRun: 1,
      asOf: AS_OF,
      observations: new Map(),
      runs: [],
      stale: new Map(),
      comparison: [],
      ...sources,
    },
    coverage: coverage(cover),
    notesHtml: '<h1 id="data-sources">Data sources</h1>',
  };
}

const build = (r: SourcesReads) => buildSourcesPage(r, { ingest: configFor({}).ingest, links });
const figure = (over: Partial<LatestFigure>): LatestFigure => ({
  assetSymbol: 'FUND',
  chain: 'ethereum',
  source: 'evm',
  date: AS_OF,
  supply: '1000',
  value: 1000,
  holders: 12,
  blockNumber: 777,
  blockTime: '2026-11-20T23:59:59.000Z',
  apiUrl: null,
  fetchedAt: null,
  ...over,
});

/** The figures and stale cells a read gives, keyed by their cell as the read keys them. */
const observedCells = (...figures: LatestFigure[]) => new Map(figures.map((f) => [cellKey(f.assetSymbol, f.chain), f]));
const staleCells = (...cells: StaleCell[]) => new Map(cells.map((c) => [cellKey(c.asset, c.chain), c]));

const rowOf = (page: ReturnType<typeof build>, asset: string, chain: string) =>
  page.tracked!.find((t) => t.data.asset === asset && t.data.chain === chain)!;

describe('the page', () => {
  it('the contents leave out the comparison until a first live run has one', () => {
    const hrefs = (page: ReturnType<typeof build>) => page.contents.map((c) => c.href);
    expect(hrefs(build(reads()))).toEqual(['#methodology', '#coverage', '#assets', '#runs', '#snapshot', '#fixed-texts']);
    const compared = build(
      reads({
        comparison: [
          {
            assetClass: 'Stablecoins',
            live: 5e6,
            snapshot: 2.78e11,
            share: null,
          },
        ],
      }),
    );
    expect(hrefs(compared)).toContain('#snapshot-comparison');
    expect(sourcesContents(true)[3]).toEqual({
      href: '#snapshot-comparison',
      label: 'First live run against the snapshot',
    });
    expect(compared.comparison).toEqual([
      {
        assetClass: 'Stablecoins',
        live: '$5.00M',
        snapshot: '$278.00B',
        share: 'unavailable',
      },
    ]);
    expect(build(reads()).comparison).toBeNull();
  });

  it('an offline last run: says what is served meanwhile; a run that failed otherwise, or an older offline one, does not', () => {
    const offline = run({
      id: 4,
      status: 'failed',
      reason: 'offline: no source could be reached (3 part(s); first: ENOTFOUND)',
    });
    expect(offlineNote([offline], undefined, AS_OF)).toEqual({
      serving: 'the snapshot',
      asOf: { datetime: AS_OF, text: 'November 20, 2026' },
      run: 4,
      started: '21 Nov 2026, 00:10 UTC',
    });
    expect(offlineNote([offline], 2, AS_OF)?.serving).toBe('ingest run 2');
    expect(offlineNote([run({ status: 'failed', reason: 'the breaker held the run' })], 2, AS_OF)).toBeNull();
    expect(offlineNote([run({ id: 5 }), offline], 2, AS_OF)).toBeNull();
    expect(build(reads({ runs: [offline], publishedRun: undefined })).offline?.serving).toBe('the snapshot');
  });

  it('each run: its counters, its warnings counted in the fold, and every day read before its close said in full', () => {
    const early = "ethereum: 2026-11-20 read before the day's end: the latest head was still at block 11";
    const [one, none] = runRows([
      run({
        id: 2,
        counts: {
          evm: { observations: 12, transfers: 9 },
          defillama: { calls: 2 },
        },
        warnings: [early],
      }),
      run({ id: 1, asOf: '', reason: '' }),
    ])!;
    expect(one).toMatchObject({
      summary: 'Counters by source, 1 warning',
      counters: 'evm: 12 observations, 9 transfers; defillama: 2 calls',
      warnings: [early],
      earlyCloses: [early],
      asOf: '20 Nov 2026',
    });
    expect(runRows([run({ warnings: ['a', 'b'] })])![0].summary).toBe('Counters by source, 2 warnings');
    expect(none).toMatchObject({
      summary: 'Counters by source',
      warnings: null,
      earlyCloses: [],
      reason: null,
      asOf: '',
    });
    expect(runRows([])).toBeNull();
  });

  it('before any run: the snapshot is served, and no run is listed', () => {
    const page = build(reads({ publishedRun: undefined }, { publishedRun: null }));
    expect(page.publishedRun).toBeNull();
    expect(page.servedOn).toEqual({
      datetime: AS_OF,
      text: 'November 20, 2026',
    });
    expect(page.runs).toBeNull();
    expect(build(reads()).publishedRun).toBe(1);
  });

  it('the snapshot’s notes link public-figures.md to its page, drop the section on regenerating, and make each table scroll', () => {
    const html = snapshotNotes(
      '<p><a href="public-figures.md">figures</a></p><table><tr><td>1</td></tr></table><h2 id="regenerating">Regenerating</h2><p>npm run x</p>',
    );
    expect(html).toContain('href="/sources/public-figures"');
    expect(html).not.toContain('Regenerating');
    expect(html).toContain(`<div class="table-scroll" tabindex="0" role="region" aria-label="The snapshot's files table"><table>`);
  });
});

describe('what the totals cover', () => {
  const cls = (
    status: Coverage['classes'][number]['status'],
    coveragePct: number | null,
    reference: Coverage['classes'][number]['reference'],
  ) => ({
    assetClass: `Class ${status}`,
    trackedValue: coveragePct === null ? null : 1e9,
    trackedAssets: [],
    reference,
    noReference: reference ? null : 'no primary figure was found',
    coveragePct,
    status,
    leads: [],
  });
  const ref = {
    date: '2026-06-30',
    value: 4e9,
    approximate: true,
    name: 'The issuer',
    url: 'https://example.com/ref',
    basis: 'net assets',
  };

  it('each status says its share in its own words, in a class row and in the overall row', () => {
    expect(classShareText('covered', 25)).toBe('25%');
    expect(classShareText('basis mismatch', 120.5)).toBe(
      "120.5%: a basis mismatch (the tracked value is above the class's reference: the two count different things)",
    );
    expect(classShareText('no reference', null)).toBe('unknown: no primary reference');
    expect(classShareText('unknown', null)).toBe('unknown');
    expect(overallShareText('covered', 25)).toBe('25%');
    expect(overallShareText('basis mismatch', 120.5)).toBe('120.5%: a basis mismatch');
    expect(overallShareText('no reference', null)).toBe('unknown');
    expect(overallShareText('unknown', null)).toBe('unknown');
  });

  it('a class row: its data values, its reference with ≈ (or why it has none), and the tracked value unknown before a run', () => {
    const view = coverageView(
      coverage({
        classes: [cls('covered', 25, ref), cls('no reference', null, null)],
        overall: {
          trackedValue: 1e9,
          reference: ref,
          noReference: null,
          coveragePct: 25,
          status: 'covered',
          leads: [],
        },
      }),
    );
    expect(view.columns[1]).toBe('Tracked value (20 Nov 2026, gross)');
    const [covered, none] = view.classes;
    expect(covered.data).toEqual({
      class: 'Class covered',
      coverage: 25,
      status: 'covered',
      referenceDate: '2026-06-30',
    });
    expect(covered.reference).toEqual({
      kind: 'figure',
      amount: '≈$4.00B',
      on: { datetime: '2026-06-30', text: 'June 30, 2026' },
      link: { href: 'https://example.com/ref', text: 'The issuer' },
      basis: 'net assets',
    });
    expect(none.data).toEqual({
      class: 'Class no reference',
      coverage: '',
      status: 'no reference',
      referenceDate: '',
    });
    expect(none.reference).toEqual({
      kind: 'none',
      text: 'none: no primary figure was found',
    });
    expect(none.tracked).toBe('unavailable (the snapshot is shown)');
    // The overall row states its figure without ≈.
    expect(view.overall.reference).toMatchObject({
      kind: 'figure',
      amount: '$4.00B',
    });
  });

  it('leaves out a group of leads without any, and the untracked list when it is empty', () => {
    const lead = {
      date: '2026-01-09',
      value: 2.32e9,
      approximate: false,
      name: 'A repost',
      url: 'https://example.com/repost',
      why: 'a repost',
    };
    const view = coverageView(
      coverage({
        classes: [{ ...cls('unknown', null, null), leads: [lead] }, cls('covered', 25, ref)],
      }),
    );
    expect(view.leads).toEqual([
      {
        label: 'Class unknown',
        leads: [
          {
            amount: '$2.32B',
            on: { datetime: '2026-01-09', text: '9 Jan 2026' },
            link: { href: 'https://example.com/repost', text: 'A repost' },
            why: 'a repost',
          },
        ],
      },
    ]);
    expect(view.untracked).toBeNull();
  });

  it('before any run: the holdings are measured from the first one, the overlap shown by its last public figure', () => {
    const page = build(reads({ publishedRun: undefined }, { publishedRun: null }));
    expect(page.holdings.combined).toBe('No ingest run is published: the holdings are measured from the first one.');
    expect(page.holdings.data).toEqual({ rowsSum: '', netted: '' });
    expect(page.overlap.measuredText).toBe('The holdings are not measured yet (no published run read their wallets at a close).');
    expect(page.overlap.estimate.amount).toBe('≈$2.40B');
    const measured = build(reads({}, { combined: { rowsSum: 3e6, netted: 1e6, value: 2e6 } }));
    expect(measured.holdings.data).toEqual({ rowsSum: 3e6, netted: 1e6 });
    expect(measured.holdings.combined).toMatch(
      /^The RWA classes .* come to \$3\.00M as read; counting each dollar once nets \$1\.00M .* are \$2\.00M\.$/,
    );
  });

  it('a fund held by share: what every total leaves out, unknown while the snapshot is shown', () => {
    const held = {
      asset: 'BUIDL',
      fund: 'OUSG',
      share: 0.995,
      source: 'its documents',
    };
    expect(heldByShare([{ ...held, value: null }])).toEqual([
      expect.objectContaining({
        data: { asset: 'BUIDL', fund: 'OUSG', value: '' },
        percent: 99.5,
        leftOut: "OUSG's value × 0.995 (unknown while the snapshot is shown)",
      }),
    ]);
    expect(heldByShare([{ ...held, value: 1234 }])?.[0].leftOut).toBe('about $1.23K');
    expect(heldByShare([])).toBeNull();
  });

  it('a holding’s figure: measured at a block with its receipt, an estimate by its share, or unknown and why', () => {
    const h = {
      date: AS_OF,
      holder: 'STBL',
      holderKind: 'stablecoin' as const,
      wallet: RESERVE,
      walletName: null,
      asset: 'FUND',
      chain: 'ethereum',
      balance: '1234.5678',
      value: 1234.57,
      share: null,
      holderValue: null,
      blockNumber: 11,
      receiptRunId: 3,
      source: 'x',
      note: null,
    };
    expect(holdingFigure({ ...h, basis: 'measured' })).toBe("1,234.57 FUND at block 11, $1.23K (run #3's receipt)");
    expect(holdingFigure({ ...h, basis: 'estimate', share: 0.25, value: 500 })).toBe('estimate: $500.00 (25% of STBL)');
    expect(holdingFigure({ ...h, basis: 'unknown', note: 'not read that day' })).toBe('unknown: not read that day');
  });
});

describe('a tracked asset’s rows', () => {
  it('a reference with an https address links it shortly and quotes its note; one without is all note; later rows show neither', () => {
    expect(referenceParts('https://www.github.com/acme/repo/tree/main/src/x.ts')).toEqual({
      link: {
        href: 'https://www.github.com/acme/repo/tree/main/src/x.ts',
        text: 'acme/repo/src/x.ts',
      },
      quoted: '',
    });
    const page = build(reads());
    expect(rowOf(page, 'FUND', 'ethereum').reference).toEqual({
      link: {
        href: 'https://github.com/acme/adapters/tree/main/projects/fund',
        text: 'acme/adapters/projects/fund',
      },
      quoted: ' (the adapter lists it)',
    });
    expect(rowOf(page, 'NOTE', 'ethereum').reference).toEqual({
      link: null,
      quoted: 'the issuer’s letter of 1 Nov 2026',
    });
    // The names and the reference are on the asset's first row only.
    expect(rowOf(page, 'FUND', 'plain')).toMatchObject({
      names: null,
      reference: null,
      symbol: 'FUND',
    });
    expect(rowOf(page, 'FUND', 'ethereum').names).toEqual({
      symbol: 'FUND',
      name: 'A fund',
      href: '/assets/fund',
      issuer: 'Fund Co',
      issuerHref: '/issuers/fund-co',
      assetClass: 'U.S. Treasuries',
    });
  });

  it('an EVM deployment reads its logs from its stated block, else from the one the first run finds; another family or a DefiLlama asset says nothing', () => {
    const page = build(reads());
    expect(rowOf(page, 'FUND', 'ethereum').deployment.logs).toBe('logs from block 123');
    expect(rowOf(page, 'FUND', 'plain').deployment.logs).toBe('logs from its deployment block (found on the chain by the first run)');
    expect(rowOf(page, 'FUND', 'solana').deployment.logs).toBeNull();
    expect(rowOf(page, 'STBL', 'ethereum').deployment.logs).toBeNull();
  });

  it('links the token and the block to the chain’s explorer when it names one, and shows them alone when it does not', () => {
    const page = build(
      reads({
        observations: observedCells(figure({}), figure({ chain: 'plain', blockNumber: 9 })),
      }),
    );
    const onEthereum = rowOf(page, 'FUND', 'ethereum');
    expect(onEthereum.deployment).toMatchObject({
      chain: 'Ethereum',
      href: `https://etherscan.io/token/${ADDR('1')}`,
    });
    expect(onEthereum.observed?.block).toEqual({
      number: 777,
      href: 'https://etherscan.io/block/777',
      time: '2026-11-20T23:59:59.000Z',
      apiUrl: null,
    });
    const onPlain = rowOf(page, 'FUND', 'plain');
    expect(onPlain.deployment).toMatchObject({
      chain: 'Plain Chain',
      href: undefined,
    });
    expect(onPlain.observed?.block?.href).toBeUndefined();
    expect(rowOf(page, 'FUND', 'solana').deployment.href).toBe('https://solscan.io/token/GyWgeqpy5GueU2YbkE8xqUeVEokCMMCEeUrfbtMw6phr');
  });

  it('names the wallets a deployment leaves out or nets, on their own chain only', () => {
    const page = build(reads());
    expect(rowOf(page, 'FUND', 'ethereum').deployment).toMatchObject({
      excluded: [ADDR('7')],
      escrows: [ADDR('e')],
      reserveWallets: [{ holder: 'STBL (STBL reserve)', address: RESERVE }],
    });
    expect(rowOf(page, 'FUND', 'plain').deployment).toMatchObject({
      excluded: null,
      escrows: [],
      reserveWallets: [],
    });
  });

  it('says how each deployment is read and priced, the DefiLlama cross-check on the first row, and each gap on its chain', () => {
    const gap = {
      symbol: 'FUND',
      chainSource: 'evm',
      chainValue: 1000,
      defillamaValue: 1100,
      defillamaUrl: null,
    };
    const page = build(
      reads(
        {},
        {
          gaps: [
            { ...gap, chain: 'ethereum', gapPct: 10 },
            { ...gap, chain: 'plain', chainValue: 0, gapPct: null },
          ],
        },
      ),
    );
    const first = rowOf(page, 'FUND', 'ethereum').method;
    expect(first.text).toMatch(/^totalSupply\(\).*; Fixed NAV of \$1\.00 per token \(our token list\)$/);
    expect(first.crossCheck).toBe('fund-protocol');
    expect(first.gaps).toEqual([{ gap: 10, defillama: '$1.10K', percent: '+10%', chain: '$1.00K' }]);
    const second = rowOf(page, 'FUND', 'plain').method;
    expect(second.crossCheck).toBeNull();
    expect(second.gaps).toEqual([{ gap: '', defillama: '$1.10K', percent: 'gap unknown', chain: '$0.00' }]);
    expect(rowOf(page, 'STBL', 'ethereum').method.text).toBe(
      'DefiLlama stablecoins API, id 7; Fixed NAV of $1.00 per token (our token list)',
    );
  });

  it('shows the latest figure with where it was read, stale with why, or not observed yet', () => {
    const page = build(
      reads({
        observations: observedCells(
          figure({
            assetSymbol: 'STBL',
            supply: '',
            holders: null,
            blockNumber: null,
            apiUrl: 'https://api.example/stbl',
            fetchedAt: '2026-11-21T00:05:00.000Z',
          }),
        ),
        stale: staleCells({ asset: 'STBL', chain: 'ethereum', since: '2026-11-19', ageHours: 24, reason: 'no answer', kind: 'price' }),
      }),
    );
    const stbl = rowOf(page, 'STBL', 'ethereum');
    expect(stbl.observed).toEqual({
      line: '20 Nov 2026: no token supply (DefiLlama gives dollars), $1.00K, holders unavailable',
      block: null,
      api: { url: 'https://api.example/stbl', at: '21 Nov 2026, 00:05 UTC' },
    });
    expect(stbl.stale).toEqual({
      ageHours: 24,
      since: '2026-11-19',
      rest: ' (valued at its last price), 24 h old (no answer)',
    });
    expect(rowOf(page, 'NOTE', 'ethereum')).toMatchObject({
      observed: null,
      stale: null,
    });
  });

  it('lists the assets read only from DefiLlama’s protocol API with the chains they keep; without a registry, no table at all', () => {
    const page = build(
      reads({
        observations: observedCells(figure({ assetSymbol: 'TAIL', apiUrl: 'https://api.llama.fi/protocol/tail' })),
      }),
    );
    expect(page.longTail).toEqual([
      expect.objectContaining({
        symbol: 'TAIL',
        slug: 'tail',
        only: 'Ethereum, Base',
        reference: null,
        seen: [
          {
            line: 'Ethereum: $1.00K on 20 Nov 2026',
            apiUrl: 'https://api.llama.fi/protocol/tail',
          },
        ],
      }),
    ]);
    const none = build(
      reads({
        registry: undefined,
        registryError: 'Invalid registry x.json: assets.0',
      }),
    );
    expect(none).toMatchObject({
      tracked: null,
      longTail: null,
      registryError: 'Invalid registry x.json: assets.0',
    });
  });
});
