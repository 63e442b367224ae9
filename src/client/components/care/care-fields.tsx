import type { ComponentProps } from 'react';
import { Controller, type FieldErrors, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { CheckboxField, Field } from '@/client/components/form/field';
import { MultiSelect, toOptions } from '@/client/components/form/multi-select';
import { Input } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { MAX_WEEKLY_HOURS, SERVICES } from '@/shared/constants';
import { OPEN } from '@/shared/dates';

/** The fields request and package forms share, at the same paths in both. */
interface CareFormValues {
  archived: 'Y' | 'N';
  startDate: string;
  endDate: string;
  details: { weeklyHours: number; services: string[]; notes: string };
}

const SERVICE_OPTIONS = toOptions(SERVICES);

/** A record picked from a list: empty reads "<label> is required" rather than the id's format message. */
export const chosen = <T extends z.ZodType<unknown, string>>(id: T, label: string) =>
  z.string().trim().min(1, { message: `${label} is required` }).pipe(id);

function useCareForm() {
  const form = useFormContext<CareFormValues>();
  const errors: FieldErrors<CareFormValues> = form.formState.errors;
  return { form, errors };
}

/** An end date input where empty means open (ongoing). */
function EndDateInput({ value, onChange, ...props }: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return <Input type="date" {...props} value={value === OPEN ? '' : value} onChange={(e) => onChange(e.target.value || OPEN)} />;
}

export function StartDateField() {
  const { form, errors } = useCareForm();
  return (
    <Field label="Start date" required error={errors.startDate?.message}>
      <Input type="date" {...form.register('startDate')} />
    </Field>
  );
}

export function EndDateField() {
  const { form, errors } = useCareForm();
  return (
    <Field label="End date" hint="Leave empty while it is ongoing" error={errors.endDate?.message}>
      {(control) => (
        <Controller
          control={form.control}
          name="endDate"
          render={({ field }) => <EndDateInput {...control} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
        />
      )}
    </Field>
  );
}

export function WeeklyHoursField() {
  const { form, errors } = useCareForm();
  return (
    <Field label="Weekly hours" required error={errors.details?.weeklyHours?.message}>
      <Input type="number" inputMode="decimal" min={0} max={MAX_WEEKLY_HOURS} step={0.5} {...form.register('details.weeklyHours', { valueAsNumber: true })} />
    </Field>
  );
}

export function ServicesField() {
  const { form, errors } = useCareForm();
  return (
    <Field label="Services" className="sm:col-span-2" error={errors.details?.services?.message}>
      {(control) => (
        <Controller
          control={form.control}
          name="details.services"
          render={({ field }) => <MultiSelect {...control} options={SERVICE_OPTIONS} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
        />
      )}
    </Field>
  );
}

export function NotesField() {
  const { form, errors } = useCareForm();
  return (
    <Field label="Notes" className="sm:col-span-2" error={errors.details?.notes?.message}>
      <Textarea rows={3} {...form.register('details.notes')} />
    </Field>
  );
}

/** Requests and packages have no archive action in their lists: an edit archives or restores one. */
export function ArchivedField({ what }: { what: string }) {
  const { form } = useCareForm();
  return (
    <Controller
      control={form.control}
      name="archived"
      render={({ field }) => (
        <CheckboxField
          label={`Archive this ${what}`}
          className="sm:col-span-2"
          checked={field.value === 'Y'}
          onChange={(e) => field.onChange(e.target.checked ? 'Y' : 'N')}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
