import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/client/components/ui/alert-dialog';
import { buttonVariants } from '@/client/components/ui/button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  /** The safe answer, e.g. "Stay": first, and focused when the dialog opens. */
  keepLabel: string;
  /** The answer that drops or removes something, e.g. "Leave without saving". */
  confirmLabel: string;
  /** Runs on the safe answer, Escape or a click outside. */
  onKeep: () => void;
  onConfirm: () => void;
  /**
   * Given when the confirmed action takes a while: the dialog then stays open after the confirm until the
   * caller closes it, and while busy its answers are disabled and Escape does nothing.
   */
  busy?: boolean;
  /** Where focus goes when the dialog closes, when not back to the control that had it before. */
  onCloseAutoFocus?: (event: Event) => void;
  /** Below the words: what it is about (the record to be deleted). */
  children?: ReactNode;
}

/** Asks before something a person wrote or kept is dropped or removed. */
export function ConfirmDialog({ open, title, description, keepLabel, confirmLabel, onKeep, onConfirm, busy, onCloseAutoFocus, children }: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !busy && onKeep()}>
      <AlertDialogContent onEscapeKeyDown={(event) => busy && event.preventDefault()} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel autoFocus disabled={busy}>
            {keepLabel}
          </AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={busy}
            aria-busy={busy}
            onClick={(event) => {
              if (busy !== undefined) event.preventDefault();
              onConfirm();
            }}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
