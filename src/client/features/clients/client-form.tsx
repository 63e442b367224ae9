import { useMutation, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { CheckboxField, Field } from '@/client/components/form/field';
import { FormSection } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { NEW_PERSON, PersonForm, usePersonForm } from '@/client/components/person/person-form';
import { Input } from '@/client/components/ui/input';
import { ChoiceSelect } from '@/client/components/form/choice-select';
import { Textarea } from '@/client/components/ui/textarea';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { ATTENDANCE_ALLOWANCE, ATTENDANCE_ALLOWANCE_LABELS, TOAST } from '@/shared/constants';
import { deprivationMessage } from '@/shared/deprivation';
import { clientForm } from '@/shared/schemas/people';

type FormInput = z.input<typeof clientForm>;
type StoredClient = RouterOutputs['clients']['getById'];

const EMPTY: FormInput = {
  ...NEW_PERSON,
  details: {
    ...NEW_PERSON.details,
    address: { ...NEW_PERSON.details.address, deprivation: { income: false, health: false } },
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

/** Exactly the fields the form edits, from a stored client (a save of its notes alone sends them too). */
export function formValues({ archived, dateOfBirth, details }: StoredClient): FormInput {
  return { archived, dateOfBirth, details };
}

function ClientForm({ stored }: { stored?: StoredClient }) {
  const trpc = useTRPC();
  const form = usePersonForm(clientForm, stored ? formValues(stored) : EMPTY);
  const { register } = form;
  const errors = form.formState.errors.details;
  const create = useMutation(
    trpc.clients.create.mutationOptions({
      onSuccess: (client) => toast(deprivationMessage(client.postcode, client.deprivationData), { duration: TOAST.deprivationMs, icon: 'ℹ️' }),
    }),
  );
  const update = useMutation(trpc.clients.update.mutationOptions());
  const rename = useMutation(trpc.clients.updateName.mutationOptions());

  return (
    <PersonForm
      form={form}
      noun="Client"
      listPath="/clients"
      stored={stored}
      create={create}
      update={update}
      rename={{ save: (clientId, newName, version) => rename.mutateAsync({ clientId, newName, version }), pending: rename.isPending }}
      personalFields={
        <Field label="Client ID" hint="The charity's own reference, if it uses one" error={errors?.customId?.message}>
          <Input autoComplete="off" {...register('details.customId')} />
        </Field>
      }
      addressFields={
        <div className="flex flex-col gap-2 sm:col-span-2">
          <p className="text-sm font-medium">Deprivation</p>
          <p className="text-xs text-muted-foreground">Set from the post code when the area is known; otherwise as ticked here.</p>
          <div className="flex flex-wrap gap-4">
            <CheckboxField label="Income deprivation" {...register('details.address.deprivation.income')} />
            <CheckboxField label="Health deprivation" {...register('details.address.deprivation.health')} />
          </div>
        </div>
      }
      servicesTitle="Services & needs"
      serviceFields={
        <>
          <Field label="Attendance allowance" required error={errors?.attendanceAllowance?.message}>
            <ChoiceSelect choices={ATTENDANCE_ALLOWANCE} wordsOf={(value) => ATTENDANCE_ALLOWANCE_LABELS[value]} {...register('details.attendanceAllowance')} />
          </Field>
          <Field label="Referred by" error={errors?.referredBy?.message}>
            <Input autoComplete="off" {...register('details.referredBy')} />
          </Field>
          <CheckboxField label="In the donation scheme" {...register('details.donationScheme')} />
          <Field label="Donation amount (£)" error={errors?.donationAmount?.message}>
            <Input type="number" min={0} step={0.01} {...register('details.donationAmount', { valueAsNumber: true })} />
          </Field>
        </>
      }
    >
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
    </PersonForm>
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
