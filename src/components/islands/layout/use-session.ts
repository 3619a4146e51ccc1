import { useEffect, useSyncExternalStore } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, checkSession } from '@/lib/client/stores/auth';

/** What the server rendered: it cannot know the visitor, so every auth island starts "loading". */
const SERVER_STATE = { user: null, loading: true } as const;

/** Whether the island has hydrated never changes after it has, so there is nothing to subscribe to. */
const subscribeNever = () => () => {};

/**
 * The auth state, with the session check started once per page. The first render always matches
 * the server's HTML: islands hydrate one after another, and one that hydrates after the shared
 * store has settled would otherwise render different markup (React error #418).
 */
export function useSession() {
  const auth = useStore($auth);
  // React renders the server snapshot while hydrating and the client one right after.
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  useEffect(() => {
    void checkSession();
  }, []);
  return hydrated ? auth : SERVER_STATE;
}
