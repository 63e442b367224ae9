import { useState } from 'react';
import { Field } from '@/client/components/form/field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';

/** "Edit name": names change only here, never through the edit form (spec §2.7). */
export function NameDialog({
  currentName,
  onSave,
  saving,
}: {
  currentName: string;
  onSave: (newName: string) => Promise<unknown>;
  saving: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string>();

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setName(currentName);
        setError(undefined);
      }}
    >
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Edit name
      </Button>
      <DialogContent>
        <form
          className="flex flex-col gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            // The dialog is portalled out of the edit form in the page, but React still bubbles its submit
            // event to that form: stop it here so Save saves the name only.
            event.stopPropagation();
            if (!name.trim()) return setError('Name is required');
            try {
              await onSave(name.trim());
              setOpen(false);
            } catch {
              // The failure is shown as a toast; the dialog stays open with what was typed.
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>Edit name</DialogTitle>
          </DialogHeader>
          <Field label="Name" required error={error}>
            <Input value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
