import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ContentKind } from '#lib/shared/content-types.ts';
import Field, { fieldDescription } from './Field.tsx';
import LivePreview from './markdown/LivePreview.tsx';
import type { Notify } from './markdown/image-paste.ts';
import { withTitle, type EditorValues, type FieldErrors } from './editor-values.ts';
import { inputClass } from './ui.ts';

interface Props {
  kind: ContentKind;
  values: EditorValues;
  onChange: (v: EditorValues) => void;
  errors: FieldErrors;
  notify: Notify;
}

// CodeMirror is most of the admin's JavaScript: loaded when an editor opens, not with the lists.
const MarkdownEditor = lazy(() => import('./markdown/MarkdownEditor.tsx'));

const CONTENT_HINT =
  "Markdown: # headings, **bold**, '- ' lists, blank lines between paragraphs. Paste or drop images into the text to upload them.";

const noSubscription = () => () => {};

const invalidInput = 'border-negative focus:border-negative focus:ring-negative/30';

/** Title (fills slug and meta title), slug, the body (Markdown editor beside its live preview), excerpt and tags. */
export default function MainFields({ kind, values: v, onChange, errors, notify }: Props) {
  const set = (patch: Partial<EditorValues>) => onChange({ ...v, ...patch });
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const loading = (
    <p className="flex min-h-80 items-center justify-center rounded-md border border-border bg-bg text-sm text-muted" role="status">
      Loading the editor...
    </p>
  );
  return (
    <div className="space-y-5">
      <Field id="title" label="Title" required error={errors.title}>
        <input
          id="title"
          className={`${inputClass} text-base ${errors.title ? invalidInput : ''}`}
          value={v.title}
          onChange={(e) => onChange(withTitle(v, e.target.value))}
          placeholder={kind === 'blog' ? 'Enter post title' : 'Enter article title'}
          aria-required="true"
          {...fieldDescription('title', { error: errors.title })}
        />
      </Field>
      <Field
        id="slug"
        label="Slug"
        error={errors.slug}
        hint={`The address: /${kind}/${v.slug || 'slug'}. Filled from the title until you edit it.`}
      >
        <input
          id="slug"
          className={`${inputClass} font-mono ${errors.slug ? invalidInput : ''}`}
          value={v.slug}
          onChange={(e) => set({ slug: e.target.value, slugEdited: true })}
          placeholder="post-url-slug"
          {...fieldDescription('slug', { hint: true, error: errors.slug })}
        />
      </Field>
      <Field id="content" label="Content" required labelFor={false} error={errors.content} hint={CONTENT_HINT}>
        <div className="grid gap-4 lg:grid-cols-2">
          {/* Client-only: an editor opened at its address is rendered by the server too, where the lazy
              editor cannot load (React would abandon the server's HTML with an error). */}
          {hydrated ? (
            <Suspense fallback={loading}>
              <MarkdownEditor
                label="Content"
                value={v.content}
                onChange={(content) => set({ content })}
                placeholder="Write your content here..."
                describedBy={fieldDescription('content', { hint: true, error: errors.content })['aria-describedby']}
                invalid={!!errors.content}
                notify={notify}
              />
            </Suspense>
          ) : (
            loading
          )}
          <LivePreview content={v.content} />
        </div>
      </Field>
      <div className="grid gap-5 md:grid-cols-2">
        <Field id="excerpt" label="Excerpt" error={errors.excerpt} hint="Left empty, the first 200 characters of the content are used.">
          <textarea
            id="excerpt"
            rows={3}
            className={`${inputClass} ${errors.excerpt ? invalidInput : ''}`}
            value={v.excerpt}
            onChange={(e) => set({ excerpt: e.target.value })}
            placeholder="A short summary"
            {...fieldDescription('excerpt', { hint: true, error: errors.excerpt })}
          />
        </Field>
        <Field id="tags" label="Tags" error={errors.tags} hint="Comma-separated, e.g. treasuries, stablecoins">
          <input
            id="tags"
            className={`${inputClass} ${errors.tags ? invalidInput : ''}`}
            value={v.tags}
            onChange={(e) => set({ tags: e.target.value })}
            placeholder="tag1, tag2, tag3"
            {...fieldDescription('tags', { hint: true, error: errors.tags })}
          />
        </Field>
      </div>
    </div>
  );
}
