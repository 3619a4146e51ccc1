/**
 * An empty data section is one line that says why (src/lib/shared/open-data/empty-section.ts): the
 * rule itself, and the data each entity page hands its cards (a history, a holder concentration, a
 * reconciliation), so that DataCard drops the range buttons and downloads of exactly these.
 */
import { describe, expect, it } from 'vitest';
import { emptyLine, historyLine, SNAPSHOT_HAS_NO_HISTORY, unknownLine, whyLine } from '#lib/shared/open-data/empty-section.ts';
import { buildNetworkPage } from '#lib/server/open-data/network-page.ts';
import type { Catalog } from '#lib/server/open-data/catalog.ts';
import { reconcile } from '#lib/server/open-data/reconciliation.ts';

describe('empty section rule', () => {
  it('gives one "Unknown: why." line when there is no row, and nothing when there is one', () => {
    expect(emptyLine(0, 'no observation yet')).toBe('Unknown: no observation yet.');
    expect(emptyLine(1, 'no observation yet')).toBeNull();
    expect(whyLine('no balances')).toBe('Unknown: no balances.');
    expect(whyLine(null)).toBeNull();
    expect(whyLine('')).toBeNull();
  });

  it('empties a history while the snapshot is served, whatever it holds, and after a run only when no day was observed', () => {
    expect(historyLine({ live: false, points: 12, none: 'no observation of this asset yet' })).toBe(unknownLine(SNAPSHOT_HAS_NO_HISTORY));
    expect(historyLine({ live: true, points: 0, none: 'no observation of this asset yet' })).toBe(
      'Unknown: no observation of this asset yet.',
    );
    expect(historyLine({ live: true, points: 1, none: 'no observation of this asset yet' })).toBeNull();
  });
});

describe('network page history', () => {
  const row = {
    id: 'quiet',
    name: 'Quiet Chain',
    iconUrl: null,
    rwaCount: 0,
    totalValue: 1_000_000,
    marketShare: 0.01,
    change30d: null,
  } as unknown as Parameters<typeof buildNetworkPage>[2][number];
  const catalog = { assets: [] } as unknown as Catalog;
  const build = (live: boolean, series: { metric: string; date: string; value: number }[]) =>
    buildNetworkPage('quiet', { asOf: '2026-11-10', publishedRun: live ? 4 : undefined }, [row], series, [], catalog, [])!;

  it('says why a network with no series has no history, before and after a run', () => {
    expect(build(false, []).historyNote).toBe('Unknown: the snapshot holds no series for this network.');
    expect(build(true, []).historyNote).toBe('Unknown: no published run has a figure of this network yet.');
  });

  it('keeps the history (and so its ranges and downloads) when one day is known, and ignores days after the as-of date', () => {
    expect(build(false, [{ metric: 'tokenized-asset-value', date: '2026-11-01', value: 5 }]).historyNote).toBeNull();
    expect(build(true, [{ metric: 'tokenized-asset-value', date: '2026-12-01', value: 5 }]).historyNote).not.toBeNull();
  });
});

describe('reconciliation with no figure', () => {
  const day = '2026-11-10';
  it('is empty, with why, only when no source gives a figure', () => {
    const none = reconcile({ asOf: day, date: null, day: [], asset: undefined, assetClass: 'U.S. Treasuries' });
    expect(none.rows.every((r) => r.value === null)).toBe(true);
    expect(whyLine(none.unknown)).toMatch(/^Unknown: no source gives a figure of this asset yet/);
    const one = reconcile({
      asOf: day,
      date: day,
      day: [{ date: day, assetSymbol: 'X', chain: 'ethereum', source: 'evm', value: 10, apiUrl: null }],
      asset: undefined,
      assetClass: 'U.S. Treasuries',
    });
    expect(one.unknown).toBeNull();
  });
});
