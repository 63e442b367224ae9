import type { ComponentProps, ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { useUnsavedInDialog } from '@/client/components/unsaved-changes';

/**
 * What a guarded dialog's content is given: `close` and `confirmThen` ask first while something in it is unsaved
 * (a form reports that with useReportUnsaved).
 */
export interface DialogGuard {
  close: () => void;
  confirmThen: (action: () => void) => void;
}

/**
 * A dialog whose content may hold unsaved work (a form, a note being written): closing it, or any step the content
 * passes through `confirmThen`, asks "Leave without saving?" first. The one such dialog: record views and forms in
 * dialogs alike.
 */
export function GuardedDialog({
  open,
  onOpenChange,
  title,
  description,
  hideDescription = false,
  contentProps,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The description is for screen readers only. */
  hideDescription?: boolean;
  contentProps?: ComponentProps<typeof DialogContent>;
  children: (guard: DialogGuard) => ReactNode;
}) {
  const unsaved = useUnsavedInDialog();
  const close = () => unsaved.confirmThen(() => onOpenChange(false));
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent {...contentProps}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={hideDescription ? 'sr-only' : undefined}>{description}</DialogDescription>
        </DialogHeader>
        {unsaved.scope(children({ close, confirmThen: unsaved.confirmThen }))}
        {unsaved.prompt}
      </DialogContent>
    </Dialog>
  );
}
