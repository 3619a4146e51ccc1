import { AlertDialog } from 'radix-ui';
import { Trash2 } from 'lucide-react';
import { dangerButton, iconButton, secondaryButton } from './ui.ts';

interface Props {
  /** The spec's exact question, e.g. 'Are you sure you want to delete this blog post?'. */
  question: string;
  itemTitle: string;
  onConfirm: () => void;
  disabled?: boolean;
}

/** The delete button and its confirmation (Radix AlertDialog: focus trapped, Escape cancels). */
export default function ConfirmDelete({ question, itemTitle, onConfirm, disabled }: Props) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          className={`${iconButton} hover:border-negative/60 hover:text-negative`}
          aria-label={`Delete ${itemTitle}`}
          disabled={disabled}
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-surface p-6 shadow-2xl shadow-black/50">
          <AlertDialog.Title className="text-lg font-semibold text-fg">Delete “{itemTitle}”</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">{question}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={secondaryButton}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={dangerButton} onClick={onConfirm}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
