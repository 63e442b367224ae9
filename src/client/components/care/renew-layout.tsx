import type { FormEvent, ReactNode } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '@/client/components/form/field';
import { FormActions, FormPage, FormSection } from '@/client/components/form/form-layout';
import { Input } from '@/client/components/ui/input';
import { type Renewable, renewalDates, renewalRefusal } from '@/shared/care';
import { todayIn } from '@/shared/dates';
import { optionalDate, requiredDate } from '@/shared/schemas/common';

/**
 * A renew form: the old item's end date, the new item's start date ('' while it follows the end date,
 * as the server does when none is sent) and the new item's details.
 */
export function renewForm<D extends z.ZodType>(details: D) {
  return z.object({ endDate: requiredDate('End date'), startDate: optionalDate, details });
}

interface RenewDates {
  endDate: string;
  startDate: string;
}

type What = 'request' | 'package';

/** The new item's start date: shows the old end date until the user picks another. */
export function RenewStartDateField({ what }: { what: What }) {
  const { control, watch, formState } = useFormContext<RenewDates>();
  const endDate = watch('endDate');
  return (
    <Field label="Start date" required hint={`The day the old ${what} ends, unless you choose another`} error={formState.errors.startDate?.message}>
      {(aria) => (
        <Controller
          control={control}
          name="startDate"
          render={({ field }) => (
            <Input {...aria} type="date" name={field.name} ref={field.ref} value={field.value || endDate} onChange={field.onChange} onBlur={field.onBlur} />
          )}
        />
      )}
    </Field>
  );
}

/**
 * The renew screen of spec §2.7: the current (ending) item and the new one side by side, stacked on narrow
 * screens, with Renew ("Renewing..." while working). Render it inside the form's FormProvider.
 */
export function RenewLayout({
  what,
  item,
  summary,
  children,
  renewing,
  onCancel,
  onSubmit,
}: {
  what: What;
  item: Renewable;
  /** The current item, read-only. */
  summary: ReactNode;
  /** The new item's sections; the first holds RenewStartDateField. */
  children: ReactNode;
  renewing: boolean;
  onCancel: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { register, watch, formState } = useFormContext<RenewDates>();
  const today = todayIn();
  const [endDate, startDate] = watch(['endDate', 'startDate']);
  // The server's own rule, shown as the user edits the dates.
  const refusal = renewalRefusal(what, item, renewalDates({ oldEndDate: endDate || undefined, newStartDate: startDate || undefined }, today), today);
  const title = what === 'request' ? 'Renew Request' : 'Renew Package';

  return (
    <FormPage title={title} className="max-w-6xl">
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          if (refusal) return event.preventDefault();
          onSubmit(event);
        }}
      >
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <section aria-label={`Current ${what}`} className="flex flex-col gap-6">
            <FormSection title={`Current ${what} (ending)`} className="sm:grid-cols-1">
              {summary}
              <Field label="End date" required hint="Today, unless it ended on another day" error={formState.errors.endDate?.message}>
                <Input type="date" {...register('endDate')} />
              </Field>
            </FormSection>
          </section>
          <section aria-label={`New ${what}`} className="flex flex-col gap-6">
            {children}
          </section>
        </div>
        {refusal && (
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 p-4 text-sm text-destructive">
            {refusal}
          </p>
        )}
        <FormActions onCancel={onCancel} submitLabel="Renew" submittingLabel="Renewing..." submitting={renewing} />
      </form>
    </FormPage>
  );
}
