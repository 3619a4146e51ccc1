import { describe, expect, it } from 'vitest';
import { ageNote, freshness } from '#lib/shared/data-age.ts';

describe('age in words', () => {
  it("says the embedded snapshot's age and that the machine is offline", () => {
    expect(ageNote('2025-09-12', '2026-11-25', { published: false, lastStatus: 'failed', offline: true })).toEqual({
      days: 439,
      text: '439 days old: offline snapshot',
      seeSources: false,
    });
  });
  it('says the last run failed and points to Sources', () => {
    expect(ageNote('2026-11-23', '2026-11-25', { published: true, lastStatus: 'failed' })).toEqual({
      days: 2,
      text: '2 days old: the last run failed',
      seeSources: true,
    });
  });
  it('is silent while the figures are current: yesterday is the last closed day', () => {
    expect(ageNote('2026-11-24', '2026-11-25', { published: true, lastStatus: 'published' })).toBeNull();
    expect(ageNote('2026-11-25', '2026-11-25', { published: false })).toBeNull();
  });
  it('names the other states', () => {
    const at = (run: Parameters<typeof ageNote>[2]) => ageNote('2026-01-01', '2026-11-25', run)?.text;
    expect(at({ published: false })).toBe('328 days old: snapshot');
    expect(at({ published: false, lastStatus: 'running' })).toBe('328 days old: snapshot; the first live run is under way');
    expect(at({ published: false, lastStatus: 'failed' })).toBe('328 days old: snapshot; the last run failed');
    expect(at({ published: true, lastStatus: 'held' })).toBe('328 days old: the last run was held');
    expect(at({ published: true, lastStatus: 'published' })).toBe('328 days old: no run since');
    expect(at({ published: true, lastStatus: 'failed', offline: true })).toBe('328 days old: offline, the last run reached no source');
    expect(ageNote('2020-01-01', '2026-01-01', { published: false })?.text).toBe('2,192 days old: snapshot');
  });
  it('every page says its age in words; the note (and the notice across the top) only when more than a day old', () => {
    const run = { published: true, lastStatus: 'published' as const };
    expect(freshness('2026-11-25', '2026-11-25', run)).toEqual({ asOf: '2026-11-25', days: 0, words: 'from today', note: null });
    expect(freshness('2026-11-24', '2026-11-25', run)).toEqual({
      asOf: '2026-11-24',
      days: 1,
      words: "1 day old: yesterday's close",
      note: null,
    });
    const old = freshness('2026-11-23', '2026-11-25', { published: true, lastStatus: 'failed' });
    expect(old.words).toBe('2 days old: the last run failed');
    expect(old.note?.seeSources).toBe(true);
    expect(freshness('not a day', '2026-11-25', run).words).toBe('of an unknown age');
  });
});
