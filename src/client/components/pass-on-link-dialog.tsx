import { CopyButton } from '@/client/components/copy-button';
import { Field } from '@/client/components/form/field';
import { Button } from '@/client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/client/components/ui/dialog';
import { Input } from '@/client/components/ui/input';

/** A link for someone to choose their password, handed to whoever issued it (a member of staff's or a carer's invitation) when no mail server can send it. */
export interface LinkToPassOn {
  name: string;
  email: string;
  link: string;
}

/** Shown once: the link is not stored where anyone could read it again. */
export function PassOnLinkDialog({ passOn, onClose }: { passOn: LinkToPassOn | null; onClose: () => void }) {
  return (
    <Dialog open={passOn !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Link for {passOn?.name}</DialogTitle>
          <DialogDescription>No mail server is set up: copy this link and pass it on</DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          Give it to {passOn?.email} alone, by a way only they read. It works once, and is not shown again.
        </p>
        <Field label="Link">
          <Input readOnly value={passOn?.link ?? ''} onFocus={(event) => event.currentTarget.select()} className="font-mono" />
        </Field>
        <DialogFooter>
          <CopyButton text={passOn?.link ?? ''} label="Copy link" copied="Link copied" />
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

