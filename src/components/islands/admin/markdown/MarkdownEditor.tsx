import { memo, useCallback, useEffect, useRef, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { Annotation, EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdownKeymap as listKeymap, markdownLanguage, pasteURLAsLink } from '@codemirror/lang-markdown';
import { LanguageSupport } from '@codemirror/language';
import { Bold, Code, Heading2, ImagePlus, Italic, Link2, List, Loader2, Quote, type LucideIcon } from 'lucide-react';
import { endQuoteOnEmptyLine, markdownKeymap, runAction, SHORTCUTS, shortcutLabel, type MarkdownAction } from './commands.ts';
import { filesOf, uploadIntoBody, type Notify } from './image-paste.ts';
import { EchoLog } from './echoes.ts';
import { editorTheme } from './theme.ts';

interface Props {
  /** The field's name, read out as the editor's accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The ids of the field's error and hint (as aria-describedby lists them), read out with the text. */
  describedBy?: string;
  invalid?: boolean;
  notify: Notify;
}

const TOOLS: { action: MarkdownAction; label: string; icon: LucideIcon }[] = [
  { action: 'bold', label: 'Bold', icon: Bold },
  { action: 'italic', label: 'Italic', icon: Italic },
  { action: 'heading', label: 'Heading', icon: Heading2 },
  { action: 'link', label: 'Link', icon: Link2 },
  { action: 'list', label: 'List', icon: List },
  { action: 'quote', label: 'Quote', icon: Quote },
  { action: 'code', label: 'Code', icon: Code },
];

/**
 * Points the text's description at the page's elements named by `ids`. The text sits in the editor's
 * shadow root, where an aria-describedby id cannot reach them; a reference to the elements themselves
 * can (ARIA element reflection).
 */
function describeBy(content: HTMLElement, ids = '') {
  content.ariaDescribedByElements = ids
    .split(' ')
    .map((id) => document.getElementById(id))
    .filter((el) => el !== null);
}

/** Marks the text written in from `value`: the parent already has it, so it is not sent back up. */
const fromValue = Annotation.define<boolean>();

const noSubscription = () => () => {};
const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform);

const toolButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60';

/** The formatting buttons: the same from key to key, so not rendered again for each one typed. */
const ToolButtons = memo(function ToolButtons({ mac, onAction }: { mac: boolean; onAction: (action: MarkdownAction) => void }) {
  return (
    <>
      {TOOLS.map(({ action, label, icon: Icon }) => {
        const keys = shortcutLabel(SHORTCUTS[action], mac);
        return (
          <button
            key={action}
            type="button"
            className={toolButton}
            title={`${label} (${keys})`}
            aria-label={label}
            aria-keyshortcuts={keys.replace('⌘', 'Meta')}
            // Keep the editor's selection: a mousedown on the button would otherwise take the focus first.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onAction(action)}
          >
            <Icon aria-hidden className="size-4" />
          </button>
        );
      })}
    </>
  );
});

/**
 * The body's Markdown editor (CodeMirror 6): Markdown highlighting, undo history, a toolbar whose
 * every button has a keyboard shortcut, and images taken in by paste, drop or the Image button
 * (uploaded like the featured image, written in as Markdown). Controlled: `value` in, `onChange` out.
 */
