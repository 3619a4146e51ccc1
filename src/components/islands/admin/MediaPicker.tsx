import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Check, Loader2 } from 'lucide-react';
import { getErrorMessage } from '#lib/client/api.ts';
import { listUploads } from '#lib/client/image-upload.ts';
import { uploadAlt, type UploadListItem } from '#lib/shared/upload-list.ts';
import { secondaryButton } from './ui.ts';

interface Props {
  id: string;
  /** The field's current URL: its image is marked as chosen. */
  selected: string;
  onPick: (url: string) => void;
  /** Escape: the field closes the list and takes the focus back. */
  onClose: () => void;
}

/** Arrow keys move between the images as Tab does (Left/Up back, Right/Down on, Home/End to the ends). */
const STEPS: Record<string, (i: number, n: number) => number> = {
  ArrowLeft: (i) => i - 1,
  ArrowUp: (i) => i - 1,
  ArrowRight: (i) => i + 1,
  ArrowDown: (i) => i + 1,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The images already uploaded, newest first, a page at a time: each a button named by its alt text
 * (type, size, upload time). Choosing one puts its URL in the field.
 */
export default function MediaPicker({ id, selected, onPick, onClose }: Props) {
  const [items, setItems] = useState<UploadListItem[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [problem, setProblem] = useState('');
  const grid = useRef<HTMLUListElement>(null);

  /** Reads a page: the first (replacing what is shown) or the one after `before` (added below it). */
  function read(before: string | null) {
    listUploads(before).then(
      (page) => {
        // Keyed by id: a page read again after a failure must not show an image twice.
        setItems((shown) => {
          const known = new Set(shown.map((i) => i.id));
          return before ? [...shown, ...page.items.filter((i) => !known.has(i.id))] : page.items;
        });
        setNext(page.next);
        setStatus('ready');
      },
      (error: unknown) => {
        setProblem(getErrorMessage(error));
        setStatus('failed');
      },
    );
  }
  function load(before: string | null) {
    setStatus('loading');
    read(before);
  }
  // The first page once, when the list opens (the state starts as loading).
  useEffect(() => read(null), []);

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    const step = STEPS[e.key];
    const buttons = [...(grid.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (!step || at < 0) return;
    e.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, step(at, buttons.length)))]?.focus();
  }

  return (
    <div
      id={id}
      role="group"
      aria-label="Uploaded images"
      className="space-y-2 rounded-lg border border-border bg-bg p-2"
      onKeyDown={onKeyDown}
      data-testid="media-picker"
    >
      {items.length > 0 && (
        <ul ref={grid} className="grid grid-cols-[repeat(auto-fill,minmax(6rem,1fr))] gap-2" aria-label="Uploaded images, newest first">
          {items.map((item) => {
            const chosen = item.url === selected;
            const alt = uploadAlt(item);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  title={alt}
                  onClick={() => onPick(item.url)}
                  className={`relative block aspect-[1200/630] min-h-11 w-full overflow-hidden rounded-md border-2 bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${chosen ? 'border-accent' : 'border-transparent hover:border-accent/60'}`}
                >
                  <img
                    src={item.url}
                    alt={alt}
                    loading="lazy"
                    decoding="async"
                    width={item.width ?? undefined}
                    height={item.height ?? undefined}
                    className="size-full object-cover"
                  />
                  {chosen && <Check aria-hidden className="absolute top-1 right-1 size-5 rounded-full bg-accent p-0.5 text-accent-fg" />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
        {status === 'loading' && (
          <p role="status" className="inline-flex items-center gap-1.5">
            <Loader2 aria-hidden className="size-4 animate-spin" /> Loading uploaded images...
          </p>
        )}
        {status === 'ready' && items.length === 0 && <p role="status">No images uploaded yet. Upload or paste one.</p>}
        {status === 'failed' && (
          <>
            <p role="alert" className="font-medium text-negative">
              The uploaded images could not be listed: {problem}
            </p>
            <button type="button" className={secondaryButton} onClick={() => load(next)}>
              Try again
            </button>
          </>
        )}
        {status === 'ready' && next && (
          <button type="button" className={secondaryButton} onClick={() => load(next)}>
            Load more
          </button>
        )}
      </div>
    </div>
  );
}
