import { useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, signIn } from '@/lib/client/stores/auth';
import { toastAfterNavigation } from '@/lib/client/stores/toast';
import { safeRedirectTarget } from '@/lib/shared/redirect';
import { rememberFailedAttempts } from '@/lib/client/failed-attempts';
import { LOGIN_FORM_ACTION } from '@/lib/shared/login-form';

const inputClass =
  'mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none disabled:opacity-60';

interface Props {
  /** ?redirect= of the page, carried through the form post (the server checks it). */
  redirect?: string | null;
  /** The error a form post without JavaScript came back with (fixed text, see login-form.ts). */
  error?: string | null;
}

/**
 * The admin sign-in form: idle, submitting, then /admin (or ?redirect=) or an error message.
 * Hydrated, it signs in through the JSON API. Before hydration or without JavaScript it is a plain
 * POST form (never GET: the password must not land in the URL) to the form endpoint, which sets
 * the session and redirects, or comes back here with ?error=.
 */
export default function LoginForm({ redirect = null, error: initialError = null }: Props) {
  const { loading } = useStore($auth);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(initialError);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const username = String(form.get('username') ?? '').trim();
    const password = String(form.get('password') ?? '');
    if (!username || !password) {
      setError('Please fill in all fields');
      return;
    }
    setError(null);
    setSubmitting(true);
    const result = await signIn(username, password);
    if (result.ok) {
      toastAfterNavigation({ title: 'Success', description: 'Logged in successfully' });
      if (result.failedAttempts > 0) rememberFailedAttempts(result.failedAttempts);
      location.assign(safeRedirectTarget(redirect, location.origin));
      return;
    }
    setSubmitting(false);
    // Wrong credentials get the spec's words; a pause (429) or a fault says what the server said.
    setError(result.status === 401 || !result.message ? 'Invalid username or password' : result.message);
  }

  return (
    <form
      method="post"
      action={LOGIN_FORM_ACTION}
      onSubmit={onSubmit}
      noValidate
      aria-label="Admin login"
      className="space-y-4"
      data-auth-loading={loading || undefined}
    >
      {redirect && <input type="hidden" name="redirect" value={redirect} />}
      <div>
        <label htmlFor="username" className="text-sm font-medium">
          Username
        </label>
        <input
          id="username"
          name="username"
          type="text"
          autoComplete="username"
          disabled={submitting}
          className={inputClass}
          placeholder="Enter your username"
        />
      </div>
      <div>
        <label htmlFor="password" className="text-sm font-medium">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          disabled={submitting}
          className={inputClass}
          placeholder="Enter your password"
        />
      </div>
      {error && (
        <p role="alert" className="rounded-md border border-negative/40 bg-negative/10 px-3 py-2 text-sm text-negative">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={submitting}
        className="w-full rounded-md bg-accent px-4 py-2 text-sm font-semibold text-accent-fg hover:bg-accent/90 disabled:opacity-70"
      >
        {submitting ? 'Signing in...' : 'Sign In'}
      </button>
    </form>
  );
}
