import { Tabs } from 'radix-ui';

interface Props {
  label: string;
  tabs: readonly { id: string; label: string }[];
}

/** The segmented tab row shared by the league table and the network chart card (inside a Radix Tabs.Root). */
export default function TabStrip({ label, tabs }: Props) {
  return (
    <Tabs.List aria-label={label} className="flex flex-wrap gap-1 rounded-lg bg-surface-2 p-1">
      {tabs.map((t) => (
        <Tabs.Trigger
          key={t.id}
          value={t.id}
          className="whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium text-muted transition-colors hover:text-fg data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow"
        >
          {t.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
