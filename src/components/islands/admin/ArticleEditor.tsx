import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ArrowLeft, Loader2, Save } from 'lucide-react';
import type { ContentItem, ContentKind } from '#lib/shared/content-types.ts';
import { ApiError, getErrorMessage } from '#lib/client/api.ts';
import { KINDS, saveItem } from '#lib/client/content-api.ts';
import { rememberEditor } from '#lib/client/drafts.ts';
import { toast } from '#lib/client/stores/toast.ts';
import MainFields from './MainFields.tsx';
import SettingsPanel from './SettingsPanel.tsx';
import HistoryPanel from './HistoryPanel.tsx';
import PreviewPanel from './PreviewPanel.tsx';
import { useAutosave } from './use-autosave.ts';
import { fieldErrorsFrom, payloadFromValues, requiredErrors, type EditorValues, type FieldErrors } from './editor-values.ts';
import { useEditorState } from './use-editor-state.ts';
import { formatTimestamp } from '#lib/shared/format.ts';
import { useOwnToasts } from './use-own-toasts.ts';
import { card, ghostButton, primaryButton, secondaryButton } from './ui.ts';

interface Props {
  kind: ContentKind;
  item: ContentItem | null;
  onBack: () => void;
  onSaved: () => void;
}

/** Where a signed-out admin is sent; the editor and its draft are reopened after signing in. */
const LOGIN_AGAIN = '/login?redirect=/admin';

/** Blog or research editor, shown in place of the list. A failed save keeps everything typed. */
export default function ArticleEditor({ kind, item, onBack, onSaved }: Props) {
  const texts = KINDS[kind];
  const { values, update, restored, discardDraft, forgetDraft } = useEditorState(kind, item);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Inline errors (issue 27): under each field, beside the spec's 'Validation Error' toast.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const autosave = useAutosave(kind, item, values);

  // No error toast outlives its editor (issue 27): one raised here is taken back when the editor
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
      // The spec's toast, and each empty field marked where it is (issue 27: inline errors beside it).
      notify({ title: 'Validation Error', description: texts.required, variant: 'destructive' });
      showErrors(missing);
      return;
    }
    setFieldErrors({});
    setSaving(true);
    setError(null);
    try {
      await saveItem(kind, item?.id ?? null, payloadFromValues(kind, values));
      forgetDraft();
      toast({ title: 'Success', description: item ? texts.updated : texts.created });
      onSaved();
    } catch (err) {
      setSaving(false);
      notify({ title: 'Error', description: item ? texts.updateFailed : texts.createFailed, variant: 'destructive' });
      if (err instanceof ApiError) showErrors(fieldErrorsFrom(err.serverIssues));
      if (err instanceof ApiError && err.status === 401) {
        setError('Your session has expired. Your draft is kept in this browser; sign in again to save it.');
        rememberEditor(kind, item?.id ?? null);
        setTimeout(() => location.assign(LOGIN_AGAIN), 1500);
        return;
      }
      setError(getErrorMessage(err));
    }
  }

  // The editor replaces the list in place: focus its title, or a keyboard user is left on a button
  // that no longer exists (focus falls back to <body>, the top of the page).
  const titleRef = useRef<HTMLHeadingElement>(null); // the page's h1 while the editor is open
  useEffect(() => titleRef.current?.focus(), []);

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="editor-title" className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-3">
          <button type="button" onClick={onBack} className={ghostButton}>
            <ArrowLeft aria-hidden className="size-4" /> Back to Admin
          </button>
        </div>
        <FormActions className="flex items-center gap-2 max-sm:hidden" onCancel={onBack} saving={saving} />
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
      {autosave.found && !restored && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-accent/40 bg-accent/10 px-4 py-2.5 text-sm"
          data-testid="server-draft"
        >
          <span>
            An autosaved draft from {formatTimestamp(autosave.found.updatedAt)} ({autosave.found.author}) has changes not saved yet.
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
            <button type="button" className="font-medium text-muted hover:underline" onClick={() => void autosave.dropFound()}>
              Discard
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
        <SettingsPanel kind={kind} values={values} onChange={edit} errors={fieldErrors} />
        {item && <PreviewPanel kind={kind} id={item.id} flushDraft={autosave.flush} />}
        {item && <HistoryPanel kind={kind} id={item.id} onRestored={onSaved} />}
      </div>
      <p className="text-xs text-muted" role="status" data-testid="autosave-status">
        {item
          ? autosave.failed
            ? 'Autosave failed; your changes are kept in this browser.'
            : autosave.savedAt
              ? `Draft autosaved at ${new Date(autosave.savedAt).toLocaleTimeString('en-US')} (not published until you save).`
              : 'Changes are autosaved as a draft a few seconds after you stop typing.'
          : 'Save once to get autosave, history and preview links.'}
      </p>
      <FormActions
        className="flex flex-col-reverse gap-2 border-t border-border pt-5 sm:flex-row sm:justify-end"
        onCancel={onBack}
        saving={saving}
      />
    </form>
  );
}

/** Cancel and Save, in the top bar from the sm width up and at the foot of the form. */
function FormActions({ className, onCancel, saving }: { className: string; onCancel: () => void; saving: boolean }) {
  return (
    <div className={className}>
      <button type="button" onClick={onCancel} className={secondaryButton}>
        Cancel
      </button>
      <SaveButton saving={saving} />
    </div>
  );
}

function SaveButton({ saving }: { saving: boolean }) {
  return (
    <button type="submit" className={primaryButton} disabled={saving}>
      {saving ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Save aria-hidden className="size-4" />}
      {saving ? 'Saving...' : 'Save'}
    </button>
  );
}
