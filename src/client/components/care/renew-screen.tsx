import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import type { DecorateMutationProcedure, ResolverDef } from '@trpc/tanstack-react-query';
import type { FormEvent, ReactNode } from 'react';
import { Controller, type DefaultValues, type FieldValues, FormProvider, useForm, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '@/client/components/form/field';
import { FormActions, FormPage, FormSection } from '@/client/components/form/form-layout';
import { Input } from '@/client/components/ui/input';
import { formDraft } from '@/client/components/unsaved-changes';
import { type Renewable, renewalDates, renewalRefusal } from '@/shared/care';
import { todayIn } from '@/shared/dates';
import { optionalDate, requiredDate } from '@/shared/schemas/common';
import { NotesField, ServicesField, WeeklyHoursField } from './care-fields';
import { CARE_ITEMS, type CareItem } from './care-items';
import { useCareFormExit } from './use-care-form';

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


/** What a renewal sends of the old item: which one, at which version, and the day it ends. */
export interface EndingItem {
  id: string;
  version: number;
  endDate: string;
}

/** What a renewal sends of the new item: its start (none follows the old end date) and details. */
export interface NewItem<D> {
  startDate: string | undefined;
  details: D;
}

/** The new item's start date: shows the old end date until the user picks another. */
function RenewStartDateField({ what }: { what: CareItem }) {
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
 * The renew screen of spec §2.7 for requests and packages: the current (ending) item and the new one side by
 * side, stacked on narrow screens, with Renew ("Renewing..." while working). After the renewal it returns
 * to the list, which marks the new item.
 */
export function RenewScreen<Input extends FieldValues, Output extends RenewDates & { details: unknown }, TDef extends ResolverDef>({
  what,
  item,
  schema,
  defaultValues,
  summary,
  fields,
  address,
  more,
  procedure,
  toInput,
  renewedId,
  onError,
}: {
  what: CareItem;
  item: Renewable & { id: string; version: number };
  /** The form: renewForm(details), with anything the renewal asks besides. */
  schema: z.ZodType<Output, Input>;
  defaultValues: Input;
  /** The current item, read-only. */
  summary: ReactNode;
  /** The new item's own fields, between its weekly hours and services. */
  fields: ReactNode;
  address: ReactNode;
  /** Sections after the notes. */
  more?: ReactNode;
  /** The renew procedure, and what it is sent and answers. */
  procedure: DecorateMutationProcedure<TDef>;
  toInput: (ending: EndingItem, renewed: NewItem<Output['details']>, values: Output) => TDef['input'];
  renewedId: (answer: TDef['output']) => string;
  /** Told of a refusal (besides the error toast), for a screen that answers some in place. */
  onError?: (error: unknown) => void;
}) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues: defaultValues as DefaultValues<Input> });
  const exit = useCareFormExit(what, form.formState.isDirty, formDraft(form));
  const renew = useMutation(procedure.mutationOptions({ onSuccess: (answer) => exit.afterSave({ id: renewedId(answer) }), onError }));

  return (
    <FormProvider {...form}>
      <RenewLayout
        what={what}
        item={item}
        summary={summary}
        renewing={renew.isPending}
        onCancel={exit.cancel}
        onSubmit={form.handleSubmit((values) =>
          renew.mutate(
            toInput({ id: item.id, version: item.version, endDate: values.endDate }, { startDate: values.startDate || undefined, details: values.details }, values),
          ),
        )}
      >
        <FormSection title={`New ${what}`}>
          <RenewStartDateField what={what} />
          <WeeklyHoursField />
          {fields}
          <ServicesField />
        </FormSection>
        {address}
        <FormSection title="Notes" className="sm:grid-cols-1">
          <NotesField />
        </FormSection>
        {more}
      </RenewLayout>
      {exit.guard}
    </FormProvider>
  );
}

/** The two columns, the server's refusal as the dates are edited, and the actions. */
function RenewLayout({
  what,
  item,
  summary,
  children,
  renewing,
  onCancel,
  onSubmit,
}: {
  what: CareItem;
  item: Renewable;
  summary: ReactNode;
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

  return (
    <FormPage title={`Renew ${CARE_ITEMS[what].one}`} className="max-w-6xl">
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
