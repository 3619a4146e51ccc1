import { useEffect, useRef, type FocusEvent } from 'react';
import { Toast } from 'radix-ui';
import { useStore } from '@nanostores/react';
import { X } from 'lucide-react';
import { $toast, dismissToast, takeCarriedToast } from '@/lib/client/stores/toast';

/** Toast limits of spec section 9: one at a time, 5000 ms, swipe right 50 px, hotkey F8. */
export const TOAST_DURATION_MS = 5000;

export default function Toaster() {
  const current = useStore($toast);
  useEffect(() => takeCarriedToast(), []);
  const region = useRef<HTMLOListElement>(null);
  // Where focus was before it entered a toast (F8, or Tab): it goes back there when the toast goes.
  // Radix would leave it on the emptied viewport, an invisible list in the corner of the screen.
  const returnTo = useRef<HTMLElement | null>(null);
  const entered = useRef(false);
  const toastsContain = (node: Node | null) => Boolean(node && (region.current?.parentElement ?? region.current)?.contains(node));
  const rememberOrigin = (e: FocusEvent<HTMLOListElement>) => {
    entered.current = true;
    const from = e.relatedTarget;
    if (from instanceof HTMLElement && !toastsContain(from)) returnTo.current = from;
  };
  const restoreFocus = () => {
    if (!entered.current) return;
    entered.current = false;
    // After React has removed the toast (and Radix has moved focus to the emptied viewport).
    requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active !== document.body && !toastsContain(active)) return; // the visitor has moved on
      const target = returnTo.current?.isConnected ? returnTo.current : document.getElementById('main');
      returnTo.current = null;
      if (target && !target.hasAttribute('tabindex') && target.tabIndex < 0) target.setAttribute('tabindex', '-1');
      target?.focus({ preventScroll: true });
    });
  };
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notification">
      {current && (
        <Toast.Root
          key={current.id}
          onOpenChange={(open) => {
            if (open) return;
            dismissToast();
            restoreFocus();
          }}
          className={`grid grid-cols-[1fr_auto] items-start gap-x-3 rounded-lg border p-4 shadow-xl shadow-black/40 data-[swipe=end]:translate-x-full data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
            current.variant === 'destructive' ? 'border-negative/60 bg-[#2a1215]' : 'border-border bg-surface-2'
          }`}
          data-testid="toast"
        >
          <Toast.Title className="text-sm font-semibold text-fg">{current.title}</Toast.Title>
          {current.description && <Toast.Description className="col-start-1 text-sm text-muted">{current.description}</Toast.Description>}
          <Toast.Close className="col-start-2 row-span-2 row-start-1 rounded p-1 text-muted hover:text-fg" aria-label="Close">
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport
        ref={region}
        onFocus={rememberOrigin}
        hotkey={['F8']}
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
