import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { CheckboxField, Field } from '@/client/components/form/field';
import { FormActions, FormPage, FormSection } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { useUnsavedChanges } from '@/client/components/unsaved-changes';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { Textarea } from '@/client/components/ui/textarea';
import type { RouterOutputs } from '@/client/lib/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { NameDialog } from '@/client/components/person/name-dialog';
import { NOTE_NOT_ADDED, NotesEditor } from '@/client/components/person/notes-editor';
import { AddressSection, ContactSection, PersonalDetailsSection, ServicesSection } from '@/client/components/person/person-fields';
import { ATTENDANCE_ALLOWANCE, ATTENDANCE_ALLOWANCE_LABELS, DEFAULT_COUNTY, DEFAULT_LOCALITY, TOAST } from '@/shared/constants';
import { deprivationMessage } from '@/shared/deprivation';
import type { Note } from '@/shared/schemas/common';
import { clientForm } from '@/shared/schemas/people';
import { useBackToList } from '@/client/components/list-screen/saved-row';

type FormInput = z.input<typeof clientForm>;
type FormOutput = z.output<typeof clientForm>;
type StoredClient = RouterOutputs['clients']['getById'];

const EMPTY: FormInput = {
  archived: 'N',
  dateOfBirth: '',
  details: {
    name: '',
    address: { streetAddress: '', locality: DEFAULT_LOCALITY, county: DEFAULT_COUNTY, postCode: '', deprivation: { income: false, health: false } },
    phone: '',
    email: '',
    nextOfKin: '',
    services: [],
    attendsMag: false,
    notes: [],
    customId: '',
    donationScheme: false,
    donationAmount: 0,
    referredBy: '',
    clientAgreementDate: '',
    clientAgreementComments: '',
    riskAssessmentDate: '',
    riskAssessmentComments: '',
    endDate: '',
    attendanceAllowance: 'pending',
  },
};

/** Exactly the fields the form edits, from a stored client. */
function formValues({ archived, dateOfBirth, details }: StoredClient): FormInput {
  return { archived, dateOfBirth, details };
}

function ClientForm({ stored }: { stored?: StoredClient }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const backToSaved = useBackToList();
  const editing = Boolean(stored);
  const [version, setVersion] = useState(stored?.version);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(clientForm),
    defaultValues: stored ? formValues(stored) : EMPTY,
  });
  const { register, control, formState } = form;
  const errors = formState.errors.details;
  const [writingNote, setWritingNote] = useState(false);
  useEffect(() => {
    if (!writingNote) form.clearErrors('details.notes');
  }, [writingNote, form]);
  const { guard, leaveAfterSave } = useUnsavedChanges(formState.isDirty || writingNote);

  const create = useMutation(
    trpc.clients.create.mutationOptions({
      onSuccess: (client) => {
        toast(deprivationMessage(client.postcode, client.deprivationData), { duration: TOAST.deprivationMs, icon: 'ℹ️' });
        leaveAfterSave(() => backToSaved('/clients', client.id));
      },
    }),
  );
  const update = useMutation(trpc.clients.update.mutationOptions({ onSuccess: (saved) => leaveAfterSave(() => backToSaved('/clients', saved.id)) }));
  const rename = useMutation(trpc.clients.updateName.mutationOptions());

  const onSubmit = form.handleSubmit((values) => {
    if (writingNote) return form.setError('details.notes', { message: NOTE_NOT_ADDED });
    return stored ? update.mutate({ ...values, id: stored.id, version }) : create.mutate(values);
  });

  return (
    <FormPage title={editing ? 'Edit Client' : 'Add Client'}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <PersonalDetailsSection
            editing={editing}
            nameAction={
              stored && (
                <NameDialog
                  currentName={form.getValues('details.name')}
                  saving={rename.isPending}
                  onSave={async (newName) => {
                    const renamed = await rename.mutateAsync({ clientId: stored.id, newName, version });
                    setVersion(renamed.version);
                    form.resetField('details.name', { defaultValue: renamed.details.name });
                  }}
                />
              )
            }
          >
            <Field label="Client ID" hint="The charity's own reference, if it uses one" error={errors?.customId?.message}>
              <Input autoComplete="off" {...register('details.customId')} />
            </Field>
          </PersonalDetailsSection>

          <AddressSection editing={editing}>
            <div className="flex flex-col gap-2 sm:col-span-2">
              <p className="text-sm font-medium">Deprivation</p>
              <p className="text-xs text-muted-foreground">Set from the post code when the area is known; otherwise as ticked here.</p>
              <div className="flex flex-wrap gap-4">
                <CheckboxField label="Income deprivation" {...register('details.address.deprivation.income')} />
                <CheckboxField label="Health deprivation" {...register('details.address.deprivation.health')} />
              </div>
            </div>
          </AddressSection>

          <ContactSection />

          <ServicesSection title="Services & needs">
            <Field label="Attendance allowance" required error={errors?.attendanceAllowance?.message}>
              <NativeSelect {...register('details.attendanceAllowance')}>
                {ATTENDANCE_ALLOWANCE.map((value) => (
                  <option key={value} value={value}>
                    {ATTENDANCE_ALLOWANCE_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Referred by" error={errors?.referredBy?.message}>
              <Input autoComplete="off" {...register('details.referredBy')} />
            </Field>
            <CheckboxField label="In the donation scheme" {...register('details.donationScheme')} />
            <Field label="Donation amount (£)" error={errors?.donationAmount?.message}>
              <Input type="number" min={0} step={0.01} {...register('details.donationAmount', { valueAsNumber: true })} />
            </Field>
          </ServicesSection>

          <FormSection title="Agreements">
            <Field label="Client agreement date" error={errors?.clientAgreementDate?.message}>
              <Input type="date" {...register('details.clientAgreementDate')} />
            </Field>
            <Field label="Client agreement comments" error={errors?.clientAgreementComments?.message}>
              <Textarea rows={2} {...register('details.clientAgreementComments')} />
            </Field>
            <Field label="Risk assessment date" error={errors?.riskAssessmentDate?.message}>
              <Input type="date" {...register('details.riskAssessmentDate')} />
            </Field>
            <Field label="Risk assessment comments" error={errors?.riskAssessmentComments?.message}>
              <Textarea rows={2} {...register('details.riskAssessmentComments')} />
            </Field>
            <Field label="End date" hint="When the charity's care for this client ended, if it has" error={errors?.endDate?.message}>
              <Input type="date" {...register('details.endDate')} />
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
            onCancel={() => void navigate('/clients')}
            submitLabel={editing ? 'Update Client' : 'Create Client'}
            submitting={create.isPending || update.isPending}
          />
        </form>
      </FormProvider>
      {guard}
    </FormPage>
  );
}

export function CreateClientPage() {
  return <ClientForm />;
}

export function EditClientPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  // Always the latest version: a stale form would be refused on save.
  const client = useQuery({ ...trpc.clients.getById.queryOptions({ id }), staleTime: 0 });
  return (
    <LoadState query={client} errorText="Error loading client">
      {(stored) => <ClientForm key={stored.id} stored={stored} />}
    </LoadState>
  );
}
