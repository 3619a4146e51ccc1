import { logout } from '@/lib/client/stores/auth';

/** Signs out and leaves private pages, which would otherwise stay on screen signed out. */
export async function signOutAndLeave() {
  await logout();
  if (location.pathname.startsWith('/admin')) location.assign('/');
}
