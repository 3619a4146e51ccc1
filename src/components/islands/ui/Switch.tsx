import type { KeyboardEvent, MouseEvent } from 'react';
import { Switch as RadixSwitch } from 'radix-ui';
import { isPlainClick } from '#lib/client/url-state.ts';

interface Props {
  id: string;
  label: string;
  /** A hint under the label (the 'field' layout only). */
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** 'field': a bordered row, label left and switch right (admin forms); 'inline': switch then label (toolbars). */
  layout?: 'field' | 'inline';
  /**
   * The page with the other state (a view switch whose state lives in the URL). The switch is then
   * a link with role="switch": before the island hydrates, or without JavaScript, a click loads that
   * page (the server renders the state); once hydrated it toggles in place. A link, not a submit
   * button: a submit button may not carry role="switch".
   */
  href?: string;
}

const trackClass =
  'relative inline-block h-6 w-11 shrink-0 cursor-pointer rounded-full border border-border bg-surface-2 transition-colors data-[state=checked]:border-accent data-[state=checked]:bg-accent';
const thumbClass = 'block size-5 translate-x-0.5 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-[1.3rem]';

/** The one labelled on/off switch of the site (Radix, or a link-switch for URL state: role switch, Space toggles). */
export default function Switch({ id, label, description, checked, onChange, layout = 'inline', href }: Props) {
  if (href) {
    const state = checked ? 'checked' : 'unchecked';
    const toggle = (e: MouseEvent | KeyboardEvent) => {
      e.preventDefault();
      onChange(!checked);
    };
    // The label is inside the link: it names the switch, and a click on it toggles.
    return (
      <a
        id={id}
        href={href}
        role="switch"
        aria-checked={checked}
        onClick={(e) => isPlainClick(e) && toggle(e)}
        // A link acts on Enter; a switch toggles on Space as well.
        onKeyDown={(e) => e.key === ' ' && toggle(e)}
        className="inline-flex items-center gap-2 rounded-md text-sm text-muted"
      >
        <span data-state={state} className={trackClass}>
          <span data-state={state} className={thumbClass} />
        </span>
        {label}
      </a>
    );
  }
  const control = (
    <RadixSwitch.Root id={id} checked={checked} onCheckedChange={onChange} className={trackClass}>
      <RadixSwitch.Thumb className={thumbClass} />
    </RadixSwitch.Root>
  );
  if (layout === 'inline') {
    return (
      <span className="inline-flex items-center gap-2 text-sm text-muted">
        {control}
        <label htmlFor={id} className="cursor-pointer">
          {label}
        </label>
      </span>
    );
  }
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-border bg-bg/60 px-4 py-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {description && <p className="text-xs text-muted">{description}</p>}
      </div>
      {control}
    </div>
  );
}
