import { describe, expect, it } from 'vitest';
import { tickLabel } from '#components/islands/markets/use-chart.ts';

describe('chart axis ticks fit the range', () => {
  it.each([
    [0, '2025'],
    [1, 'Jan 25'],
    [2, '5 Jan'],
  ])('tick type %s of 2025-01-05 reads %s', (type, text) => {
    expect(tickLabel('2025-01-05', type)).toBe(text);
    expect(tickLabel(Date.UTC(2025, 0, 5) / 1000, type)).toBe(text);
    expect(tickLabel({ year: 2025, month: 1, day: 5 }, type)).toBe(text);
  });

  it('an unknown time reads as nothing', () => {
    expect(tickLabel(null, 1)).toBe('');
  });
});
