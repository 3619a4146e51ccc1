/**
 * <auth-area>: the signed-in state where the header and the drawer show it. The server cannot know
 * the visitor (pages are cached for everyone), so it renders three views and this element shows
 * one: [data-auth-view="loading"] while the session check runs, "signed-out" (a Login link, also
 * what shows without JavaScript) or "signed-in", whose [data-auth-username] and
 * [data-auth-label] (aria-label = its value + the username) it fills. [data-sign-out] buttons sign
 * out (data-sign-out="everywhere" ends every session).
 */
import { $auth, checkSession } from '#lib/client/stores/auth.ts';
import { define } from './define.ts';
import { signOutAndLeave } from './sign-out.ts';

type View = 'loading' | 'signed-out' | 'signed-in';

class AuthArea extends HTMLElement {
  #unsubscribe?: () => void;

  connectedCallback() {
    this.#unsubscribe = $auth.subscribe(({ user, loading }) => {
      const view: View = user ? 'signed-in' : loading ? 'loading' : 'signed-out';
      for (const el of this.querySelectorAll<HTMLElement>('[data-auth-view]')) el.hidden = el.dataset.authView !== view;
      const name = user?.username ?? '';
      for (const el of this.querySelectorAll<HTMLElement>('[data-auth-username]')) el.textContent = name;
      for (const el of this.querySelectorAll<HTMLElement>('[data-auth-label]'))
        el.setAttribute('aria-label', `${el.dataset.authLabel} ${name}`);
    });
    this.addEventListener('click', (e) => {
      const button = (e.target as Element).closest<HTMLElement>('[data-sign-out]');
      if (button) void signOutAndLeave(button.dataset.signOut === 'everywhere');
    });
    void checkSession();
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
  }
}

define('auth-area', AuthArea);
