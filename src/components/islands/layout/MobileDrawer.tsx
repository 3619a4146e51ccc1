import { useState } from 'react';
import { Dialog } from 'radix-ui';
import { Menu, X } from 'lucide-react';
import type { NavLink } from '@/lib/shared/site';
import { isPlainClick } from '@/lib/client/url-state';
import { useFragmentFallback } from './use-fragment-fallback';
import { useSession } from './use-session';
import { signOutAndLeave } from './sign-out';

const FALLBACK_ID = 'mobile-menu';

interface Props {
  before: NavLink[];
  assetClasses: NavLink[];
  after: NavLink[];
}

const linkClass = 'block rounded-md px-3 py-2 text-sm text-fg hover:bg-surface-2';

function NavLinks({ before, assetClasses, after }: Props) {
  return (
    <>
      {before.map((l) => (
        <a key={l.href} href={l.href} className={linkClass}>
          {l.label}
        </a>
      ))}
      <p className="mt-2 px-3 text-xs font-semibold tracking-wide text-muted uppercase">Asset Classes</p>
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
    </>
  );
}

const panelClass =
  'fixed inset-y-0 right-0 z-50 w-[85vw] max-w-xs flex-col overflow-y-auto border-l border-border bg-surface p-4 shadow-2xl';

/**
 * Below md the navigation lives in a side drawer, with the auth entries at its foot. The trigger
 * is a link to a plain panel of the same links, shown by CSS (:target) when followed: a tap before
 * hydration or without JavaScript opens that; on hydration the island opens its dialog instead.
 */
export default function MobileDrawer(props: Props) {
  const { user, loading } = useSession();
  const [open, setOpen] = useState(false);
  const hydrated = useFragmentFallback(FALLBACK_ID, () => setOpen(true));
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <a
          href={`#${FALLBACK_ID}`}
          role="button"
          // Radix's trigger passes type="button", which a link may not carry (it would be a MIME type).
          type={undefined}
          onClick={(e) => {
            // Handled here, not by following the link (which would show the fallback panel too);
            // a prevented click skips Radix's own toggle, so open the dialog ourselves.
            if (!isPlainClick(e)) return;
            e.preventDefault();
            setOpen(true);
          }}
          className="inline-flex size-10 items-center justify-center rounded-md text-fg hover:bg-surface-2"
          aria-label="Open menu"
        >
          <Menu aria-hidden className="size-6" />
        </a>
      </Dialog.Trigger>
      <nav id={FALLBACK_ID} hidden={hydrated} aria-label="Mobile menu" className={`${panelClass} hidden target:flex`}>
        <div className="mb-4 flex items-center justify-between">
          <p className="text-base font-semibold">Menu</p>
          <a href="#" className="inline-flex size-9 items-center justify-center rounded-md hover:bg-surface-2" aria-label="Close menu">
            <X aria-hidden className="size-5" />
          </a>
        </div>
        <div className="flex flex-col gap-1">
          <NavLinks {...props} />
        </div>
        <div className="mt-auto border-t border-border pt-4">
          <a href="/login" className="block rounded-md bg-accent px-4 py-2 text-center text-sm font-medium text-accent-fg">
            Login
          </a>
        </div>
      </nav>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <Dialog.Content className={`${panelClass} flex`}>
          <div className="mb-4 flex items-center justify-between">
            <Dialog.Title className="text-base font-semibold">Menu</Dialog.Title>
            <Dialog.Description className="sr-only">Site navigation and account</Dialog.Description>
            <Dialog.Close className="inline-flex size-9 items-center justify-center rounded-md hover:bg-surface-2" aria-label="Close menu">
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex flex-col gap-1">
            <NavLinks {...props} />
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
