import { useCallback, useEffect, useRef, useState } from 'react';

/** What the admin panel asks before the browser's Back leaves an editor. */
export interface LeaveGuard {
  /** True at once when nothing is unsaved; else the writer's answer (Leave: true, Stay: false). */
  ask: () => Promise<boolean>;
}

/** A link that takes this page away: same window, plain left click, not a fragment of this page. */
function leavingLink(e: MouseEvent): HTMLAnchorElement | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = e.composedPath().find((t): t is HTMLAnchorElement => t instanceof HTMLAnchorElement && t.hasAttribute('href'));
  if (!a || (a.target && a.target !== '_self') || a.hasAttribute('download')) return null;
  const to = new URL(a.href, location.href);
  if (to.origin === location.origin && to.pathname === location.pathname && to.search === location.search) return null;
  return a;
}

/**
 * Leaving an editor with unsaved changes asks first, every way it can be left: the editor's own
 * Cancel and 'Back to Admin' and the browser's Back (through `ask`), any link on the page (its
 * click held until the answer), and closing or reloading the tab (the browser's own beforeunload
 * question, the only one a page may ask then). `asking` is the open question, for the dialog.
 */
export function useLeaveGuard(dirty: boolean) {
  const [asking, setAsking] = useState<((leave: boolean) => void) | null>(null);
  const unsaved = useRef(dirty);
  useEffect(() => {
    unsaved.current = dirty;
  });
  /** Set once the editor is left on purpose (a save, an answered question): nothing more is asked. */
  const left = useRef(false);

  const ask = useCallback((): Promise<boolean> => {
    if (!unsaved.current || left.current) return Promise.resolve(true);
    return new Promise((resolve) =>
      setAsking(() => (leave: boolean) => {
        setAsking(null);
        if (leave) left.current = true;
        resolve(leave);
      }),
    );
  }, []);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!unsaved.current || left.current) return;
      e.preventDefault();
      e.returnValue = ''; // older browsers ask only when this is set
    };
    const onClick = (e: MouseEvent) => {
      if (!unsaved.current || left.current) return;
      const link = leavingLink(e);
      if (!link) return;
      e.preventDefault();
      const href = link.href;
      void ask().then((leave) => leave && location.assign(href));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick);
    };
  }, [ask]);

  return {
    ask,
    asking,
    /** The editor is being left without a question (a save went through, the session expired). */
    leaveWithoutAsking: () => {
      left.current = true;
    },
  };
}
