/**
 * <site-toaster>: shows the toast of the $toast store (spec section 9: one at a time, 5000 ms,
 * swipe right 50 px to dismiss, F8 focuses the notifications). Any code raises a toast through
 * the store, React islands included; this element only draws it. The timer pauses while the
 * pointer or focus is on the toast. When a toast that had focus goes, focus goes back where it came
 * from (else to <main>), never to the emptied region.
 */
import { $toast, dismissToast, takeCarriedToast, type Toast } from '#lib/client/stores/toast.ts';
import { keyBelongsToField } from '#lib/client/field-keys.ts';
import { define } from './define.ts';
import { textElement } from './text-element.ts';

const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;
const CLOSE_ICON =
  '<svg aria-hidden="true" class="size-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M18 6 6 18"/><path d="m6 6 12 12"/></svg>';

class SiteToaster extends HTMLElement {
  #list!: HTMLOListElement;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #remaining = TOAST_DURATION_MS;
  #startedAt = 0;
  /** Where focus was before it entered the notifications (F8 or Tab). */
  #returnTo: HTMLElement | null = null;

  connectedCallback() {
    const list = this.querySelector('ol');
    if (!list) return;
    this.#list = list;
    list.addEventListener('focusin', (e) => {
      const from = e.relatedTarget;
      if (from instanceof HTMLElement && !this.contains(from)) this.#returnTo = from;
    });
    document.addEventListener('keydown', (e) => {
      if (e.key !== 'F8' || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || keyBelongsToField(e)) return;
      e.preventDefault();
      list.focus();
    });
    $toast.subscribe((t) => this.#show(t));
    takeCarriedToast();
  }

  #show(t: Toast | null) {
    const hadFocus = this.contains(document.activeElement);
    clearTimeout(this.#timer);
    this.#list.replaceChildren();
    if (!t) {
      if (hadFocus) this.#giveFocusBack();
      return;
    }
    const item = document.createElement('li');
    item.dataset.testid = 'toast';
    item.setAttribute('role', 'status');
    item.setAttribute('aria-atomic', 'true');
    item.className = `pointer-events-auto grid touch-pan-y grid-cols-[1fr_auto] items-start gap-x-3 rounded-lg border p-4 shadow-xl shadow-black/40 transition-transform ${
      t.variant === 'destructive' ? 'border-negative/60 bg-[#2a1215]' : 'border-border bg-surface-2'
    }`;
    item.append(textElement('div', 'text-sm font-semibold text-fg', t.title));
    if (t.description) item.append(textElement('div', 'col-start-1 text-sm text-muted', t.description));
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'col-start-2 row-span-2 row-start-1 rounded p-1 text-muted hover:text-fg';
    close.setAttribute('aria-label', 'Close');
    close.innerHTML = CLOSE_ICON; // a constant, no toast text
    close.addEventListener('click', () => dismissToast());
    item.append(close);
    this.#list.append(item);
    this.#remaining = TOAST_DURATION_MS;
    this.#resume();
    for (const [event, run] of [
      ['pointerenter', () => this.#pause()],
      ['pointerleave', () => this.#resume()],
      ['focusin', () => this.#pause()],
      ['focusout', () => this.#resume()],
    ] as const)
      item.addEventListener(event, run);
    this.#swipeToDismiss(item);
  }

  #resume() {
    clearTimeout(this.#timer);
    this.#startedAt = Date.now();
    this.#timer = setTimeout(() => dismissToast(), this.#remaining);
  }

  #pause() {
    clearTimeout(this.#timer);
    this.#remaining = Math.max(0, this.#remaining - (Date.now() - this.#startedAt));
  }

  #swipeToDismiss(item: HTMLElement) {
    let startX: number | null = null;
    let dx = 0;
    item.addEventListener('pointerdown', (e) => {
      if ((e.target as Element).closest('button')) return;
      startX = e.clientX;
      dx = 0;
      item.setPointerCapture(e.pointerId);
    });
    item.addEventListener('pointermove', (e) => {
      if (startX === null) return;
      dx = Math.max(0, e.clientX - startX);
      item.style.transform = `translateX(${dx}px)`;
    });
    const end = () => {
      if (startX === null) return;
      startX = null;
      if (dx >= SWIPE_THRESHOLD_PX) dismissToast();
      else item.style.transform = '';
    };
    item.addEventListener('pointerup', end);
    item.addEventListener('pointercancel', end);
  }

  #giveFocusBack() {
    const target = this.#returnTo?.isConnected ? this.#returnTo : document.getElementById('main');
    this.#returnTo = null;
    if (target && !target.hasAttribute('tabindex') && target.tabIndex < 0) target.setAttribute('tabindex', '-1');
    target?.focus({ preventScroll: true });
  }
}

define('site-toaster', SiteToaster);
