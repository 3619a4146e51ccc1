import { AlertDialog } from 'radix-ui';
import { primaryButton, secondaryButton } from './ui.ts';

interface Props {
  /** The open question's answer (true: leave), or null when nothing is asked. */
  answer: ((leave: boolean) => void) | null;
  /** A saved item's changes are also its server draft; a new one's only this browser's. */
  saved: boolean;
}

/** 'Leave without saving?' (Radix AlertDialog: focus trapped, Escape and Stay keep the editor). */
export default function LeaveDialog({ answer, saved }: Props) {
  return (
    <AlertDialog.Root open={answer !== null} onOpenChange={(open) => !open && answer?.(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <AlertDialog.Content
          data-testid="leave-dialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-surface p-6 shadow-2xl shadow-black/50"
        >
          <AlertDialog.Title className="text-lg font-semibold text-fg">Leave without saving?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-muted">
            {saved
              ? 'Your changes are not saved to the post. They stay as its draft and in this browser until you save or discard them.'
              : 'This new post is not saved. Your text stays in this browser and comes back when you create one again.'}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={primaryButton}>Stay</AlertDialog.Cancel>
            <AlertDialog.Action className={secondaryButton} onClick={() => answer?.(true)}>
              Leave
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
