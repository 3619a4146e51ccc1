/**
 * The chart frame (src/lib/shared/charts/frame.ts): date labels never overlap or leave the box, at
 * phone and desktop widths, and the value axis always has distinct labels scaled to the data.
 */
import { describe, expect, it } from 'vitest';
import { chartFrame, labelWidth, logTicks, pointDateLabel, timeTicks, valueTicks, type XTick } from '#lib/shared/charts/frame.ts';
import { dateLabel, lineChart } from '#lib/shared/open-data/chart.ts';
import { formatCompactUsd, formatCurrency, formatMonthLabel } from '#lib/shared/format.ts';

/** Each label's horizontal extent, as the frame hangs it on its anchor. */
function extents(ticks: XTick[]) {
  return ticks.map((t) => {
    const w = labelWidth(t.label);
    const from = t.anchor === 'start' ? t.x : t.anchor === 'end' ? t.x - w : t.x - w / 2;
    return { from, to: from + w };
  });
}

function expectApartAndInside(ticks: XTick[], width: number) {
  const e = extents(ticks);
  for (let i = 0; i < e.length; i++) {
    expect(e[i].from).toBeGreaterThanOrEqual(0);
    expect(e[i].to).toBeLessThanOrEqual(width);
    if (i > 0) expect(e[i].from).toBeGreaterThan(e[i - 1].to);
  }
}

const day = (iso: string, plus: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + plus * 86_400_000).toISOString().slice(0, 10);
const monthly = Array.from(
  { length: 25 },
  (_, i) => `${2023 + Math.floor((i + 8) / 12)}-${String(((i + 8) % 12) + 1).padStart(2, '0')}-01`,
);
const daily = Array.from({ length: 90 }, (_, i) => day('2025-06-15', i));
/** The network page's 90-day history: four dates, two of them 12 days apart (it read "Aug 31Sep 12"). */
const sparse = ['2025-06-30', '2025-07-31', '2025-08-31', '2025-09-12'];

describe('date labels', () => {
  for (const width of [300, 360, 390, 720, 1280]) {
    it(`never overlap or leave a ${width} px box`, () => {
      for (const dates of [monthly, daily, sparse]) {
        for (const label of [(d: string, span: number) => dateLabel(d, span), (d: string) => formatMonthLabel(`${d}T00:00:00Z`)]) {
          const f = chartFrame({ width, height: 300, dates, values: dates.map((_, i) => i), yLabel: String, xLabel: label });
          expect(f.xTicks.length, `${width} ${dates.length}`).toBeGreaterThanOrEqual(2);
          expectApartAndInside(f.xTicks, width);
        }
      }
    });
  }

  it('labels a long range by month starts in a whole stride, and a short one at its first and last dates', () => {
    const f = chartFrame({ width: 390, height: 300, dates: monthly, values: [1], yLabel: String, xLabel: dateLabel });
    expect(f.xTicks.map((t) => t.label)).toEqual(['Jan 2024', 'Jul 2024', 'Jan 2025', 'Jul 2025']);
    const wide = chartFrame({ width: 1280, height: 300, dates: monthly, values: [1], yLabel: String, xLabel: dateLabel });
    expect(wide.xTicks.length).toBeGreaterThan(4);
    expect(wide.xTicks.every((t) => /^(Jan|Apr|Jul|Oct|Mar|May|Sep|Nov|Feb|Jun|Aug|Dec) 20\d\d$/.test(t.label))).toBe(true);
    const short = chartFrame({ width: 360, height: 220, dates: sparse, values: [1], yLabel: String, xLabel: dateLabel });
    expect(short.xTicks[0].label).toBe('30 Jun');
    expect(short.xTicks.at(-1)!.label).toBe('12 Sep');
  });

  it('labels the months of a range longer than four months "Sep 2025", never "Sep 25"', () => {
    const f = lineChart(
      monthly.map((date, i) => ({ date, value: i })),
      'usd',
    );
    for (const t of f.xTicks) expect(t.label).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
  });

  it('places nothing for no dates', () => {
    expect(timeTicks([], () => 0, { left: 0, right: 100 }, String, 0)).toEqual([]);
  });
});

