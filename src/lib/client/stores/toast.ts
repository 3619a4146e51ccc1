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

export function toast(t: Omit<Toast, 'id'>): void {
  $toast.set({ ...t, id: nextId++ });
}

export function dismissToast(): void {
  $toast.set(null);
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
