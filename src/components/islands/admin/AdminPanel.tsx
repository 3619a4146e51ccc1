import { useEffect, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import { ArrowLeft, FileText, FlaskConical, Search, Settings } from 'lucide-react';
import type { BlogPost, ContentItem, ContentKind, ResearchArticle } from '#lib/shared/content-types.ts';
import { KINDS, deleteItem, listDeleted, listItems, restoreDeleted, type DeletedItem } from '#lib/client/content-api.ts';
import { getErrorMessage } from '#lib/client/api.ts';
import { failedAttemptsNotice, takeFailedAttempts } from '#lib/client/failed-attempts.ts';
import { toast } from '#lib/client/stores/toast.ts';
import { ADMIN_LIST_PATH, editorPath, parseEditorPath, type EditorAddress } from '#lib/shared/admin-paths.ts';
import ArticleEditor, { type LeaveGuard } from './ArticleEditor.tsx';
import ContentList from './ContentList.tsx';
import DeletedList from './DeletedList.tsx';
import { ghostButton, primaryButton, secondaryButton, tabList, tabTrigger } from './ui.ts';

interface Props {
  username: string;
  initialPosts: BlogPost[];
  initialResearch: ResearchArticle[];
  /** The editor the page's address names (/admin/blog/12), or null for the list. */
  editor: EditorAddress | null;
}

type Mode = { view: 'list' } | { view: 'editor'; kind: ContentKind; item: ContentItem | null };
type Tab = 'blog' | 'research' | 'assets' | 'analytics';
type Lists = { blog: BlogPost[]; research: ResearchArticle[] };

/** The history entries the panel made: an editor's sits above the list's, so Back returns to the list. */
const ENTRY = 'rwaAdmin';
const entryIs = (view: 'list' | 'editor') => (history.state as Record<string, unknown> | null)?.[ENTRY] === view;

/** The view an address asks for: an editor whose item is in the lists (or a new one), else the list. */
function modeFor(address: EditorAddress | null, lists: Lists): Mode {
  if (!address) return { view: 'list' };
  if (address.id === null) return { view: 'editor', kind: address.kind, item: null };
  const item = (lists[address.kind] as ContentItem[]).find((i) => i.id === address.id);
  return item ? { view: 'editor', kind: address.kind, item } : { view: 'list' };
}

/**
 * The admin panel: lists of posts and articles, or one editor in their place. The editor has an
 * address of its own (/admin/blog/12, /admin/research/new): opening one pushes it, Back (the
 * browser's, Cancel, 'Back to Admin', a save) returns to the list's, and leaving unsaved changes
 * asks first (the editor's LeaveGuard).
 */
export default function AdminPanel({ username, initialPosts, initialResearch, editor }: Props) {
  const [lists, setLists] = useState<Lists>({ blog: initialPosts, research: initialResearch });
  const [mode, setMode] = useState<Mode>(() => modeFor(editor, lists));
  const [tab, setTab] = useState<Tab>(editor?.kind ?? 'blog');
  const [loading, setLoading] = useState(false);
  const [deleted, setDeleted] = useState<Record<ContentKind, DeletedItem[]>>({ blog: [], research: [] });

  async function refetchDeleted(kind: ContentKind) {
    try {
      const items = await listDeleted(kind);
      setDeleted((d) => ({ ...d, [kind]: items }));
    } catch {
      // The list of deleted items is a convenience; it shows again on the next load.
    }
  }

  useEffect(() => {
    for (const kind of ['blog', 'research'] as const) {
      listDeleted(kind).then(
        (items) => setDeleted((d) => ({ ...d, [kind]: items })),
        () => undefined, // a convenience list: it shows again on the next load
      );
    }
  }, []);

  async function restore(kind: ContentKind, item: DeletedItem) {
    try {
      await restoreDeleted(kind, item.revisionId);
      toast({ title: 'Success', description: `Restored "${item.title}"` });
    } catch (err) {
      toast({ title: 'Error', description: getErrorMessage(err), variant: 'destructive' });
    }
    await Promise.all([refetch(kind), refetchDeleted(kind)]);
  }
  const [failedSignIns, setFailedSignIns] = useState(0);
  // Someone tried this account since the last sign-in: say so once (see src/lib/client/failed-attempts.ts).
  // A one-shot value kept by the browser (sessionStorage): read after hydration so server and client agree.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setFailedSignIns(takeFailedAttempts()), []);

  async function refetch(kind: ContentKind) {
    setLoading(true);
    try {
      const items = await listItems(kind);
      setLists((l) => ({ ...l, [kind]: items }));
    } catch {
      // The list keeps what it showed; the next save or reload tries again.
    } finally {
      setLoading(false);
    }
  }

  // Back from an editor, focus the list's heading: the button that opened the editor is gone.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const backFromEditor = useRef(false);
  useEffect(() => {
    if (mode.view !== 'list' || !backFromEditor.current) return;
    backFromEditor.current = false;
    headingRef.current?.focus();
  }, [mode]);
  // The editor's guard: asked before the browser's Back leaves an editor with unsaved changes.
  const guard = useRef<LeaveGuard | null>(null);
  const latest = useRef({ mode, lists });
  useEffect(() => {
    latest.current = { mode, lists };
  });
  /** Set while the panel itself goes back to the list (the editor has already asked, or saved). */
  const goingBack = useRef(false);

  useEffect(() => {
    // Opened at an editor's address (a reload, a shared link): the list's entry goes beneath it,
    // so that Back returns to the list rather than to wherever the link was.
    if (latest.current.mode.view === 'editor' && !entryIs('editor')) {
      const here = location.pathname;
      history.replaceState({ [ENTRY]: 'list' }, '', ADMIN_LIST_PATH);
      history.pushState({ [ENTRY]: 'editor' }, '', here);
    }
    async function onPop() {
      const { mode: current, lists: now } = latest.current;
      const next = modeFor(parseEditorPath(location.pathname), now);
      const stays = current.view === 'editor' && next.view === 'editor' && next.kind === current.kind && next.item?.id === current.item?.id;
      if (stays) return;
      if (current.view === 'editor' && !goingBack.current && !(await (guard.current?.ask() ?? Promise.resolve(true)))) {
        // Stay: the editor's address back on top (the entry the browser left is gone; the list's is beneath).
        history.pushState({ [ENTRY]: 'editor' }, '', editorPath(current.kind, current.item?.id ?? null));
        return;
      }
      goingBack.current = false;
      if (current.view === 'editor' && next.view === 'list') backFromEditor.current = true;
      if (next.view === 'editor') setTab(next.kind);
      setMode(next);
    }
    const onPopState = () => void onPop();
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  /** Back to the list: the history entry beneath the editor's when there is one, else this one becomes the list's. */
  function toList(saved?: ContentItem) {
    backFromEditor.current = true;
    // A new item, saved: its editor's entry (Forward) names it by its id from now on.
    if (saved && mode.view === 'editor' && !mode.item && entryIs('editor')) {
      history.replaceState(history.state, '', editorPath(mode.kind, saved.id));
    }
    if (entryIs('editor')) {
      goingBack.current = true;
      history.back();
    } else {
      history.replaceState({ [ENTRY]: 'list' }, '', ADMIN_LIST_PATH);
      setMode({ view: 'list' });
    }
  }

  function open(kind: ContentKind, item: ContentItem | null) {
    history.pushState({ [ENTRY]: 'editor' }, '', editorPath(kind, item?.id ?? null));
    setTab(kind);
    setMode({ view: 'editor', kind, item });
    window.scrollTo({ top: 0 });
  }

  async function remove(kind: ContentKind, item: ContentItem) {
    try {
      await deleteItem(kind, item.id);
      toast({ title: 'Success', description: KINDS[kind].deleted });
    } catch {
      toast({ title: 'Error', description: KINDS[kind].deleteFailed, variant: 'destructive' });
    }
    await Promise.all([refetch(kind), refetchDeleted(kind)]);
  }

  if (mode.view === 'editor') {
    const { kind } = mode;
    return (
      <ArticleEditor
        key={`${kind}-${mode.item?.id ?? 'new'}`}
        kind={kind}
        item={mode.item}
        guardRef={guard}
        onBack={() => toList()}
        onSaved={(saved) => {
          toList(saved);
          void refetch(kind);
        }}
      />
    );
  }

  return (
    <div className="space-y-6">
      {failedSignIns > 0 && (
        <p
          role="status"
          data-testid="failed-sign-ins"
          className="rounded-md border border-negative/40 bg-negative/10 px-3 py-2 text-sm text-negative"
        >
          {failedAttemptsNotice(failedSignIns)}
        </p>
      )}
      <a href="/" className={`${ghostButton} -ml-3`}>
        <ArrowLeft aria-hidden className="size-4" /> Back to Home
      </a>
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold tracking-tight focus:outline-none">
            Admin Panel
          </h1>
          <p className="mt-1 text-sm text-muted">Signed in as {username}. Manage blog posts, research and SEO.</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <a href="/admin/seo" className={secondaryButton}>
            <Search aria-hidden className="size-4" /> SEO Management
          </a>
          <a href="/admin/settings" className={secondaryButton}>
            <Settings aria-hidden className="size-4" /> Settings
          </a>
          <button type="button" className={primaryButton} onClick={() => open('blog', null)}>
            <FileText aria-hidden className="size-4" /> Create Blog Post
          </button>
          <button type="button" className={primaryButton} onClick={() => open('research', null)}>
            <FlaskConical aria-hidden className="size-4" /> Create Research
          </button>
        </div>
      </div>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)} className="space-y-4">
        <Tabs.List className={tabList} aria-label="Content">
          <Tabs.Trigger value="blog" className={tabTrigger}>
            Blog Posts
          </Tabs.Trigger>
          <Tabs.Trigger value="research" className={tabTrigger}>
            Research
          </Tabs.Trigger>
          <Tabs.Trigger value="assets" className={tabTrigger}>
            Assets
          </Tabs.Trigger>
          <Tabs.Trigger value="analytics" className={tabTrigger}>
            Analytics
          </Tabs.Trigger>
        </Tabs.List>
        {(['blog', 'research'] as const).map((kind) => (
          <Tabs.Content key={kind} value={kind} className="focus-visible:outline-none">
            <ContentList
              kind={kind}
              items={lists[kind]}
              loading={loading}
              onEdit={(item) => open(kind, item)}
              onDelete={(item) => void remove(kind, item)}
            />
            <DeletedList items={deleted[kind]} onRestore={(item) => void restore(kind, item)} />
          </Tabs.Content>
        ))}
        <Tabs.Content value="assets">
          <Placeholder text="Asset management features coming soon..." />
        </Tabs.Content>
        <Tabs.Content value="analytics">
          <Placeholder text="Analytics dashboard coming soon..." />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function Placeholder({ text }: { text: string }) {
  return (
    <div className="rounded-xl border border-dashed border-border bg-surface/50 px-6 py-16 text-center text-sm text-muted">{text}</div>
  );
}
