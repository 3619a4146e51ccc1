/**
 * <site-drawer>: below md the navigation opens in a modal side drawer (a native <dialog>: focus
 * stays inside, Escape closes it, focus goes back to the trigger). The trigger
 * ([data-drawer-trigger]) is a link to a plain panel of the same links (data-fallback names its
 * id; CSS :target shows it): a tap before this module runs, or without JavaScript, opens that;
 * once defined the element keeps the panel hidden and opens the dialog instead.
 */
import { isPlainClick, takeFragment } from '#lib/client/url-state.ts';
import { define } from './define.ts';

class SiteDrawer extends HTMLElement {
  connectedCallback() {
    const trigger = this.querySelector<HTMLElement>('[data-drawer-trigger]');
    const dialog = this.querySelector('dialog');
    if (!trigger || !dialog) return;
    const open = () => {
      if (!dialog.open) dialog.showModal();
    };
    trigger.addEventListener('click', (e) => {
      if (!isPlainClick(e)) return;
      e.preventDefault();
      open();
    });
    for (const close of dialog.querySelectorAll('[data-drawer-close]')) close.addEventListener('click', () => dialog.close());
    // A click on the backdrop lands on the dialog element itself.
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog) dialog.close();
    });
    const fallbackId = this.dataset.fallback;
    if (fallbackId) {
      const fallback = document.getElementById(fallbackId);
      if (fallback) fallback.hidden = true;
      if (takeFragment(fallbackId)) open();
    }
  }
}

define('site-drawer', SiteDrawer);
