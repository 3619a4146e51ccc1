import { Switch as RadixSwitch } from 'radix-ui';

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
   * Makes the switch its form's submit button: before the island hydrates, or without JavaScript,
   * a click submits the surrounding GET form (which carries the toggled state, see ViewForm).
   */
  submit?: boolean;
}

/** The one labelled on/off switch of the site (Radix: role switch, Space toggles). */
export default function Switch({ id, label, description, checked, onChange, layout = 'inline', submit = false }: Props) {
  const control = (
    <RadixSwitch.Root
      id={id}
      checked={checked}
      onCheckedChange={onChange}
      type={submit ? 'submit' : 'button'}
      className="relative h-6 w-11 shrink-0 cursor-pointer rounded-full border border-border bg-surface-2 transition-colors data-[state=checked]:border-accent data-[state=checked]:bg-accent"
    >
      <RadixSwitch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-[1.3rem]" />
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
