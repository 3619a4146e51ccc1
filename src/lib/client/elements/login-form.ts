/**
 * <login-form>: the admin sign-in form, enhanced. Without JavaScript (or before this runs) the form
 * POSTs to the form endpoint, which sets the session and redirects, or comes back with ?error=.
 * Defined, it signs in through the JSON API: 'Signing in...' while busy, then /admin (or the
 * checked ?redirect=) with the success toast carried over, or the error in its alert.
 */
import { signIn } from '#lib/client/stores/auth.ts';
import { toastAfterNavigation } from '#lib/client/stores/toast.ts';
import { rememberFailedAttempts } from '#lib/client/failed-attempts.ts';
import { safeRedirectTarget } from '#lib/shared/redirect.ts';
import { define } from './define.ts';

class LoginForm extends HTMLElement {
  connectedCallback() {
    const form = this.querySelector('form');
    if (!form) return;
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.#submit(form);
    });
  }

  #alert(form: HTMLFormElement, message: string | null) {
    let alert = form.querySelector<HTMLElement>('[role="alert"]');
    if (message === null) {
      alert?.remove();
      return;
    }
    if (!alert) {
      alert = document.createElement('p');
      alert.setAttribute('role', 'alert');
      alert.className = 'rounded-md border border-negative/40 bg-negative/10 px-3 py-2 text-sm text-negative';
      form.querySelector('button[type="submit"]')?.before(alert);
    }
    alert.textContent = message;
  }

  #busy(form: HTMLFormElement, busy: boolean) {
    for (const el of form.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input:not([type="hidden"]), button')) el.disabled = busy;
    const submit = form.querySelector('button[type="submit"]');
    if (submit) submit.textContent = busy ? 'Signing in...' : 'Sign In';
  }

  async #submit(form: HTMLFormElement) {
    const data = new FormData(form);
    const text = (v: FormDataEntryValue | null) => (typeof v === 'string' ? v : '');
    const username = text(data.get('username')).trim();
    const password = text(data.get('password'));
    const redirect = data.get('redirect');
    if (!username || !password) {
      this.#alert(form, 'Please fill in all fields');
      return;
    }
    this.#alert(form, null);
    this.#busy(form, true);
    const result = await signIn(username, password);
    if (result.ok) {
      toastAfterNavigation({ title: 'Success', description: 'Logged in successfully' });
      if (result.failedAttempts > 0) rememberFailedAttempts(result.failedAttempts);
      location.assign(safeRedirectTarget(typeof redirect === 'string' ? redirect : null, location.origin));
      return;
    }
    this.#busy(form, false);
    // Wrong credentials get the spec's words; a pause (429) or a fault says what the server said.
    this.#alert(form, result.status === 401 || !result.message ? 'Invalid username or password' : result.message);
  }
}

define('login-form', LoginForm);
