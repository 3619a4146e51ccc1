import { useState } from 'react';
import { Collapsible } from 'radix-ui';
import { ChevronDown, Lightbulb } from 'lucide-react';
import { card } from '#components/islands/admin/ui.ts';

const TIPS: [string, string][] = [
  ['Meta titles', 'Keep titles between 50-60 characters so search results show them whole. Put the main topic first.'],
  ['Meta descriptions', 'Write descriptions of 150-160 characters that summarise the page and invite the click.'],
  ['Keywords', 'Use 3-7 focused keywords per page; avoid repeating the same phrase.'],
  ['Canonical URL', 'Set it when the same text lives at another address, so rankings are not split.'],
  ['Social image', 'Use a 1200x630 image so shares on social networks get a large preview card.'],
];

/** The collapsible 'SEO Best Practices' guide. */
export default function SeoGuide() {
  const [open, setOpen] = useState(false);
  return (
    <Collapsible.Root open={open} onOpenChange={setOpen} className={card}>
      <Collapsible.Trigger className="flex w-full items-center justify-between gap-3 rounded-xl px-5 py-4 text-left hover:bg-surface-2/50">
        <span className="flex items-center gap-2 font-semibold">
          <Lightbulb aria-hidden className="size-4 text-warning" /> SEO Best Practices
        </span>
        <ChevronDown aria-hidden className={`size-4 text-muted transition-transform ${open ? 'rotate-180' : ''}`} />
      </Collapsible.Trigger>
      <Collapsible.Content>
        <dl className="grid gap-4 border-t border-border px-5 py-4 sm:grid-cols-2">
          {TIPS.map(([term, text]) => (
            <div key={term}>
              <dt className="text-sm font-medium text-fg">{term}</dt>
              <dd className="mt-0.5 text-sm text-muted">{text}</dd>
            </div>
          ))}
        </dl>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
