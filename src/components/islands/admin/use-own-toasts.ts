import { useCallback, useEffect, useRef } from 'react';
import { dismissToast, toast, type Toast } from '#lib/client/stores/toast.ts';

/**
 * Toasts raised by a part of the editor, taken back when that part closes (a toast that
 * outlived its editor spoke of a form no longer on screen). dismissToast(id) hides one only while it is the one shown, so a newer toast
 * (the save's 'Success', meant for the list) stays.
 */
export function useOwnToasts(): (t: Omit<Toast, 'id'>) => void {
  const ids = useRef<number[]>([]);
  useEffect(() => () => ids.current.forEach((id) => dismissToast(id)), []);
  return useCallback((t: Omit<Toast, 'id'>) => void ids.current.push(toast(t)), []);
}