export default function MarkdownEditor({ label, value, onChange, placeholder, describedBy, invalid, notify }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  // One log for the editor's life (useState's initialiser runs once; useRef's argument is built each render).
  const [echoes] = useState(() => new EchoLog());
  const [uploads, setUploads] = useState(0);
  // The server renders 'Ctrl'; a Mac shows '⌘' once hydrated.
  const mac = useSyncExternalStore(noSubscription, isMac, () => false);

  function upload(files: File[], at: number) {
    const v = view.current;
    if (!v || !files.length) return;
    setUploads((n) => n + 1);
    void uploadIntoBody(v, files, at, (t) => latest.current.notify(t)).finally(() => setUploads((n) => n - 1));
  }
  // The latest callbacks, read by the editor's listeners (those are made once, with the view).
  const latest = useRef({ onChange, notify, upload });
  useEffect(() => {
    latest.current = { onChange, notify, upload };
  });

  useEffect(() => {
    // In a shadow root: CodeMirror writes its styles at run time, which the page's Content Security
    // Policy refuses as a <style> element but allows as the shadow root's constructed style sheet.
    // delegatesFocus: focusing the host (a field error does) puts the cursor in the text.
    const shadow = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open', delegatesFocus: true });
    const parent = shadow.appendChild(document.createElement('div'));
    // Fills the host, which fills the field's box: a click below a short text still lands in the editor.
    parent.style.height = '100%';
    const v = new EditorView({
      parent,
      root: shadow,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          // The Markdown language alone, not markdown(): that one also brings the HTML, CSS and
          // JavaScript languages (for tags written in the text), three quarters of the editor's size.
          new LanguageSupport(markdownLanguage),
          pasteURLAsLink,
          EditorView.lineWrapping,
          placeholderText(placeholder),
          // Enter continues a list or quote, Backspace takes its marker away (listKeymap); Enter on an
          // empty quote line ends the quote.
          keymap.of([...markdownKeymap, { key: 'Enter', run: endQuoteOnEmptyLine }, ...listKeymap, ...defaultKeymap, ...historyKeymap]),
          editorTheme,
          EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'true' }),
          EditorView.updateListener.of((u) => {
            if (!u.docChanged || u.transactions.some((t) => t.annotation(fromValue))) return;
            const text = u.state.doc.toString();
            echoes.sent(text);
            latest.current.onChange(text);
          }),
          EditorView.domEventHandlers({
            paste: (event, v) => {
              const files = filesOf(event.clipboardData);
              if (!files.length) return false;
              event.preventDefault();
              latest.current.upload(files, v.state.selection.main.head);
              return true;
            },
            drop: (event, v) => {
              const files = filesOf(event.dataTransfer);
              if (!files.length) return false;
              event.preventDefault();
              latest.current.upload(files, v.posAtCoords({ x: event.clientX, y: event.clientY }) ?? v.state.selection.main.head);
              return true;
            },
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      parent.remove();
      view.current = null;
    };
    // The view is made once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A value set from outside (a restored draft, a discarded one) replaces the text. The editor's own
  // text coming back does not, even when it is already behind the keys typed since (see EchoLog).
  useEffect(() => {
    const v = view.current;
    if (!v || echoes.isEcho(value) || v.state.doc.toString() === value) return;
    v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value }, annotations: fromValue.of(true) });
  }, [value, echoes]);

  // The field's error and hint describe the text, and change with its errors.
  useEffect(() => {
    const content = view.current?.contentDOM;
    if (!content) return;
    describeBy(content, describedBy);
    content.setAttribute('aria-invalid', String(!!invalid));
  }, [describedBy, invalid]);

  const runTool = useCallback((action: MarkdownAction) => view.current && runAction(view.current, action), []);

  function onPick(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    upload(files, view.current?.state.selection.main.head ?? 0);
  }

  return (
    <div
      className={`flex flex-col overflow-hidden rounded-md border bg-bg focus-within:ring-2 ${invalid ? 'border-negative focus-within:ring-negative/30' : 'border-border focus-within:border-accent focus-within:ring-accent/30'}`}
    >
      <div
        role="toolbar"
        aria-label="Formatting"
        className="flex flex-wrap items-center gap-0.5 border-b border-border bg-surface px-1 py-1"
      >
        <ToolButtons mac={mac} onAction={runTool} />
        <label
          className={`${toolButton} cursor-pointer focus-within:outline-2 focus-within:outline-accent`}
          title="Image (upload, or paste or drop into the text)"
        >
          {uploads ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <ImagePlus aria-hidden className="size-4" />}
          <span className="sr-only">Insert image</span>
          <input type="file" accept="image/*" multiple className="sr-only" onChange={onPick} />
        </label>
        <span className="ml-auto px-2 text-xs text-muted" role="status" data-testid="upload-status">
          {uploads ? 'Uploading image...' : ''}
        </span>
      </div>
      <div ref={host} data-focus-target data-testid="markdown-editor" className="min-h-0 flex-1 focus:outline-none" />
    </div>
  );
}
