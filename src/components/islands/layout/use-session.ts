import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, checkSession } from '@/lib/client/stores/auth';

/** The auth state, with the session check started once per page. */
export function useSession() {
  const auth = useStore($auth);
  useEffect(() => {
    void checkSession();
  }, []);
  return auth;
}
