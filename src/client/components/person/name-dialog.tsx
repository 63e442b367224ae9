import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '@/client/components/form/field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';
import { newName } from '@/shared/schemas/people';

/** The name as the server takes it: the rename procedures' rule. */
const nameForm = z.object({ newName });

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
  const { register, handleSubmit, formState, reset } = useForm<z.input<typeof nameForm>, unknown, z.output<typeof nameForm>>({
    resolver: zodResolver(nameForm),
    defaultValues: { newName: currentName },
  });
  const save = handleSubmit(async (values) => {
    try {
      await onSave(values.newName);
      setOpen(false);
    } catch {
      // The failure is shown as a toast; the dialog stays open with what was typed.
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        reset({ newName: currentName });
      }}
    >
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        Edit name
      </Button>
      <DialogContent>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            // The dialog is portalled out of the edit form in the page, but React still bubbles its submit
            // event to that form: stop it here so Save saves the name only.
            event.stopPropagation();
            void save(event);
          }}
        >
          <DialogHeader>
            <DialogTitle>Edit name</DialogTitle>
          </DialogHeader>
          <Field label="Name" required error={formState.errors.newName?.message}>
            <Input autoFocus {...register('newName')} />
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
