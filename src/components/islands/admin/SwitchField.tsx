import { Switch } from 'radix-ui';

interface Props {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** A labelled Radix switch (keyboard: Tab to it, Space to toggle). */
export default function SwitchField({ id, label, description, checked, onChange }: Props) {
  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border border-border bg-bg/60 px-4 py-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-fg">
          {label}
        </label>
        {description && <p className="text-xs text-muted">{description}</p>}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        onCheckedChange={onChange}
        className="relative h-6 w-11 shrink-0 rounded-full border border-border bg-surface-2 transition-colors data-[state=checked]:border-accent data-[state=checked]:bg-accent"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-[1.3rem]" />
      </Switch.Root>
    </div>
  );
}
