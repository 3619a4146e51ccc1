import { useRef, useState } from 'react';
import type { Transfer, TransferPeriod } from '@/lib/shared/analytics-types';
import { TRANSFER_PERIODS } from '@/lib/shared/analytics-types';
import { AMOUNT_RANGES, DEFAULT_PERIOD, DEFAULT_RANGE, TRANSFER_LIMIT, transfersPath } from '@/lib/shared/markets';
import { formatCurrency, formatShortDate } from '@/lib/shared/format';
import { getErrorMessage, getJson } from '@/lib/client/api';

interface Props {
  /** The server's first page: the default period (7 days) and range (0-100k). */
  initial: Transfer[];
}

const selectClass =
  'rounded-md border border-border bg-surface-2 px-2.5 py-1.5 text-sm text-fg focus-visible:outline-2 focus-visible:outline-accent';

/** Top Transfers: the largest transfers of a period and amount range, at most 10, fetched on change. */
export default function TopTransfers({ initial }: Props) {
  const [days, setDays] = useState<TransferPeriod>(DEFAULT_PERIOD);
  const [range, setRange] = useState<string>(DEFAULT_RANGE);
  const [rows, setRows] = useState<Transfer[]>(initial.slice(0, TRANSFER_LIMIT));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  async function load(nextDays: TransferPeriod, nextRange: string) {
    setDays(nextDays);
    setRange(nextRange);
    const ticket = ++latest.current;
    setLoading(true);
    setError(null);
    try {
      const data = await getJson<Transfer[]>(transfersPath(nextDays, nextRange));
      if (ticket === latest.current) setRows(data.slice(0, TRANSFER_LIMIT));
    } catch (e) {
      if (ticket === latest.current) setError(getErrorMessage(e));
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }

  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-muted">
          Period
          <select className={selectClass} value={days} onChange={(e) => load(Number(e.target.value) as TransferPeriod, range)} name="period">
            {TRANSFER_PERIODS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-muted">
          Amount
          <select className={selectClass} value={range} onChange={(e) => load(days, e.target.value)} name="range">
            {AMOUNT_RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <span aria-live="polite" className="text-xs text-muted">
          {loading ? 'Loading transfers...' : ''}
        </span>
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-negative">
          {error}
        </p>
      )}
      <div className="mt-4 overflow-x-auto">
        <table className={`w-full whitespace-nowrap text-sm transition-opacity ${loading ? 'opacity-50' : ''}`} aria-busy={loading} data-testid="transfers-table">
          <thead>
            <tr className="border-b border-border text-left text-xs uppercase tracking-wide text-muted">
              <th scope="col" className="py-2 pr-3 font-medium">Asset</th>
              <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">Network</th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">Amount</th>
              <th scope="col" className="py-2 text-right font-medium">Date</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="py-8 text-center text-muted">
                  No transfers found for the selected criteria
                </td>
              </tr>
            ) : (
              rows.map((t) => (
                <tr key={t.id} className="border-b border-border/60 last:border-0" data-testid="transfer-row">
                  <td className="py-2.5 pr-3">
                    <span className="font-medium text-fg">{t.assetSymbol}</span>
                    <span className="block text-xs text-muted sm:hidden">{t.network}</span>
                  </td>
                  <td className="hidden py-2.5 pr-3 text-muted sm:table-cell">{t.network}</td>
                  <td className="py-2.5 pr-3 text-right tabular-nums text-fg">{formatCurrency(t.usdAmount)}</td>
                  <td className="py-2.5 text-right tabular-nums text-muted">{formatShortDate(t.date)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
