import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  children: ReactNode;
  /** Shown under the control, e.g. a hint or a counter. */
  hint?: ReactNode;
  counter?: { value: number; limit: number };
  required?: boolean;
  /** What is wrong with the value, shown under the control (see fieldDescription for the control's side). */
  error?: string;
  /** False when the control is not a form element (the Markdown editor names itself). */
  labelFor?: boolean;
  className?: string;
}

/** The ids a field's control is described by: its error first, then its hint. */
export function fieldDescription(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  const ids = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

/** A label, its control and an optional hint / live counter (announced politely to screen readers) / error. */
export default function Field({ id, label, children, hint, counter, required, error, labelFor = true, className = '' }: Props) {
  return (
    <div className={className} data-field={id}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label id={`${id}-label`} htmlFor={labelFor ? id : undefined} className="text-sm font-medium text-fg">
          {label}
          {required && (
            <span className="ml-0.5 text-negative" aria-hidden="true">
              *
            </span>
          )}
        </label>
        {counter && (
          <span
            id={`${id}-counter`}
            aria-live="polite"
            className={`text-xs tabular-nums ${counter.value > counter.limit ? 'text-negative' : 'text-muted'}`}
          >
            {counter.value}/{counter.limit}
          </span>
        )}
      </div>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-xs font-medium text-negative" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
