import { Dialog } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import type { NavLink } from '@/lib/shared/site';
import { useSession } from './use-session';
import { signOutAndLeave } from './sign-out';

interface Props {
  before: NavLink[];
  assetClasses: NavLink[];
  after: NavLink[];
}

const linkClass = 'block rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-2';

/** Below md the navigation lives in a side drawer, with the auth entries at its foot. */
export default function MobileDrawer({ before, assetClasses, after }: Props) {
  const { user, loading } = useSession();
  return (
    <Dialog.Root>
      <Dialog.Trigger className="inline-flex size-10 items-center justify-center rounded-md text-fg hover:bg-surface-2" aria-label="Open menu">
        <Menu aria-hidden className="size-6" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[85vw] max-w-xs flex-col overflow-y-auto border-l border-border bg-surface p-4 shadow-2xl">
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold">Menu</Dialog.Title>
            <Dialog.Description className="sr-only">Site navigation and account</Dialog.Description>
            <Dialog.Close className="inline-flex size-9 items-center justify-center rounded-md hover:bg-surface-2" aria-label="Close menu">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            {before.map((l) => (
              <a key={l.href} href={l.href} className={linkClass}>
                {l.label}
              </a>
            ))}
            <p className="mt-2 px-3 text-xs font-semibold uppercase tracking-wide text-muted">Asset Classes</p>
            {assetClasses.map((l) => (
              <a key={l.href} href={l.href} className={linkClass + ' pl-6'}>
                {l.label}
              </a>
            ))}
            <div className="mt-2" />
            {after.map((l) => (
              <a key={l.href} href={l.href} className={linkClass}>
                {l.label}
              </a>
            ))}
          </nav>
          <div className="mt-auto border-t border-border pt-4" data-testid="drawer-auth">
            {loading && !user ? (
              <span className="block h-9 animate-pulse rounded-md bg-surface-2" aria-hidden />
            ) : user ? (
              <div className="space-y-2">
                <p className="px-3 text-sm text-muted">
                  Logged in as <span className="font-medium text-fg">{user.username}</span>
                </p>
                <a href="/admin" className={linkClass}>
                  Admin Panel
                </a>
                <button type="button" className={linkClass + ' w-full text-left'} onClick={() => void signOutAndLeave()}>
                  Logout
                </button>
              </div>
            ) : (
              <a href="/login" className="block rounded-md bg-accent px-4 py-2 text-center text-sm font-medium text-accent-fg">
                Login
              </a>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
