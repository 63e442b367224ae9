import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
import { DialogFooter } from '@/client/components/ui/dialog';
import { cn } from '@/client/lib/utils';

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** A form screen: title, sections, and Cancel beside the submit button. */
export function FormPage({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('mx-auto flex w-full max-w-4xl flex-col gap-6 p-4 md:p-6', className)}>
      <PageHeader title={title} />
      {children}
    </div>
  );
}

export function FormSection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2 className="text-base font-semibold">{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className={cn('grid gap-4 sm:grid-cols-2', className)}>{children}</CardContent>
    </Card>
  );
}

export function FormActions({
  onCancel,
  submitLabel,
  submittingLabel,
  submitting,
}: {
  onCancel: () => void;
  submitLabel: string;
  submittingLabel?: string;
  submitting: boolean;
}) {
  return (
    <div className="sticky bottom-0 -mx-4 flex justify-end gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton submitting={submitting} label={submitLabel} submittingLabel={submittingLabel ?? submitLabel} />
    </div>
  );
}

/** What stopped the whole form (the server's refusal, most often), said inside it. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** A dialog form's Cancel and submit buttons. */
export function DialogFormActions({ onCancel, submitLabel, submittingLabel, submitting }: { onCancel: () => void; submitLabel: string; submittingLabel: string; submitting: boolean }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton submitting={submitting} label={submitLabel} submittingLabel={submittingLabel} />
    </DialogFooter>
  );
}

/** A form's submit button: disabled, and saying what is happening, while the form is being sent. */
export function SubmitButton({
  submitting,
  label,
  submittingLabel,
  icon,
  ...button
}: { submitting: boolean; label: string; submittingLabel: string; icon?: ReactNode } & Pick<ComponentProps<typeof Button>, 'className' | 'variant'>) {
  return (
    <Button type="submit" disabled={submitting} {...button}>
      {icon}
      {submitting ? submittingLabel : label}
    </Button>
  );
}
