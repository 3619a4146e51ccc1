import { DropdownMenu } from 'radix-ui';
import { ChevronDown } from 'lucide-react';
import type { NavLink } from '@/lib/shared/site';

interface Props {
  links: NavLink[];
  current: boolean;
}

/** The 'Asset Classes' dropdown: a menu with no route of its own, operable by keyboard (Radix). */
export default function AssetClassesMenu({ links, current }: Props) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={`inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-surface-2 hover:text-fg data-[state=open]:bg-surface-2 data-[state=open]:text-fg ${current ? 'bg-surface-2 text-fg' : 'text-muted'}`}
      >
        Asset Classes
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-50 min-w-52 rounded-lg border border-border bg-surface p-1 shadow-xl shadow-black/40"
        >
          {links.map((l) => (
            <DropdownMenu.Item key={l.href} asChild>
              <a
                href={l.href}
                className="block rounded-md px-3 py-2 text-sm text-fg outline-none data-[highlighted]:bg-surface-2"
              >
                {l.label}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
