import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type RefObject, type SubmitEvent } from 'react';
import { ArrowLeft } from 'lucide-react';
import type { ContentItem, ContentKind } from '#lib/shared/content-types.ts';
import { ApiError, getErrorMessage } from '#lib/client/api.ts';
import { KINDS, saveItem } from '#lib/client/content-api.ts';
import { editorPath } from '#lib/shared/admin-paths.ts';
import { toast } from '#lib/client/stores/toast.ts';
import MainFields from './MainFields.tsx';
import SettingsPanel from './SettingsPanel.tsx';
import HistoryPanel from './HistoryPanel.tsx';
import PreviewPanel, { openPreview } from './PreviewPanel.tsx';
import LeaveDialog from './LeaveDialog.tsx';
import SaveBar, { saveState } from './SaveBar.tsx';
import { useLeaveGuard, type LeaveGuard } from './use-leave-guard.ts';
import { useAutosave } from './use-autosave.ts';
import { fieldErrorsFrom, payloadFromValues, requiredErrors, type EditorValues, type FieldErrors } from './editor-values.ts';
import { useEditorState } from './use-editor-state.ts';
import { formatTimestamp } from '#lib/shared/format.ts';
import { useOwnToasts } from './use-own-toasts.ts';
import { card, ghostButton } from './ui.ts';

export type { LeaveGuard };

interface Props {
  kind: ContentKind;
  item: ContentItem | null;
  /** Where the editor puts its leave question, for the panel to ask on the browser's Back. */
  guardRef: RefObject<LeaveGuard | null>;
  onBack: () => void;
  onSaved: (saved: ContentItem) => void;
}

/** Where a signed-out admin is sent: back to this editor's address, whose draft is restored. */
const loginAgain = (kind: ContentKind, id: number | null) => `/login?redirect=${encodeURIComponent(editorPath(kind, id))}`;

/**
 * Blog or research editor, shown in place of the list. A failed save keeps everything typed;
 * leaving with unsaved changes asks first (useLeaveGuard); the save state is always in sight, with
 * Save, Cancel and Preview, in the bar at the foot of the screen; Ctrl/Cmd+S saves.
 */
