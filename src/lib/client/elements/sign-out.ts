import { logout, logoutEverywhere } from '#lib/client/stores/auth.ts';
import { isAdminPath } from '#lib/shared/private-paths.ts';

/** Signs out and leaves private pages, which would otherwise stay on screen signed out. */
export async function signOutAndLeave(everywhere = false) {
  await (everywhere ? logoutEverywhere() : logout());
  if (isAdminPath(location.pathname)) location.assign('/');
}
