import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, checkSession } from '@/lib/client/stores/auth';

/**
 * The auth state, with the session check started once per page. Until this island has mounted
 * it reports the server's view (loading, no user): several header islands share the store, and one
 * that hydrates after the check has finished must still match the HTML it was rendered as.
 */
export function useSession() {
  const auth = useStore($auth);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
    void checkSession();
  }, []);
  return mounted ? auth : { user: null, loading: true };
}
