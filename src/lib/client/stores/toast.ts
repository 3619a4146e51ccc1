import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** At most one toast is shown at a time (spec section 9): a new toast replaces the current one. */
export const $toast = atom<Toast | null>(null);

let nextId = 1;
const CARRY_KEY = 'rwa:toast';

/** Shows a toast; its id lets the code that raised it take it back (dismissToast(id)). */
export function toast(t: Omit<Toast, 'id'>): number {
  const id = nextId++;
  $toast.set({ ...t, id });
  return id;
}

/** Hides the current toast, or only the given one if it is still the one shown (a newer toast stays). */
export function dismissToast(id?: number): void {
  if (id === undefined || $toast.get()?.id === id) $toast.set(null);
}

/** Shows a toast on the next page: for a success that is followed by a full navigation (login -> /admin). */
export function toastAfterNavigation(t: Omit<Toast, 'id'>): void {
  try {
    sessionStorage.setItem(CARRY_KEY, JSON.stringify(t));
  } catch {
    toast(t);
  }
}

/** Called once by the toaster when a page starts: shows a toast carried over from the previous page. */
export function takeCarriedToast(): void {
  try {
    const raw = sessionStorage.getItem(CARRY_KEY);
    if (!raw) return;
    sessionStorage.removeItem(CARRY_KEY);
    toast(JSON.parse(raw) as Omit<Toast, 'id'>);
  } catch {
    // Storage may be unavailable (private mode); nothing to carry then.
  }
}
