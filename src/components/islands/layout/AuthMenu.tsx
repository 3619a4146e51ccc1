import { DropdownMenu } from 'radix-ui';
import { ChevronDown, LayoutDashboard, LogOut, MonitorX, UserRound } from 'lucide-react';
import { useSession } from './use-session';
import { signOutAndLeave } from './sign-out';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-fg outline-none data-[highlighted]:bg-surface-2';

/** Desktop auth area: a Login button when signed out, a user menu (username, Admin Panel, Logout) when signed in. */
export default function AuthMenu() {
  const { user, loading } = useSession();

  if (loading && !user) {
    return <span className="block h-9 w-20 animate-pulse rounded-md bg-surface-2" aria-hidden />;
  }
  if (!user) {
    return (
      <a
        href="/login"
        className="inline-flex h-9 items-center rounded-md bg-accent px-4 text-sm font-medium text-accent-fg hover:bg-accent/90"
      >
        Login
      </a>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="inline-flex h-9 items-center gap-2 rounded-md border border-border px-3 text-sm font-medium text-fg hover:bg-surface-2"
        aria-label={`User menu for ${user.username}`}
      >
        <UserRound aria-hidden className="size-4" />
        <span data-testid="user-menu-name">{user.username}</span>
        <ChevronDown aria-hidden className="size-4" />
      </DropdownMenu.Trigger>
      {/* Not portalled to <body>: rendered here it stays inside the header's landmark (axe: region). */}
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 min-w-48 rounded-lg border border-border bg-surface p-1 shadow-xl shadow-black/40"
      >
        <DropdownMenu.Label className="px-3 py-2 text-xs text-muted">Signed in as {user.username}</DropdownMenu.Label>
        <DropdownMenu.Item asChild>
          <a href="/admin" className={itemClass}>
            <LayoutDashboard aria-hidden className="size-4" /> Admin Panel
          </a>
        </DropdownMenu.Item>
        <DropdownMenu.Separator className="my-1 h-px bg-border" />
        <DropdownMenu.Item className={itemClass} onSelect={() => void signOutAndLeave()}>
          <LogOut aria-hidden className="size-4" /> Logout
        </DropdownMenu.Item>
        <DropdownMenu.Item className={itemClass} onSelect={() => void signOutAndLeave(true)}>
          <MonitorX aria-hidden className="size-4" /> Sign out everywhere
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
