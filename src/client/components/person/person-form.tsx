import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, type DefaultValues, type FieldValues, FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormActions, FormPage, FormSection } from '@/client/components/form/form-layout';
import { useBackToList } from '@/client/components/list-screen/saved-row';
import { useUnsavedChanges, useVersionedDraft } from '@/client/components/unsaved-changes';
import { DEFAULT_COUNTY, DEFAULT_LOCALITY } from '@/shared/constants';
import type { Note } from '@/shared/schemas/common';
import { NameDialog } from './name-dialog';
import { NOTE_NOT_ADDED, NotesEditor } from './notes-editor';
import { AddressSection, ContactSection, type PersonFormValues, PersonalDetailsSection, ServicesSection } from './person-fields';

/** What the fields every person form has start as, on an add form. */
export const NEW_PERSON = {
  archived: 'N' as const,
  dateOfBirth: '',
  details: {
    name: '',
    address: { streetAddress: '', locality: DEFAULT_LOCALITY, county: DEFAULT_COUNTY, postCode: '' },
    phone: '',
    email: '',
    nextOfKin: '',
    services: [],
    attendsMag: false,
    notes: [],
  },
};

/** The form state of a person form, checked by its shared zod schema. */
export function usePersonForm<Input extends FieldValues, Output extends FieldValues>(schema: z.ZodType<Output, Input>, values: DefaultValues<Input>) {
  return useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues: values });
}

/** A save that goes back to the list once the record is saved. */
interface SaveMutation<Values> {
  mutate: (values: Values, options: { onSuccess: (saved: { id: string }) => void }) => void;
  isPending: boolean;
}

/** The record being edited: what the form sends back so a stale edit is refused. */
interface StoredPerson {
  id: string;
  version: number;
}

/**
 * The add and edit form of a client, MP or volunteer: the shared sections around each form's own fields,
 * the Edit name dialog, the notes (a note still being written stops the save), and the unsaved-changes guard.
 */
export function PersonForm<Input extends FieldValues, Output>({
  form,
  noun,
  listPath,
  stored,
  create,
  update,
  rename,
  personalFields,
  addressFields,
  servicesTitle,
  serviceFields,
  children,
}: {
  form: UseFormReturn<Input, unknown, Output>;
  /** "Client", "MP" or "Volunteer", in the title and the submit button. */
  noun: string;
  listPath: string;
  stored?: StoredPerson;
  create: SaveMutation<Output>;
  update: SaveMutation<Output & { id: string; version: number | undefined }>;
  rename: {
    save: (id: string, newName: string, version: number | undefined) => Promise<{ version: number; details: { name: string } }>;
    pending: boolean;
  };
  personalFields: ReactNode;
  addressFields?: ReactNode;
  servicesTitle?: string;
  serviceFields?: ReactNode;
  /** The form's own sections, between the services and the notes. */
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const backToSaved = useBackToList();
  // The fields every person form has, whatever else its schema holds.
  const person = form as unknown as UseFormReturn<PersonFormValues>;
  const editing = Boolean(stored);
  const { version, setVersion, draft } = useVersionedDraft(form, stored?.version);
  const [writingNote, setWritingNote] = useState(false);
  useEffect(() => {
    if (!writingNote) person.clearErrors('details.notes');
  }, [writingNote, person]);
  const { guard, leaveAfterSave } = useUnsavedChanges(form.formState.isDirty || writingNote, { draft });
  const savedBackToList = { onSuccess: (saved: { id: string }) => leaveAfterSave(() => backToSaved(listPath, saved.id)) };

  const onSubmit = form.handleSubmit((values) => {
    if (writingNote) return person.setError('details.notes', { message: NOTE_NOT_ADDED });
    return stored ? update.mutate({ ...values, id: stored.id, version }, savedBackToList) : create.mutate(values, savedBackToList);
  });

  return (
    <FormPage title={editing ? `Edit ${noun}` : `Add ${noun}`}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <PersonalDetailsSection
            editing={editing}
            nameAction={
              stored && (
                <NameDialog
                  currentName={person.getValues('details.name')}
                  saving={rename.pending}
                  onSave={async (newName) => {
                    const renamed = await rename.save(stored.id, newName, version);
                    setVersion(renamed.version);
                    person.resetField('details.name', { defaultValue: renamed.details.name });
                  }}
                />
              )
            }
          >
            {personalFields}
          </PersonalDetailsSection>
          <AddressSection editing={editing}>{addressFields}</AddressSection>
          <ContactSection />
          <ServicesSection title={servicesTitle}>{serviceFields}</ServicesSection>
          {children}
          <FormSection title="Notes" className="sm:grid-cols-1">
            <Controller
              control={person.control}
              name="details.notes"
              render={({ field, fieldState }) => (
                <NotesEditor value={(field.value ?? []) as Note[]} onChange={field.onChange} error={fieldState.error?.message} onPendingChange={setWritingNote} />
              )}
            />
          </FormSection>
          <FormActions
            onCancel={() => void navigate(listPath)}
            submitLabel={editing ? `Update ${noun}` : `Create ${noun}`}
            submitting={create.isPending || update.isPending}
          />
        </form>
      </FormProvider>
      {guard}
    </FormPage>
  );
}
