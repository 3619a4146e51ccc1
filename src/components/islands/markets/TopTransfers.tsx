import { useEffect, useRef, useState } from 'react';
import type { Transfer } from '#lib/shared/analytics-types.ts';
import {
  AMOUNT_RANGES,
  findRange,
  parsePeriod,
  TRANSFER_LIMIT,
  TRANSFER_PERIODS,
  transfersPath,
  transfersQuery,
  type TransferPeriod,
} from '#lib/shared/transfers.ts';
import { DEFAULT_HOME_VIEW, viewParams, type HomeView } from '#lib/shared/view-state.ts';
import { formatCurrency, formatShortDate } from '#lib/shared/format.ts';
import { getErrorMessage, getJson } from '#lib/client/api.ts';
import { replaceParam } from '#lib/client/url-state.ts';
import ViewForm from '#components/islands/ui/ViewForm.tsx';
import DownloadLinks from '#components/islands/ui/DownloadLinks.tsx';
import { assetUrl, networkUrl } from '#lib/shared/open-data/ids.ts';
import { phoneAttrs } from '#lib/shared/phone-columns.ts';

/** Asset (with its network under it on a phone), Network, Amount, Date: already narrow, nothing more to hide. */
const PHONE = phoneAttrs([{ phone: 'name' }, { phone: 'keep' }, { phone: 'value' }, { phone: 'keep' }]);

/** A name as a link to its page when its id is known (own-property lookups only), else as text. */
function Linked({ id, href, text }: { id: string | undefined; href: (id: string) => string; text: string }) {
  return typeof id === 'string' ? (
    // At least 24 px tall: on a phone the network sits right under the asset, and each stays a target of its own.
    <a href={href(id)} className="inline-flex min-h-6 items-center underline-offset-4 hover:underline">
      {text}
    </a>
  ) : (
    <>{text}</>
  );
}

interface Props {
  /** The server's rows for the view's period and range. */
  initial: Transfer[];
  /** The page's view from its URL (period and range, and what the form carries for the others). */
  view: HomeView;
  /** Asset symbol -> its page id, network name -> its page id: names link to their pages (unknown ones stay text). */
  assetIds?: Record<string, string>;
  networkIds?: Record<string, string>;
}

/** The form's own fields leave the carried query (their defaults are dropped by viewParams). */
const DEFAULT_PERIOD_AND_RANGE = { period: DEFAULT_HOME_VIEW.period, range: DEFAULT_HOME_VIEW.range };

/** The table's column headings and their classes (the network column shows from the sm width up). */
const COLUMNS = [
  ['Asset', 'py-2 pr-3 font-medium'],
  ['Network', 'hidden py-2 pr-3 font-medium sm:table-cell'],
  ['Amount', 'py-2 pr-3 text-right font-medium'],
  ['Date', 'py-2 text-right font-medium'],
] as const;

const selectClass =
  'rounded-md border border-border bg-surface-2 px-2.5 py-1.5 text-sm text-fg focus-visible:outline-2 focus-visible:outline-accent';

/** Top Transfers: the largest transfers of a period and amount range, at most 10, fetched on change. */
export default function TopTransfers({ initial, view, assetIds = {}, networkIds = {} }: Props) {
  const [days, setDays] = useState<TransferPeriod>(view.period);
  const [range, setRange] = useState<string>(view.range);
  const [rows, setRows] = useState<Transfer[]>(initial.slice(0, TRANSFER_LIMIT));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);

  const periodSelect = useRef<HTMLSelectElement>(null);
  const rangeSelect = useRef<HTMLSelectElement>(null);

  async function load(nextDays: TransferPeriod, nextRange: string) {
    setDays(nextDays);
    setRange(nextRange);
    replaceParam('period', nextDays, DEFAULT_HOME_VIEW.period);
    replaceParam('range', nextRange, DEFAULT_HOME_VIEW.range);
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

  // A choice made before hydration is in the DOM, not in the state: adopt it (once, on hydration).
  useEffect(() => {
    const chosenDays = parsePeriod(periodSelect.current?.value);
    const chosenRange = findRange(rangeSelect.current?.value).id;
    if (chosenDays !== view.period || chosenRange !== view.range) void load(chosenDays, chosenRange);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div>
      {/* Without JavaScript the form's button loads the page with the choice in the query. */}
      <ViewForm
        path="/"
        hash="top-transfers"
        carry={viewParams({ ...view, ...DEFAULT_PERIOD_AND_RANGE }, DEFAULT_HOME_VIEW)}
        className="flex flex-wrap items-center gap-3"
      >
        <label className="flex items-center gap-2 text-sm text-muted">
          Period
          <select
            ref={periodSelect}
            className={selectClass}
            value={days}
            onChange={(e) => void load(Number(e.target.value) as TransferPeriod, range)}
            name="period"
          >
            {TRANSFER_PERIODS.map((d) => (
              <option key={d} value={d}>
                {d} days
              </option>
            ))}
          </select>
        </label>
        <label className="flex items-center gap-2 text-sm text-muted">
          Amount
          <select ref={rangeSelect} className={selectClass} value={range} onChange={(e) => void load(days, e.target.value)} name="range">
            {AMOUNT_RANGES.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="submit"
          className="no-js-only rounded-md border border-border bg-surface-2 px-3 py-1.5 text-sm text-fg hover:border-accent"
        >
          Show
        </button>
        <span aria-live="polite" className="text-xs text-muted">
          {loading ? 'Loading transfers...' : ''}
        </span>
      </ViewForm>
      <div className="mt-3">
        <DownloadLinks
          href="/api/transfers"
          query={{ ...transfersQuery(days, range), download: '1' }}
          label={`Top transfers, ${days} days, ${findRange(range).label}`}
        />
      </div>
      {error && (
        <p role="alert" className="mt-3 text-sm text-negative">
          {error}
        </p>
      )}
      {/* Scrolls sideways on a phone: a named region that takes keyboard focus. */}
      <div className="table-scroll mt-4" tabIndex={0} role="region" aria-label="Top Transfers table">
        <table
          className={`w-full text-sm whitespace-nowrap transition-opacity ${loading ? 'opacity-50' : ''}`}
          aria-busy={loading}
          data-testid="transfers-table"
          {...PHONE}
        >
          <thead>
            <tr className="border-b border-border text-left text-xs tracking-wide text-muted uppercase">
              {COLUMNS.map(([label, className]) => (
                <th key={label} scope="col" className={className}>
                  {label}
                </th>
              ))}
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
                    <span className="font-medium text-fg">
                      <Linked id={assetIds[t.assetSymbol]} href={assetUrl} text={t.assetSymbol} />
                    </span>
                    <span className="block text-xs text-muted sm:hidden">
                      <Linked id={networkIds[t.network]} href={networkUrl} text={t.network} />
                    </span>
                  </td>
                  <td className="hidden py-2.5 pr-3 text-muted sm:table-cell">
                    <Linked id={networkIds[t.network]} href={networkUrl} text={t.network} />
                  </td>
                  <td className="py-2.5 pr-3 text-right text-fg tabular-nums">{formatCurrency(t.usdAmount)}</td>
                  <td className="py-2.5 text-right text-muted tabular-nums">{formatShortDate(t.date)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
