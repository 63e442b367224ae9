import type { ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/components/ui/card';
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
      <Button type="submit" disabled={submitting}>
        {submitting && submittingLabel ? submittingLabel : submitLabel}
      </Button>
    </div>
  );
}
