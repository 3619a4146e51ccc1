import { describe, expect, it } from 'vitest';
import { $toast, dismissToast, toast } from '#lib/client/stores/toast.ts';

/** The editor takes back its own error toast when it closes, never a newer one. */
describe('toast store', () => {
  it('dismisses a toast by id only while it is the one shown', () => {
    const stale = toast({ title: 'Validation Error', variant: 'destructive' });
    dismissToast(stale);
    expect($toast.get()).toBeNull();
    const old = toast({ title: 'Validation Error', variant: 'destructive' });
    const fresh = toast({ title: 'Success' });
    dismissToast(old);
    expect($toast.get()?.id).toBe(fresh);
    dismissToast();
    expect($toast.get()).toBeNull();
  });
});