describe('value axis', () => {
  it('scales to small values: never one label repeated, never "$0.00" alone', () => {
    for (const hi of [0.004, 0.35, 3.5, 350_000, 2.2e9, 1.5e12]) {
      const { ticks } = valueTicks(0, hi, 5, formatCurrency);
      const labels = ticks.map((t) => t.label);
      expect(new Set(labels).size, labels.join(' ')).toBe(labels.length);
      expect(labels.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('takes fewer steps when the formatter would print two alike', () => {
    // Billions shown with one decimal: steps of 0.02 B would print '$0.0B' twice.
    const { ticks } = valueTicks(0, 0.09, 5, (v) => formatCompactUsd(v * 1e9, 1));
    expect(new Set(ticks.map((t) => t.label)).size).toBe(ticks.length);
  });

  it('makes the left margin as wide as the widest value label', () => {
    const f = chartFrame({ width: 360, height: 220, dates: sparse, values: [1.18e12, 1.5e12], yLabel: formatCurrency, xLabel: dateLabel });
    const widest = Math.max(...f.yTicks.map((t) => labelWidth(t.label)));
    expect(f.pad.left).toBeGreaterThan(widest);
    expect(f.yTicks.map((t) => t.label)).toContain('$1500.00B');
  });
});

describe('a logarithmic value axis', () => {
  it('ticks at powers of ten, covering every value, each label distinct', () => {
    const { lo, hi, ticks } = logTicks(3.2e6, 5.1e11, 5, formatCurrency);
    expect(lo).toBeLessThanOrEqual(3.2e6);
    expect(hi).toBeGreaterThanOrEqual(5.1e11);
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(5);
    for (const t of ticks) expect(Math.log10(t.value) % 1).toBeCloseTo(0, 9);
    expect(new Set(ticks.map((t) => t.label)).size).toBe(ticks.length);
  });

  it('gives two ticks when every value sits in one decade, or is one power of ten', () => {
    expect(logTicks(20, 80, 5, String).ticks.map((t) => t.value)).toEqual([10, 100]);
    expect(logTicks(100, 100, 5, String).ticks.map((t) => t.value)).toEqual([100, 1000]);
  });

  it('draws equal ratios at equal heights, so a small line keeps its shape beside a large one', () => {
    const f = chartFrame({
      width: 400,
      height: 300,
      dates: monthly,
      values: [1e3, 1e6, 1e9],
      yLabel: String,
      xLabel: dateLabel,
      scale: 'log',
    });
    expect(f.y(1e3) - f.y(1e4)).toBeCloseTo(f.y(1e8) - f.y(1e9), 6);
    expect(f.y(1e3)).toBeGreaterThan(f.y(1e9));
    // Zero and negative values have no place on a log axis: not drawn, rather than drawn wrong.
    expect(f.y(0)).toBeNaN();
    expect(f.y(-5)).toBeNaN();
    // The linear frame of the same values piles the small ones at the bottom.
    const linear = chartFrame({ width: 400, height: 300, dates: monthly, values: [1e3, 1e6, 1e9], yLabel: String, xLabel: dateLabel });
    expect(linear.y(1e3) - linear.y(1e6)).toBeLessThan(1);
  });
});

describe("a point's date", () => {
  it('names a month for a monthly series and the day for a daily one', () => {
    expect(pointDateLabel(monthly)('2025-09-01')).toBe('Sep 2025');
    expect(pointDateLabel(daily)('2025-07-04')).toBe('4 Jul 2025');
    expect(pointDateLabel(['2026-11-14'])('2026-11-14')).toBe('14 Nov 2026');
  });
});
