import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, checkSession } from '@/lib/client/stores/auth';

/** What the server rendered: it cannot know the visitor, so every auth island starts "loading". */
const SERVER_STATE = { user: null, loading: true } as const;

/**
 * The auth state, with the session check started once per page. The first render always matches
 * the server's HTML: islands hydrate one after another, and one that hydrates after the shared
 * store has settled would otherwise render different markup (React error #418).
 */
export function useSession() {
  const auth = useStore($auth);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    void checkSession();
  }, []);
  return hydrated ? auth : SERVER_STATE;
}
