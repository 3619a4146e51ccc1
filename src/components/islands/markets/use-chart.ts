import { useEffect, useState, type RefObject } from 'react';
import type { IChartApi, DeepPartial, ChartOptions } from 'lightweight-charts';
import { colors } from '../../../../tailwind.config.mjs';
import { formatMonthLabel } from '#lib/shared/format.ts';
import { dateLabel } from '#lib/shared/open-data/chart.ts';

type ChartLib = typeof import('lightweight-charts');

export interface ChartHandle {
  chart: IChartApi;
  lib: ChartLib;
  /** Set once the chart is removed (on unmount, before the series effects' cleanups run). */
  disposed: boolean;
}

/** The UTC date of any time lightweight-charts hands back (seconds, 'YYYY-MM-DD' or a business day). */
function dateOf(time: unknown): Date | null {
  if (typeof time === 'number') return new Date(time * 1000);
  if (typeof time === 'string') return new Date(`${time.slice(0, 10)}T00:00:00Z`);
  if (time && typeof time === 'object' && 'year' in time) {
    const t = time as { year: number; month: number; day: number };
    return new Date(Date.UTC(t.year, t.month - 1, t.day));
  }
  return null;
}

/** Month labels like 'Jan 25' (the shared formatMonthLabel), for the readouts and tooltips. */
export function monthLabel(time: unknown): string {
  const d = dateOf(time);
  return d ? formatMonthLabel(d) : '';
}

/** lightweight-charts' TickMarkType: which boundary a tick marks. */
const YEAR = 0;
const DAY_OF_MONTH = 2;

/**
 * Axis ticks that fit the range shown: the library marks years, months or days as the span asks,
 * and each gets its label ('2025', 'Jan 25', 'Jan 5'): a short range reads in days.
 */
export function tickLabel(time: unknown, tickType: number): string {
  const d = dateOf(time);
  if (!d) return '';
  if (tickType === YEAR) return String(d.getUTCFullYear());
  if (tickType === DAY_OF_MONTH) return dateLabel(d.toISOString().slice(0, 10), 0);
  return formatMonthLabel(d);
}

/**
 * Creates a lightweight-charts chart in `container` once the island is on screen. The library is
 * loaded with a dynamic import so that it lands in its own chunk, fetched only by chart islands.
 */
export function useChart(container: RefObject<HTMLDivElement | null>, options: DeepPartial<ChartOptions> = {}): ChartHandle | null {
  const [handle, setHandle] = useState<ChartHandle | null>(null);
  useEffect(() => {
    let made: ChartHandle | undefined;
    let cancelled = false;
    void import('lightweight-charts')
      .then((lib) => {
        if (cancelled || !container.current) return;
        const chart = lib.createChart(container.current, {
          autoSize: true,
          layout: {
            background: { type: lib.ColorType.Solid, color: 'transparent' },
            textColor: colors.muted,
            fontFamily: 'Inter, ui-sans-serif, system-ui, sans-serif',
          },
          grid: { vertLines: { visible: false }, horzLines: { color: colors.border } },
          rightPriceScale: { borderColor: colors.border, scaleMargins: { top: 0.12, bottom: 0.04 } },
          timeScale: { borderColor: colors.border, tickMarkFormatter: (time: unknown, tickType: number) => tickLabel(time, tickType) },
          crosshair: {
            vertLine: { color: colors.muted, labelBackgroundColor: colors['surface-2'] },
            horzLine: { color: colors.muted, labelBackgroundColor: colors['surface-2'] },
          },
          handleScroll: false,
          handleScale: false,
          ...options,
          // The site formats in US English. lightweight-charts otherwise takes navigator.language, which some
          // systems report as a POSIX tag ('en-US@posix') that Intl rejects, breaking the chart.
          localization: { locale: 'en-US', ...options.localization },
        });
        made = { chart, lib, disposed: false };
        setHandle(made);
      })
      // The chart library's chunk did not load (offline, a deploy in between): the card keeps its
      // server-rendered figures and legend, and the error stays out of the console's unhandled list.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (made) {
        made.disposed = true;
        made.chart.remove();
      }
    };
    // The chart is made once per mount; later option changes go through chart.applyOptions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return handle;
}
