/** The one rule deciding which stored observation counts per day, asset and chain (src/lib/server/figures/precedence.ts). */
import { describe, expect, it } from 'vitest';
import { isAggregator, latestPerCell, pickPerDayCell, type Ranked } from '#lib/server/figures/precedence.ts';

const obs = (o: Partial<Ranked> & { value?: number }) => ({
  runId: 1,
  date: '2026-11-10',
  assetSymbol: 'GOLD',
  chain: 'ethereum',
  source: 'evm',
  value: 1,
  ...o,
});

describe('figures precedence', () => {
  it('counts the chain reader over an aggregator, whichever run is later', () => {
    const picked = pickPerDayCell([obs({ runId: 2, source: 'defillama', value: 9 }), obs({ runId: 1, value: 5 })]);
    expect(picked.get('2026-11-10|GOLD|ethereum')!.value).toBe(5);
    expect(isAggregator('defillama')).toBe(true);
    expect(isAggregator('defillama-protocol')).toBe(true);
    expect(isAggregator('solana')).toBe(false);
  });

  it('between two readings of one source, the later run counts; the run being published counts first', () => {
    const rows = [obs({ runId: 3, value: 3 }), obs({ runId: 7, value: 7 }), obs({ runId: 5, value: 5 })];
    expect(pickPerDayCell(rows).get('2026-11-10|GOLD|ethereum')!.value).toBe(7);
    expect(pickPerDayCell(rows, 3).get('2026-11-10|GOLD|ethereum')!.value).toBe(3);
  });

  it('the latest figure per asset and chain is the newest day, counted by the same rule', () => {
    const latest = latestPerCell([
      obs({ date: '2026-11-11', source: 'defillama', value: 11 }),
      obs({ date: '2026-11-11', value: 10 }),
      obs({ date: '2026-11-09', runId: 9, value: 9 }),
      obs({ chain: 'arbitrum', date: '2026-11-08', value: 8 }),
    ]);
    expect(latest.get('GOLD|ethereum')!.value).toBe(10);
    expect(latest.get('GOLD|arbitrum')!.value).toBe(8);
  });
});
