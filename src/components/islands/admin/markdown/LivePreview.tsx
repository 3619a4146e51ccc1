import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { apiRequest, getErrorMessage } from '#lib/client/api.ts';

interface Props {
  content: string;
}

interface Rendered {
  html: string;
  degraded: boolean;
}

/** Quiet time after the last keystroke before the body is sent to be rendered. */
const DEBOUNCE_MS = 300;

/**
 * The body as the reading page will show it, beside the editor: rendered by the server with the
 * site's own Markdown pipeline and sanitiser (POST /api/content/render), a moment after typing stops.
 * An answer that arrives after a newer text was sent is dropped.
 */
export default function LivePreview({ content }: Props) {
  const [rendered, setRendered] = useState<Rendered | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!content.trim()) return; // nothing to send: the empty text is shown as such below
    let current = true;
    const timer = setTimeout(() => {
      setBusy(true);
      apiRequest('POST', '/api/content/render', { content })
        .then((res) => res.json() as Promise<Rendered>)
        .then(
          (r) => current && (setRendered(r), setError(null)),
          (err: unknown) => current && setError(getErrorMessage(err)),
        )
        .finally(() => current && setBusy(false));
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [content]);

  // The HTML was sanitised by the server. Its heading ids are the reading page's link targets; here
  // they could clash with the editor's own ids (a heading 'Title' is id="title"), so they go.
  // Written when a rendering arrives or the body empties, not per keystroke: parsing the whole
  // preview again on every key made typing lag on a slow machine.
  const empty = !content.trim();
  useLayoutEffect(() => {
    if (!body.current) return;
    body.current.innerHTML = empty ? '' : (rendered?.html ?? '');
    body.current.querySelectorAll('[id]').forEach((el) => el.removeAttribute('id'));
  }, [rendered, empty]);

  return (
    <section
      aria-labelledby="live-preview-title"
      className="flex min-w-0 flex-col overflow-hidden rounded-md border border-border bg-surface"
    >
      <div className="flex min-h-11 items-center justify-between gap-2 border-b border-border px-3 py-1">
        <h2 id="live-preview-title" className="text-xs font-semibold tracking-wide text-muted uppercase">
          Live preview
        </h2>
        <span className="text-xs text-muted" role="status" data-testid="live-preview-status">
          {error ? '' : busy ? 'Updating...' : ''}
        </span>
      </div>
      {error && !empty && (
        <p role="alert" className="mx-3 mt-3 rounded border border-negative/40 bg-negative/10 px-3 py-2 text-xs text-negative">
          The preview could not be updated: {error}
        </p>
      )}
      {rendered?.degraded && (
        <p className="mx-3 mt-3 text-xs text-warning">This text took too long to render, so it is shown as plain paragraphs.</p>
      )}
      {empty && <p className="px-4 py-4 text-sm text-muted">What you write appears here as readers will see it.</p>}
      <div ref={body} className="prose-body max-h-[70vh] min-h-40 overflow-y-auto px-4 py-4" data-testid="live-preview" />
    </section>
  );
}
