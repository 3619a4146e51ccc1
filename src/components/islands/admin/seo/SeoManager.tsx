import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { ArrowLeft } from 'lucide-react';
import { seoScore } from '#lib/shared/article-rules.ts';
import type { ContentItem, ContentKind } from '#lib/shared/content-types.ts';
import { listItems } from '#lib/client/content-api.ts';
import SeoForm from './SeoForm.tsx';
import SeoGuide from './SeoGuide.tsx';
import ScoreBadge from './ScoreBadge.tsx';
import StatusBadge from '#components/islands/admin/StatusBadge.tsx';
import { card, ghostButton, secondaryButton, tabList, tabTrigger } from '#components/islands/admin/ui.ts';

interface Props {
  initialPosts: ContentItem[];
  initialResearch: ContentItem[];
}

/** SEO management: every item's score, and an 'Edit SEO' form per row. */
export default function SeoManager({ initialPosts, initialResearch }: Props) {
  const [lists, setLists] = useState<Record<ContentKind, ContentItem[]>>({ blog: initialPosts, research: initialResearch });
  const [editing, setEditing] = useState<string | null>(null);

  async function refetch(kind: ContentKind) {
    try {
      const items = await listItems(kind);
      setLists((l) => ({ ...l, [kind]: items }));
    } catch {
      // keep what is shown
    }
  }

  return (
    <div className="space-y-6">
      <a href="/admin" className={`${ghostButton} -ml-3`}>
        <ArrowLeft aria-hidden className="size-4" /> Back to Admin
      </a>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">SEO Management</h1>
        <p className="mt-1 text-sm text-muted">Meta titles, descriptions, keywords and social images for every post and article.</p>
      </div>
      <SeoGuide />
      <Tabs.Root defaultValue="research" className="space-y-4">
        <Tabs.List className={tabList} aria-label="Content type">
          <Tabs.Trigger value="research" className={tabTrigger}>
            Research Articles ({lists.research.length})
          </Tabs.Trigger>
          <Tabs.Trigger value="blog" className={tabTrigger}>
            Blog Posts ({lists.blog.length})
          </Tabs.Trigger>
        </Tabs.List>
        {(['research', 'blog'] as const).map((kind) => (
          <Tabs.Content key={kind} value={kind}>
            {lists[kind].length === 0 ? (
              <div className={`${card} px-6 py-12 text-center text-sm text-muted`}>
                {kind === 'blog'
                  ? 'No blog posts found. Create your first post!'
                  : 'No research articles found. Create your first research article!'}
              </div>
            ) : (
              <ul className={`${card} divide-y divide-border overflow-hidden`}>
                {lists[kind].map((item) => {
                  const key = `${kind}-${item.id}`;
                  return (
                    <li key={key} data-testid="seo-row">
                      <div className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:px-5">
                        <div className="min-w-0 flex-1">
                          <h2 className="truncate text-base font-medium">{item.title}</h2>
                          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
                            <StatusBadge published={item.published} publishedAt={item.publishedAt} />
                            <span className="truncate">{item.metaTitle || 'No meta title'}</span>
                          </div>
                        </div>
                        <div className="flex items-center justify-between gap-4 sm:justify-end">
                          <ScoreBadge score={seoScore(item)} />
                          <button
                            type="button"
                            className={secondaryButton}
                            aria-expanded={editing === key}
                            aria-label={`Edit SEO for ${item.title}`}
                            onClick={() => setEditing(editing === key ? null : key)}
                          >
                            Edit SEO
                          </button>
                        </div>
                      </div>
                      {editing === key && (
                        <SeoForm
                          kind={kind}
                          item={item}
                          onDone={() => setEditing(null)}
                          onSaved={() => {
                            setEditing(null);
                            void refetch(kind);
                          }}
                        />
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
