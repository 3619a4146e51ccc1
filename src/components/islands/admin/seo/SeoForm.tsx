import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Loader2 } from 'lucide-react';
import { META_DESCRIPTION_LIMIT, META_TITLE_LIMIT, seoScore, splitTags } from '#lib/shared/article-rules.ts';
import type { ContentItem, ContentKind } from '#lib/shared/content-types.ts';
import { saveItem } from '#lib/client/content-api.ts';
import { toast } from '#lib/client/stores/toast.ts';
import Field from '#components/islands/admin/Field.tsx';
import ImageField from '#components/islands/admin/ImageField.tsx';
import ScoreBadge from './ScoreBadge.tsx';
import SearchPreview from './SearchPreview.tsx';
import { inputClass, primaryButton, secondaryButton } from '#components/islands/admin/ui.ts';

interface Props {
  kind: ContentKind;
  item: ContentItem;
  onDone: () => void;
  onSaved: () => void;
}

/** The 'Edit SEO' form: sends only the SEO fields, keywords as a list. A failed save keeps the form. */
export default function SeoForm({ kind, item, onDone, onSaved }: Props) {
  const [v, setV] = useState({
    metaTitle: item.metaTitle ?? '',
    metaDescription: item.metaDescription ?? '',
    seoKeywords: item.seoKeywords.join(', '),
    canonicalUrl: item.canonicalUrl ?? '',
    socialImage: item.socialImage ?? '',
  });
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<typeof v>) => setV((x) => ({ ...x, ...patch }));
  const body = { ...v, seoKeywords: splitTags(v.seoKeywords) };
  const fid = (name: string) => `seo-${item.id}-${name}`;

  // The form opens below its row: move focus into it (its first field), where the keyboard user meant to go.
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => firstField.current?.focus(), []);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    setSaving(true);
    try {
      await saveItem(kind, item.id, body);
      toast({ title: 'SEO Updated', description: 'SEO settings have been saved successfully.' });
      onSaved();
    } catch {
      toast({ title: 'Update Failed', description: 'Failed to update SEO settings. Please try again.', variant: 'destructive' });
      setSaving(false);
    }
  }

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="space-y-4 border-t border-border bg-bg/40 px-4 py-5 sm:px-5"
      aria-label={`SEO settings for ${item.title}`}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <Field id={fid('title')} label="Meta Title" counter={{ value: v.metaTitle.length, limit: META_TITLE_LIMIT }}>
          <input
            id={fid('title')}
            ref={firstField}
            className={inputClass}
            value={v.metaTitle}
            onChange={(e) => set({ metaTitle: e.target.value })}
          />
        </Field>
        <Field id={fid('keywords')} label="Keywords" hint="Comma-separated, 3-7 work best">
          <input
            id={fid('keywords')}
            className={inputClass}
            value={v.seoKeywords}
            onChange={(e) => set({ seoKeywords: e.target.value })}
            placeholder="rwa, tokenization, treasuries"
          />
        </Field>
        <Field
          id={fid('description')}
          label="Meta Description"
          counter={{ value: v.metaDescription.length, limit: META_DESCRIPTION_LIMIT }}
          className="md:col-span-2"
        >
          <textarea
            id={fid('description')}
            rows={3}
            maxLength={META_DESCRIPTION_LIMIT}
            className={inputClass}
            value={v.metaDescription}
            onChange={(e) => set({ metaDescription: e.target.value })}
          />
        </Field>
        <Field id={fid('canonical')} label="Canonical URL" className="md:col-span-2">
          <input
            id={fid('canonical')}
            type="url"
            className={inputClass}
            value={v.canonicalUrl}
            onChange={(e) => set({ canonicalUrl: e.target.value })}
            placeholder="https://example.com/original-article"
          />
        </Field>
        <div className="md:col-span-2">
          <ImageField label="Social Image" value={v.socialImage} onChange={(socialImage) => set({ socialImage })} />
        </div>
        <div className="md:col-span-2">
          <SearchPreview
            metaTitle={v.metaTitle}
            metaDescription={v.metaDescription}
            canonicalUrl={v.canonicalUrl}
            title={item.title}
            excerpt={item.excerpt}
            content={item.content}
            origin={globalThis.location?.origin ?? 'http://localhost'}
            path={`/${kind === 'blog' ? 'blog' : 'research'}/${item.slug}`}
          />
        </div>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2 text-sm text-muted">
          Score after saving: <ScoreBadge score={seoScore(body)} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <button type="button" className={secondaryButton} onClick={onDone}>
            Cancel
          </button>
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving && <Loader2 aria-hidden className="size-4 animate-spin" />}
            {saving ? 'Saving...' : 'Save SEO Settings'}
          </button>
        </div>
      </div>
    </form>
  );
}
