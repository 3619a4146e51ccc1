import type { ContentKind } from '#lib/shared/content-types.ts';
import Field from './Field.tsx';
import { withTitle, type EditorValues } from './editor-values.ts';
import { inputClass } from './ui.ts';

interface Props {
  kind: ContentKind;
  values: EditorValues;
  onChange: (v: EditorValues) => void;
}

/** Title (fills slug and meta title), slug, excerpt, content and tags. */
export default function MainFields({ kind, values: v, onChange }: Props) {
  const set = (patch: Partial<EditorValues>) => onChange({ ...v, ...patch });
  return (
    <div className="space-y-5">
      <Field id="title" label="Title" required>
        <input
          id="title"
          className={`${inputClass} text-base`}
          value={v.title}
          onChange={(e) => onChange(withTitle(v, e.target.value))}
          placeholder={kind === 'blog' ? 'Enter post title' : 'Enter article title'}
          aria-required="true"
        />
      </Field>
      <Field id="slug" label="Slug" hint={`The address: /${kind}/${v.slug || 'slug'}. Filled from the title until you edit it.`}>
        <input
          id="slug"
          className={`${inputClass} font-mono`}
          value={v.slug}
          onChange={(e) => set({ slug: e.target.value, slugEdited: true })}
          placeholder="post-url-slug"
        />
      </Field>
      <Field id="excerpt" label="Excerpt" hint="Left empty, the first 200 characters of the content are used.">
        <textarea
          id="excerpt"
          rows={3}
          className={inputClass}
          value={v.excerpt}
          onChange={(e) => set({ excerpt: e.target.value })}
          placeholder="A short summary"
        />
      </Field>
      <Field id="content" label="Content" required hint="Markdown: # headings, **bold**, '- ' lists, blank lines between paragraphs.">
        <textarea
          id="content"
          rows={16}
          className={`${inputClass} min-h-64 font-mono leading-relaxed`}
          value={v.content}
          onChange={(e) => set({ content: e.target.value })}
          placeholder="Write your content here..."
          aria-required="true"
        />
      </Field>
      <Field id="tags" label="Tags" hint="Comma-separated, e.g. treasuries, stablecoins">
        <input
          id="tags"
          className={inputClass}
          value={v.tags}
          onChange={(e) => set({ tags: e.target.value })}
          placeholder="tag1, tag2, tag3"
        />
      </Field>
    </div>
  );
}