export default function ArticleEditor({ kind, item, guardRef, onBack, onSaved }: Props) {
  const texts = KINDS[kind];
  const { values, update, restored, dirty, discardDraft, forgetDraft } = useEditorState(kind, item);
  const leave = useLeaveGuard(dirty);
  useEffect(() => {
    guardRef.current = { ask: leave.ask };
    return () => {
      guardRef.current = null;
    };
  }, [guardRef, leave.ask]);
  const online = useOnline();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Inline errors: under each field, beside the spec's 'Validation Error' toast.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const autosave = useAutosave(kind, item, values);

  // No error toast outlives its editor: one raised here is taken back when the editor
  // closes. The save's 'Success' toast is meant for the list the editor returns to, so it stays.
  const notify = useOwnToasts();

  /** An edit clears the error of each field it changed. */
  function edit(next: EditorValues) {
    const changed = (f: string) => next[f as keyof EditorValues] !== values[f as keyof EditorValues];
    if (Object.keys(fieldErrors).some(changed)) {
      const left = Object.fromEntries(Object.entries(fieldErrors).filter(([f]) => !changed(f)));
      setFieldErrors(left);
    }
    update(next);
  }
  // The form as last rendered, for the settings panel's changes: that panel is not rendered again for
  // a key typed in the body (the longest field, changed on every key), so the values it holds may be
  // older than the body's.
  const latest = useRef({ values, edit });
  useLayoutEffect(() => {
    latest.current = { values, edit };
  });
  const editSettings = useCallback((patch: Partial<EditorValues>) => latest.current.edit({ ...latest.current.values, ...patch }), []);

  /** Shows the errors and puts the focus on the first field that has one (in the form's order). */
  function showErrors(errors: FieldErrors) {
    setFieldErrors(errors);
    const field = [...document.querySelectorAll<HTMLElement>('form[aria-labelledby="editor-title"] [data-field]')].find(
      (el) => el.dataset.field! in errors,
    );
    field?.querySelector<HTMLElement>('input, textarea, select, [data-focus-target]')?.focus();
  }

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const missing = requiredErrors(kind, values);
    if (Object.keys(missing).length) {
      // The spec's toast, and each empty field marked where it is (an error is read beside its field, not in a toast alone).
      notify({ title: 'Validation Error', description: texts.required, variant: 'destructive' });
      showErrors(missing);
      return;
    }
    setFieldErrors({});
    setSaving(true);
    setError(null);
    try {
      const saved = await saveItem(kind, item?.id ?? null, payloadFromValues(kind, values));
      forgetDraft();
      leave.leaveWithoutAsking();
      toast({ title: 'Success', description: item ? texts.updated : texts.created });
      onSaved(saved);
    } catch (err) {
      setSaving(false);
      notify({ title: 'Error', description: item ? texts.updateFailed : texts.createFailed, variant: 'destructive' });
      if (err instanceof ApiError) showErrors(fieldErrorsFrom(err.serverIssues));
      if (err instanceof ApiError && err.status === 401) {
        setError('Your session has expired. Your draft is kept in this browser; sign in again to save it.');
        leave.leaveWithoutAsking();
        setTimeout(() => location.assign(loginAgain(kind, item?.id ?? null)), 1500);
        return;
      }
      setError(getErrorMessage(err));
    }
  }

  // The editor replaces the list in place: focus its title, or a keyboard user is left on a button
  // that no longer exists (focus falls back to <body>, the top of the page).
  const titleRef = useRef<HTMLHeadingElement>(null); // the page's h1 while the editor is open
  useEffect(() => titleRef.current?.focus(), []);

  // Ctrl/Cmd+S saves as the Save button does (and the browser's "Save page" dialog never opens).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 's' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      e.preventDefault();
      form.current?.requestSubmit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  /** Cancel and 'Back to Admin': back to the list, asked first when something is unsaved. */
  const back = () => void leave.ask().then((ok) => ok && onBack());

  return (
    <form ref={form} onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="editor-title" className="space-y-6">
      <div className="flex items-center gap-3">
        <button type="button" onClick={back} className={ghostButton}>
          <ArrowLeft aria-hidden className="size-4" /> Back to Admin
        </button>
      </div>
      <h1 id="editor-title" ref={titleRef} tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none sm:text-3xl">
        {item ? texts.editTitle : texts.createTitle}
      </h1>
      {restored && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-accent/40 bg-accent/10 px-4 py-2.5 text-sm"
        >
          <span>Unsaved changes from your last visit were restored.</span>
          <button type="button" className="font-medium text-accent hover:underline" onClick={discardDraft}>
            Discard draft
          </button>
        </div>
      )}
      {autosave.found && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-warning/50 bg-warning/10 px-4 py-2.5 text-sm"
          data-testid="server-draft"
        >
          <span>
            A newer draft of this {kind === 'blog' ? 'post' : 'article'} was saved elsewhere (another tab or device) at{' '}
            {formatTimestamp(autosave.found.updatedAt)} by {autosave.found.author}. Open it, or keep what is here?
          </span>
          <span className="flex gap-3">
            <button
              type="button"
              className="font-medium text-accent hover:underline"
              onClick={() => {
                const next = autosave.takeFound();
                if (next) update(next);
              }}
            >
              Restore draft
            </button>
            <button type="button" className="font-medium text-fg hover:underline" onClick={() => void autosave.keepMine()}>
              Keep mine
            </button>
          </span>
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-lg border border-negative/40 bg-negative/10 px-4 py-2.5 text-sm text-negative">
          {error}
        </p>
      )}
      <div className={`${card} p-4 sm:p-6`}>
        <MainFields kind={kind} values={values} onChange={edit} errors={fieldErrors} notify={notify} />
      </div>
      <div className="grid items-start gap-5 md:grid-cols-2 xl:grid-cols-3">
        <SettingsPanel kind={kind} values={values} onChange={editSettings} errors={fieldErrors} />
        {item && <PreviewPanel kind={kind} id={item.id} flushDraft={autosave.flush} />}
        {item && <HistoryPanel kind={kind} id={item.id} onRestored={() => (leave.leaveWithoutAsking(), onSaved(item))} />}
      </div>
      <SaveBar
        state={saveState({ saving, dirty, online, saved: !!item, autosave })}
        saving={saving}
        onCancel={back}
        onPreview={
          item
            ? () => void openPreview(kind, item.id, autosave.flush)
            : () => document.querySelector<HTMLElement>('[data-testid="live-preview"]')?.scrollIntoView({ block: 'start' })
        }
        previewHint={item ? 'Open the preview in a new tab' : 'Go to the live preview'}
      />
      <LeaveDialog answer={leave.asking} saved={!!item} />
    </form>
  );
}

/** Whether the browser says it is online, kept current. */
const onlineEvents = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};
const useOnline = () =>
  useSyncExternalStore(
    onlineEvents,
    () => navigator.onLine,
    () => true,
  );
