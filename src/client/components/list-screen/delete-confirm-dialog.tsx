import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/client/components/confirm-dialog';

interface DeleteConfirmDialogProps {
  open: boolean;
  /** Performs the delete; the dialog stays open, with its buttons disabled, until this settles. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /**
   * The control that opened the dialog, focused again when the dialog closes without a delete.
   * Needed because the dialog is opened from a menu item, which is gone by the time it closes.
   */
  returnFocusTo: () => HTMLElement | null;
  /** Where focus goes after a delete, since the opener belonged to the deleted item. */
  focusAfterDelete: () => HTMLElement | null;
  /** The record, named below the specification's words ("Ann Smith", "the package … from 3 Mar 2026"). */
  itemName?: string;
}

export function DeleteConfirmDialog({ open, onConfirm, onClose, returnFocusTo, focusAfterDelete, itemName }: DeleteConfirmDialogProps) {
  const [isDeleting, setIsDeleting] = useState(false);
  const deletedRef = useRef(false);

  async function handleDelete() {
    setIsDeleting(true);
    try {
      await onConfirm();
      deletedRef.current = true;
    } catch {
      // The screen's delete handler reports failures (as a toast); the dialog's job is done either way.
    } finally {
      setIsDeleting(false);
      onClose();
    }
  }

  return (
    <ConfirmDialog
      open={open}
      title="Are you sure?"
      description="This action cannot be undone. This will permanently delete the selected item."
      keepLabel="Cancel"
      confirmLabel="Delete"
      onKeep={onClose}
      // Busy keeps the dialog open while the delete runs; it closes once the outcome is known.
      onConfirm={() => void handleDelete()}
      busy={isDeleting}
      onCloseAutoFocus={(event) => {
        const candidates = deletedRef.current ? [focusAfterDelete()] : [returnFocusTo(), focusAfterDelete()];
        deletedRef.current = false;
        const target = candidates.find((element) => element?.isConnected);
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }}
    >
      {itemName && (
        <p className="text-sm">
          Delete <span className="font-medium">{itemName}</span>
        </p>
      )}
    </ConfirmDialog>
  );
}
