import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import type { NavLink } from '@/lib/shared/site';
import { isPlainClick } from '@/lib/client/url-state';
import { useFragmentFallback } from './use-fragment-fallback';

const FALLBACK_ID = 'asset-classes-menu';

interface Props {
  links: NavLink[];
  current: boolean;
}

/**
 * The 'Asset Classes' dropdown: a menu with no route of its own, operable by keyboard (Radix).
 * The trigger is a link to a plain list of the same links, shown by CSS (:target) when followed:
 * a click before hydration or without JavaScript opens that; on hydration the island opens its
 * own menu in its place.
 */
export default function AssetClassesMenu({ links, current }: Props) {
  const [open, setOpen] = useState(false);
  const hydrated = useFragmentFallback(FALLBACK_ID, () => setOpen(true));
  return (
    <div className="relative">
      <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
        <DropdownMenu.Trigger asChild>
          <a
            href={`#${FALLBACK_ID}`}
            role="button"
            // Radix's trigger passes type="button", which a link may not carry (it would be a MIME type).
            type={undefined}
            onClick={(e) => {
              if (isPlainClick(e)) e.preventDefault();
            }}
            className={`inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-surface-2 hover:text-fg data-[state=open]:bg-surface-2 data-[state=open]:text-fg ${current ? 'bg-surface-2 text-fg' : 'text-muted'}`}
          >
            Asset Classes
            <ChevronDown aria-hidden className="size-4" />
          </a>
        </DropdownMenu.Trigger>
        {/* Not portalled to <body>: rendered here it stays inside the header's landmark (axe: region). */}
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-border bg-surface p-1 shadow-xl shadow-black/40"
        >
          {links.map((l) => (
            <DropdownMenu.Item key={l.href} asChild>
              <a href={l.href} className="block rounded-md px-3 py-2 text-sm text-fg outline-none data-[highlighted]:bg-surface-2">
                {l.label}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
      <ul
        id={FALLBACK_ID}
        hidden={hydrated}
        className="absolute top-full left-0 z-50 mt-1.5 hidden min-w-52 rounded-lg border border-border bg-surface p-1 shadow-xl shadow-black/40 target:block"
        aria-label="Asset Classes"
      >
        {links.map((l) => (
          <li key={l.href}>
            <a href={l.href} className="block rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-2">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
