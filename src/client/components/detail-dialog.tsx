import { type ReactNode, useRef, useState } from 'react';
import { DeleteConfirmDialog } from '@/client/components/list-screen/delete-confirm-dialog';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/components/ui/tabs';

export interface DetailTab {
  value: string;
  label: string;
  content: ReactNode;
}

/** The view dialog of a record (spec §2.6): tabs, then Edit, Delete (confirmed) and Close. */
export function DetailDialog({
  open,
  onOpenChange,
  title,
  description,
  tabs,
  status,
  onEdit,
  onDelete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** Undefined while loading or failed: `status` shows instead. */
  tabs: DetailTab[] | undefined;
  status?: ReactNode;
  onEdit?: () => void;
  onDelete?: () => Promise<unknown>;
}) {
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent showCloseButton={false} className="flex max-h-[calc(100dvh-2rem)] flex-col sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={description ? undefined : 'sr-only'}>{description ?? `Details of ${title}`}</DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto">
          {tabs ? (
            <Tabs defaultValue={tabs[0]?.value}>
              <TabsList className="w-full justify-start">
                {tabs.map((tab) => (
                  <TabsTrigger key={tab.value} value={tab.value} className="flex-none">
                    {tab.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              {tabs.map((tab) => (
                <TabsContent key={tab.value} value={tab.value} className="pt-3">
                  {tab.content}
                </TabsContent>
              ))}
            </Tabs>
          ) : (
            status
          )}
        </div>
        <DialogFooter>
          {onEdit && tabs && (
            <Button variant="outline" onClick={onEdit}>
              Edit
            </Button>
          )}
          {onDelete && tabs && (
            <Button ref={deleteButton} variant="destructive" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          )}
          <Button ref={closeButton} variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </DialogFooter>
        {onDelete && (
          <DeleteConfirmDialog
            open={confirming}
            onClose={() => setConfirming(false)}
            onConfirm={async () => {
              await onDelete();
              onOpenChange(false);
            }}
            returnFocusTo={() => deleteButton.current}
            focusAfterDelete={() => closeButton.current}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A label and value pair in a detail tab. */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children || '—'}</dd>
    </div>
  );
}

export function DetailGrid({ children }: { children: ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{children}</p>;
}
