import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chartPoints } from '#db/schema/index.ts';
import { ASSET_CLASS_TABLE, ASSET_CLASSES, CHART_COLUMNS, chartColumnOf } from '#lib/shared/asset-classes.ts';
import { CHART_LAYERS } from '#lib/shared/markets.ts';
import { CLASS_REFERENCES } from '#lib/server/figures/coverage-references.ts';
import { chartDataSchema } from '#lib/shared/schemas/responses.ts';

describe('the asset-class table', () => {
  it('gives each class one chart column, and the chart table has exactly those columns', () => {
    expect(new Set(ASSET_CLASSES).size).toBe(ASSET_CLASS_TABLE.length);
    expect(new Set(CHART_COLUMNS).size).toBe(ASSET_CLASS_TABLE.length);
    const stored = Object.keys(getTableColumns(chartPoints)).filter((c) => c !== 'date' && c !== 'source');
    expect([...stored].sort()).toEqual([...CHART_COLUMNS].sort());
    const served = Object.keys(chartDataSchema.element.shape).filter((c) => !['date', 'origin', 'source'].includes(c));
    expect(served).toEqual(CHART_COLUMNS);
    expect(chartColumnOf('Global Bonds')).toBe('governmentDebt');
    expect(chartColumnOf('Bonds')).toBeUndefined();
  });

  it("draws the chart's layers in the table's order, with its labels", () => {
    expect(CHART_LAYERS.map((l) => [l.key, l.label])).toEqual(ASSET_CLASS_TABLE.map((c) => [c.column, c.label]));
  });

  it('gives every class its own coverage reference row, and only classes', () => {
    expect(CLASS_REFERENCES.map((r) => r.assetClass)).toEqual(ASSET_CLASSES);
  });
});
