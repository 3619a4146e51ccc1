import { useEffect, useState } from 'react';
import { takeFragment } from '@/lib/client/url-state';

/**
 * For a menu whose trigger links to a no-JavaScript fallback (`#id`, shown by CSS :target): on
 * hydration, opens the island's own menu when a click before hydration left that fragment, and
 * from then on keeps the fallback hidden (`hidden` beats :target; replaceState alone does not
 * update :target). Returns whether the island has hydrated.
 */
export function useFragmentFallback(id: string, open: () => void): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    // Hydration itself is the event this records; there is no outside value to subscribe to.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHydrated(true);
    if (takeFragment(id)) open();
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return hydrated;
}
