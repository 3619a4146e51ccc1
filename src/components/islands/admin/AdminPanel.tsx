import { useEffect, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import { ArrowLeft, FileText, FlaskConical, Search, Settings } from 'lucide-react';
import type { BlogPost, ContentItem, ContentKind, ResearchArticle } from '#lib/shared/content-types.ts';
import { KINDS, deleteItem, listDeleted, listItems, restoreDeleted, type DeletedItem } from '#lib/client/content-api.ts';
import { getErrorMessage } from '#lib/client/api.ts';
import { takeEditorToReopen } from '#lib/client/drafts.ts';
import { failedAttemptsNotice, takeFailedAttempts } from '#lib/client/failed-attempts.ts';
import { toast } from '#lib/client/stores/toast.ts';
import ArticleEditor from './ArticleEditor.tsx';
import ContentList from './ContentList.tsx';
import DeletedList from './DeletedList.tsx';
import { ghostButton, primaryButton, secondaryButton, tabList, tabTrigger } from './ui.ts';

interface Props {
  username: string;
  initialPosts: BlogPost[];
  initialResearch: ResearchArticle[];
}

type Mode = { view: 'list' } | { view: 'editor'; kind: ContentKind; item: ContentItem | null };
type Tab = 'blog' | 'research' | 'assets' | 'analytics';

/** The admin panel: lists of posts and articles, or one editor in their place. */
export default function AdminPanel({ username, initialPosts, initialResearch }: Props) {
  const [mode, setMode] = useState<Mode>({ view: 'list' });
  const [tab, setTab] = useState<Tab>('blog');
  const [lists, setLists] = useState({ blog: initialPosts, research: initialResearch });
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

  // After signing in again, reopen the editor whose save failed (its draft is restored by the editor).
  useEffect(() => {
    const reopen = takeEditorToReopen();
    if (!reopen) return;
    const item = reopen.id ? (lists[reopen.kind].find((i) => i.id === reopen.id) ?? null) : null;
    if (reopen.id && !item) return;
    // The request to reopen lives in sessionStorage, which the server render cannot see: it can only
    // be acted on after hydration, once, with the lists as they were first rendered.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setTab(reopen.kind);
    setMode({ view: 'editor', kind: reopen.kind, item });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount, see above
  }, []);

  // Back from an editor, focus the list's heading: the button that opened the editor is gone.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const backFromEditor = useRef(false);
  useEffect(() => {
    if (mode.view !== 'list' || !backFromEditor.current) return;
    backFromEditor.current = false;
    headingRef.current?.focus();
  }, [mode]);
  function toList() {
    backFromEditor.current = true;
    setMode({ view: 'list' });
  }

  function open(kind: ContentKind, item: ContentItem | null) {
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
        onBack={toList}
        onSaved={() => {
          toList();
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
