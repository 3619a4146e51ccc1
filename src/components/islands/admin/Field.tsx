import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  children: ReactNode;
  /** Shown under the control, e.g. a hint or a counter. */
  hint?: ReactNode;
  counter?: { value: number; limit: number };
  required?: boolean;
  className?: string;
}

/** A label, its control and an optional hint / live counter (announced politely to screen readers). */
export default function Field({ id, label, children, hint, counter, required, className = '' }: Props) {
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-fg">
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
      {hint && <p className="mt-1.5 text-xs text-muted">{hint}</p>}
    </div>
  );
}
