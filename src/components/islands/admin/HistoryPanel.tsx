import { useEffect, useState } from 'react';
import { History, RotateCcw } from 'lucide-react';
import type { ContentKind } from '#lib/shared/content-types.ts';
import type { DiffLine } from '#lib/shared/line-diff.ts';
import { getErrorMessage } from '#lib/client/api.ts';
import { listVersions, restoreVersion, versionDiff, type Version } from '#lib/client/content-api.ts';
import { toast } from '#lib/client/stores/toast.ts';
import { formatTimestamp } from '#lib/shared/format.ts';
import { card, secondaryButton } from './ui.ts';

interface Props {
  kind: ContentKind;
  id: number;
  /** Called after a version was restored (saved as the newest version). */
  onRestored: () => void;
}

/** The item's versions (date, author, message), each with its changes against the current text and a restore. */
export default function HistoryPanel({ kind, id, onRestored }: Props) {
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [diff, setDiff] = useState<DiffLine[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    listVersions(kind, id).then(setVersions, () => setVersions([]));
  }, [kind, id]);

  async function show(version: Version) {
    if (open === version.id) {
      setOpen(null);
      return;
    }
    setOpen(version.id);
    setDiff(null);
    try {
      setDiff(await versionDiff(kind, id, version.id));
    } catch (err) {
      toast({ title: 'Error', description: getErrorMessage(err), variant: 'destructive' });
    }
  }

  async function restore(version: Version) {
    setBusy(true);
    try {
      await restoreVersion(kind, id, version.id);
      toast({ title: 'Success', description: 'Version restored' });
      onRestored();
    } catch (err) {
      setBusy(false);
      toast({ title: 'Error', description: getErrorMessage(err), variant: 'destructive' });
    }
  }

  return (
    <section className={`${card} space-y-3 p-4 sm:p-5`} aria-labelledby="history-title" data-testid="history">
      <h2 id="history-title" className="flex items-center gap-2 text-sm font-semibold tracking-wide text-muted uppercase">
        <History aria-hidden className="size-4" /> History
      </h2>
      {versions === null ? (
        <p className="text-sm text-muted">Loading...</p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-muted">No versions recorded yet.</p>
      ) : (
        <ol className="space-y-2">
          {versions.map((v, index) => (
            <li key={v.id} className="rounded-lg border border-border p-3 text-sm" data-testid="version">
              <p className="font-medium text-fg">{v.message}</p>
              <p className="mt-0.5 text-xs text-muted">
                <time dateTime={v.date}>{formatTimestamp(v.date)}</time> · {v.author}
                {v.commit ? ` · ${v.commit.slice(0, 7)}` : ' · committing...'}
                {index === 0 && ' · current'}
              </p>
              {index > 0 && v.action === 'save' && (
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={`${secondaryButton} px-2.5 py-1 text-xs`}
                    onClick={() => void show(v)}
                    aria-expanded={open === v.id}
                  >
                    {open === v.id ? 'Hide changes' : 'Show changes'}
                  </button>
                  <button
                    type="button"
                    className={`${secondaryButton} px-2.5 py-1 text-xs`}
                    onClick={() => void restore(v)}
                    disabled={busy}
                  >
                    <RotateCcw aria-hidden className="size-3.5" /> Restore this version
                  </button>
                </div>
              )}
              {open === v.id && (
                <div
                  className="mt-2 max-h-72 overflow-auto rounded-md border border-border bg-bg p-2 font-mono text-xs"
                  aria-label="Changes from this version to the current text"
                  data-testid="diff"
                >
                  {diff === null
                    ? 'Loading...'
                    : diff
                        .filter((line) => line.type !== 'same')
                        .map((line, i) => (
                          <div key={i} className={line.type === 'add' ? 'bg-positive/10 text-positive' : 'bg-negative/10 text-negative'}>
                            <span aria-hidden>{line.type === 'add' ? '+ ' : '- '}</span>
                            <span className="sr-only">{line.type === 'add' ? 'now: ' : 'this version: '}</span>
                            {line.text || ' '}
                          </div>
                        ))}
                  {diff !== null && diff.every((l) => l.type === 'same') && <p className="text-muted">Same as the current text.</p>}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      <p className="text-xs text-muted">Removed lines (−) are in this version; added lines (+) are in the current text.</p>
    </section>
  );
}
