import type { ReactNode } from 'react';
import { Controller, type FieldErrors, useFormContext } from 'react-hook-form';
import { CheckboxField, Field } from '@/client/components/form/field';
import { FormSection } from '@/client/components/form/form-layout';
import { MultiSelect, toOptions } from '@/client/components/form/multi-select';
import { Input } from '@/client/components/ui/input';
import { ChoiceSelect } from '@/client/components/form/choice-select';
import { LOCALITIES, SERVICES } from '@/shared/constants';
import type { Note } from '@/shared/schemas/common';

/** The person-base fields of spec §3 that client, MP and volunteer forms share. */
export interface PersonFormValues {
  dateOfBirth: string;
  details: {
    name: string;
    address: { streetAddress: string; locality: string; county: string; postCode: string };
    phone: string;
    email: string;
    nextOfKin: string;
    services: string[];
    attendsMag: boolean;
    notes: Note[];
  };
}

const SERVICE_OPTIONS = toOptions(SERVICES);

export function usePersonForm() {
  const form = useFormContext<PersonFormValues>();
  const errors: FieldErrors<PersonFormValues> = form.formState.errors;
  return { form, errors };
}

/** Name and date of birth; on edit the name is read-only and changes through the Edit name dialog. */
export function PersonalDetailsSection({ editing, nameAction, children }: { editing: boolean; nameAction?: ReactNode; children?: ReactNode }) {
  const { form, errors } = usePersonForm();
  return (
    <FormSection title="Personal details">
      <div className="flex flex-col gap-2">
        <Field label="Name" required={!editing} error={errors.details?.name?.message}>
          <Input autoComplete="off" readOnly={editing} {...form.register('details.name')} />
        </Field>
        {editing && nameAction}
      </div>
      <Field label="Date of birth" required error={errors.dateOfBirth?.message}>
        <Input type="date" {...form.register('dateOfBirth')} />
      </Field>
      {children}
    </FormSection>
  );
}

/** Street, locality, county and post code; on edit the post code is read-only. */
export function AddressSection({ editing, children }: { editing: boolean; children?: ReactNode }) {
  const { form, errors } = usePersonForm();
  return (
    <FormSection title="Address">
      <Field label="Street address" className="sm:col-span-2" error={errors.details?.address?.streetAddress?.message}>
        <Input autoComplete="off" {...form.register('details.address.streetAddress')} />
      </Field>
      <Field label="Locality" required error={errors.details?.address?.locality?.message}>
        <ChoiceSelect choices={LOCALITIES} {...form.register('details.address.locality')} />
      </Field>
      <Field label="County" error={errors.details?.address?.county?.message}>
        <Input {...form.register('details.address.county')} />
      </Field>
      <Field label="Post code" required={!editing} error={errors.details?.address?.postCode?.message}>
        <Input readOnly={editing} autoComplete="off" className="uppercase" {...form.register('details.address.postCode')} />
      </Field>
      {children}
    </FormSection>
  );
}

export function ContactSection() {
  const { form, errors } = usePersonForm();
  return (
    <FormSection title="Contact">
      <Field label="Phone" error={errors.details?.phone?.message}>
        <Input type="tel" autoComplete="off" {...form.register('details.phone')} />
      </Field>
      <Field label="E-mail" error={errors.details?.email?.message}>
        <Input type="email" autoComplete="off" {...form.register('details.email')} />
      </Field>
      <Field label="Next of kin" className="sm:col-span-2" hint="Name, relationship and how to reach them" error={errors.details?.nextOfKin?.message}>
        <Input autoComplete="off" {...form.register('details.nextOfKin')} />
      </Field>
    </FormSection>
  );
}

/** Services multi-select and the attends-MAG flag, plus any resource-specific fields. */
export function ServicesSection({ title = 'Services', children }: { title?: string; children?: ReactNode }) {
  const { form, errors } = usePersonForm();
  return (
    <FormSection title={title}>
      <Field label="Services" className="sm:col-span-2" error={errors.details?.services?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="details.services"
            render={({ field }) => (
              <MultiSelect {...control} options={SERVICE_OPTIONS} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
        )}
      </Field>
      <CheckboxField label="Attends MAG sessions" {...form.register('details.attendsMag')} />
      {children}
    </FormSection>
  );
}
