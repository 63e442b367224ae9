import { type MouseEvent, useState } from 'react';
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

interface DeleteConfirmDialogProps {
  open: boolean;
  /** Performs the delete; the dialog stays open, with its buttons disabled, until this settles. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

export function DeleteConfirmDialog({ open, onConfirm, onClose }: DeleteConfirmDialogProps) {
  const [isDeleting, setIsDeleting] = useState(false);

  async function handleDelete(event: MouseEvent<HTMLButtonElement>) {
    // Keep the dialog open while the delete runs; it closes once the outcome is known.
    event.preventDefault();
    setIsDeleting(true);
    try {
      await onConfirm();
    } catch {
      // The screen's delete handler reports failures (as a toast); the dialog's job is done either way.
    } finally {
      setIsDeleting(false);
      onClose();
    }
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(nextOpen) => {
        if (!nextOpen && !isDeleting) onClose();
      }}
    >
      <AlertDialogContent
        onEscapeKeyDown={(event) => {
          if (isDeleting) event.preventDefault();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure?</AlertDialogTitle>
          <AlertDialogDescription>
            This action cannot be undone. This will permanently delete the selected item.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={isDeleting}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={isDeleting}
            aria-busy={isDeleting}
            onClick={(event) => void handleDelete(event)}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
