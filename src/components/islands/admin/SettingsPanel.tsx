import { memo } from 'react';
import { RESEARCH_CATEGORIES, META_DESCRIPTION_LIMIT, type ResearchCategory } from '#lib/shared/article-rules.ts';
import type { ContentKind } from '#lib/shared/content-types.ts';
import { AUTHORS, authorOf } from '#lib/shared/authors.ts';
import Field, { fieldDescription } from './Field.tsx';
import ImageField from './ImageField.tsx';
import Switch from '#components/islands/ui/Switch.tsx';
import type { EditorValues, FieldErrors } from './editor-values.ts';
import { card, inputClass } from './ui.ts';

interface Props {
  kind: ContentKind;
  values: EditorValues;
  /** The fields changed: applied to the form as it is then (this panel may hold an older body). */
  onChange: (patch: Partial<EditorValues>) => void;
  errors: FieldErrors;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={`${card} space-y-4 p-4 sm:p-5`} aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-muted uppercase">{title}</h2>
      {children}
    </section>
  );
}

/** Whether the panel would show the same: it shows no body, so a key typed in the body does not render it again. */
function sameSettings(a: Props, b: Props): boolean {
  if (a.kind !== b.kind || a.errors !== b.errors || a.onChange !== b.onChange) return false;
  return (Object.keys(a.values) as (keyof EditorValues)[]).every((f) => f === 'content' || a.values[f] === b.values[f]);
}

/** Publishing (published / featured switches, research details), the image and the SEO basics. */
function SettingsPanel({ kind, values: v, onChange: set, errors }: Props) {
  // Sections side by side: each one is an item of the editor's grid of panels.
  return (
    <>
      <Section title="Publishing">
        <Switch
          layout="field"
          id="published"
          label="Published"
          description="Drafts are visible only to admins."
          checked={v.published}
          onChange={(published) => set({ published })}
        />
        <Field
          id="publishAt"
          label="Publish Date"
          error={errors.publishAt}
          hint="A future date schedules it: it goes live on the site at that moment. Empty: when published."
        >
          <input
            id="publishAt"
            type="datetime-local"
            className={inputClass}
            value={v.publishAt}
            onChange={(e) => set({ publishAt: e.target.value, publishAtEdited: true })}
            {...fieldDescription('publishAt', { hint: true, error: errors.publishAt })}
          />
        </Field>
        {kind === 'blog' && (
          <Field id="authorId" label="Author" error={errors.authorId} hint="Shown on the post by name, with a page listing their posts.">
            <select
              id="authorId"
              className={inputClass}
              value={v.authorId}
              onChange={(e) => set({ authorId: e.target.value })}
              {...fieldDescription('authorId', { hint: true, error: errors.authorId })}
            >
              {/* An id that is not in the author list (older content) stays choosable, under its derived name. */}
              {(AUTHORS.some((a) => a.id === v.authorId) ? AUTHORS : [...AUTHORS, authorOf('blog', v.authorId)]).map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        {kind === 'research' && (
          <>
            <Switch
              layout="field"
              id="featured"
              label="Featured"
              description="Shown first on the research page."
              checked={v.featured}
              onChange={(featured) => set({ featured })}
            />
            <Field id="author" label="Author" required error={errors.author}>
              <input
                id="author"
                className={inputClass}
                value={v.author}
                onChange={(e) => set({ author: e.target.value })}
                placeholder="Author name"
                aria-required="true"
                {...fieldDescription('author', { error: errors.author })}
              />
            </Field>
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
              <Field id="category" label="Category">
                <select
                  id="category"
                  className={inputClass}
                  value={v.category}
                  onChange={(e) => set({ category: e.target.value as ResearchCategory })}
                >
                  {RESEARCH_CATEGORIES.map((c) => (
                    <option key={c}>{c}</option>
                  ))}
                </select>
              </Field>
              <Field id="readingTime" label="Reading Time" error={errors.readingTime}>
                <input
                  id="readingTime"
                  className={inputClass}
                  value={v.readingTime}
                  onChange={(e) => set({ readingTime: e.target.value })}
                  placeholder="Auto, e.g. 5 min"
                />
              </Field>
            </div>
          </>
        )}
      </Section>
      <Section title="Image">
        <ImageField value={v.featuredImage} onChange={(featuredImage) => set({ featuredImage })} error={errors.featuredImage} />
      </Section>
      <Section title="SEO">
        <Field id="metaTitle" label="Meta Title" error={errors.metaTitle} counter={{ value: v.metaTitle.length, limit: 60 }}>
          <input
            id="metaTitle"
            className={inputClass}
            value={v.metaTitle}
            onChange={(e) => set({ metaTitle: e.target.value, metaTitleEdited: true })}
            placeholder="Title for search engines"
          />
        </Field>
        <Field
          id="metaDescription"
          label="Meta Description"
          error={errors.metaDescription}
          counter={{ value: v.metaDescription.length, limit: META_DESCRIPTION_LIMIT }}
          hint="Left empty, the excerpt is used."
        >
          <textarea
            id="metaDescription"
            rows={3}
            maxLength={META_DESCRIPTION_LIMIT}
            className={inputClass}
            value={v.metaDescription}
            onChange={(e) => set({ metaDescription: e.target.value })}
            placeholder="Description for search engines"
            aria-describedby="metaDescription-counter"
          />
        </Field>
      </Section>
    </>
  );
}

export default memo(SettingsPanel, sameSettings);
