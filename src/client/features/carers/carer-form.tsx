import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { Field } from '@/client/components/form/field';
import { FormActions, FormPage, FormSection } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { useUnsavedChanges } from '@/client/components/unsaved-changes';
import { Input } from '@/client/components/ui/input';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { NameDialog } from '@/client/components/person/name-dialog';
import { NOTE_NOT_ADDED, NotesEditor } from '@/client/components/person/notes-editor';
import { AddressSection, ContactSection, PersonalDetailsSection, ServicesSection } from '@/client/components/person/person-fields';
import { DEFAULT_COUNTY, DEFAULT_LOCALITY } from '@/shared/constants';
import type { Note } from '@/shared/schemas/common';
import { carerForm } from '@/shared/schemas/people';
import { CARER_KINDS, type CarerKind } from '@/client/components/carer/carer-kind';
import { useCarerApi } from '@/client/components/carer/use-carer-api';
import { useBackToList } from '@/client/components/list-screen/saved-row';

type FormInput = z.input<typeof carerForm>;
type FormOutput = z.output<typeof carerForm>;
type StoredCarer = RouterOutputs['mps']['getById'];

const EMPTY: FormInput = {
  archived: 'N',
  dateOfBirth: '',
  dbsExpiry: '',
  publicLiabilityExpiry: '',
  details: {
    name: '',
    address: { streetAddress: '', locality: DEFAULT_LOCALITY, county: DEFAULT_COUNTY, postCode: '' },
    phone: '',
    email: '',
    nextOfKin: '',
    services: [],
    attendsMag: false,
    notes: [],
    capacity: '',
  },
};

function formValues({ archived, dateOfBirth, dbsExpiry, publicLiabilityExpiry, details }: StoredCarer): FormInput {
  return { archived, dateOfBirth, dbsExpiry, publicLiabilityExpiry, details };
}

function CarerForm({ kind, stored }: { kind: CarerKind; stored?: StoredCarer }) {
  const trpc = useTRPC();
  const api = useCarerApi(kind);
  const words = CARER_KINDS[kind];
  const navigate = useNavigate();
  const editing = Boolean(stored);
  const [version, setVersion] = useState(stored?.version);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(carerForm),
    defaultValues: stored ? formValues(stored) : EMPTY,
  });
  const { register, control, formState } = form;
  const [writingNote, setWritingNote] = useState(false);
  useEffect(() => {
    if (!writingNote) form.clearErrors('details.notes');
  }, [writingNote, form]);
  const { guard, leaveAfterSave } = useUnsavedChanges(formState.isDirty || writingNote);
  const backToList = () => void navigate(words.path);
  const backToSaved = useBackToList();
  const savedBackToList = (saved: { id: string }) => leaveAfterSave(() => backToSaved(words.path, saved.id));

  const create = useMutation(api.create.mutationOptions({ onSuccess: savedBackToList }));
  const update = useMutation(api.update.mutationOptions({ onSuccess: savedBackToList }));
  const renameMp = useMutation(trpc.mps.updateName.mutationOptions());
  const renameVolunteer = useMutation(trpc.volunteers.updateName.mutationOptions());
  const rename = (id: string, newName: string) =>
    kind === 'mp'
      ? renameMp.mutateAsync({ mpId: id, newName, version })
      : renameVolunteer.mutateAsync({ volunteerId: id, newName, version });

  const onSubmit = form.handleSubmit((values) => {
    if (writingNote) return form.setError('details.notes', { message: NOTE_NOT_ADDED });
    return stored ? update.mutate({ ...values, id: stored.id, version }) : create.mutate(values);
  });

  return (
    <FormPage title={editing ? `Edit ${words.one}` : `Add ${words.one}`}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <PersonalDetailsSection
            editing={editing}
            nameAction={
              stored && (
                <NameDialog
                  currentName={form.getValues('details.name')}
                  saving={renameMp.isPending || renameVolunteer.isPending}
                  onSave={async (newName) => {
                    const renamed = await rename(stored.id, newName);
                    setVersion(renamed.version);
                    form.resetField('details.name', { defaultValue: renamed.details.name });
                  }}
                />
              )
            }
          >
            <Field label="Capacity" hint="For example Full Time or Part Time" error={formState.errors.details?.capacity?.message}>
              <Input list="capacity-suggestions" autoComplete="off" {...register('details.capacity')} />
            </Field>
            <datalist id="capacity-suggestions">
              <option value="Full Time" />
              <option value="Part Time" />
              <option value="Occasional" />
            </datalist>
          </PersonalDetailsSection>
          <AddressSection editing={editing} />
          <ContactSection />
          <ServicesSection />
          <FormSection title="Checks">
            <Field label="DBS expiry" hint="Leave empty when there is no DBS check" error={formState.errors.dbsExpiry?.message}>
              <Input type="date" {...register('dbsExpiry')} />
            </Field>
            <Field label="Public liability expiry" error={formState.errors.publicLiabilityExpiry?.message}>
              <Input type="date" {...register('publicLiabilityExpiry')} />
            </Field>
          </FormSection>
          <FormSection title="Notes" className="sm:grid-cols-1">
            <Controller
              control={control}
              name="details.notes"
              render={({ field, fieldState }) => (
                <NotesEditor value={(field.value ?? []) as Note[]} onChange={field.onChange} error={fieldState.error?.message} onPendingChange={setWritingNote} />
              )}
            />
          </FormSection>
          <FormActions
            onCancel={backToList}
            submitLabel={editing ? `Update ${words.one}` : `Create ${words.one}`}
            submitting={create.isPending || update.isPending}
          />
        </form>
      </FormProvider>
      {guard}
    </FormPage>
  );
}

export function CreateCarerPage({ kind }: { kind: CarerKind }) {
  return <CarerForm kind={kind} />;
}

export function EditCarerPage({ kind }: { kind: CarerKind }) {
  const { id = '' } = useParams();
  const api = useCarerApi(kind);
  const carer = useQuery({ ...api.getById.queryOptions({ id }), staleTime: 0 });
  return (
    <LoadState query={carer} errorText={CARER_KINDS[kind].itemError}>
      {(stored) => <CarerForm key={stored.id} kind={kind} stored={stored} />}
    </LoadState>
  );
}
