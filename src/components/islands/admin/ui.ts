import { formatDay } from '#lib/shared/format.ts';

/** Class lists shared by the admin islands, so buttons and inputs look the same everywhere. */
export const inputClass =
  'block w-full rounded-md border border-border bg-bg px-3 py-2 text-sm text-fg placeholder:text-muted/70 focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 disabled:opacity-60';

const button =
  'inline-flex items-center justify-center gap-2 rounded-md px-3.5 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60';
export const primaryButton = `${button} bg-accent text-accent-fg hover:bg-accent/90`;
export const secondaryButton = `${button} border border-border bg-surface-2 text-fg hover:border-accent/60 hover:bg-surface-2/70`;
export const ghostButton = `${button} text-muted hover:bg-surface-2 hover:text-fg`;
export const dangerButton = `${button} bg-negative text-bg hover:bg-negative/90`;
export const iconButton =
  'inline-flex size-9 items-center justify-center rounded-md border border-border text-muted transition-colors hover:border-accent/60 hover:text-fg';

export const card = 'rounded-xl border border-border bg-surface';

export const tabList = 'flex gap-1 overflow-x-auto rounded-lg border border-border bg-surface p-1';
export const tabTrigger =
  'shrink-0 rounded-md px-2.5 py-1.5 text-sm sm:px-3 font-medium text-muted transition-colors hover:text-fg data-[state=active]:bg-surface-2 data-[state=active]:text-fg data-[state=active]:shadow-sm';

/** Published date as the admin lists show it: '22 Nov 2026', in UTC like every public page. */
export function formatDate(iso: string | null): string {
  return iso ? formatDay(iso) : '';
}
