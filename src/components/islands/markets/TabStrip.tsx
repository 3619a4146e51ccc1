import type { MouseEvent } from 'react';
import { Tabs } from 'radix-ui';
import { isPlainClick } from '#lib/client/url-state.ts';

interface Props {
  label: string;
  tabs: readonly { id: string; label: string }[];
  /** Each tab's link: the page with that tab's state in the query, followed before hydration or without JavaScript. */
  hrefOf: (id: string) => string;
}

/** Once hydrated, Radix selects the tab (mouse down, keys); a plain click must not also load the page. */
const stayHere = (e: MouseEvent) => {
  if (isPlainClick(e)) e.preventDefault();
};

/** The segmented tab row shared by the league table and the network chart card (inside a Radix Tabs.Root). */
export default function TabStrip({ label, tabs, hrefOf }: Props) {
  return (
    <Tabs.List aria-label={label} className="flex flex-wrap gap-1 rounded-lg bg-surface-2 p-1">
      {tabs.map((t) => (
        <Tabs.Trigger key={t.id} value={t.id} asChild>
          <a
            href={hrefOf(t.id)}
            // Radix's trigger passes type="button", which a link may not carry (it would be a MIME type).
            type={undefined}
            onClick={stayHere}
            className="rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted transition-colors hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow"
          >
            {t.label}
          </a>
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
