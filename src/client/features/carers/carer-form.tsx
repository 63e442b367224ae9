import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { z } from 'zod';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { type CarerKind } from '@/shared/carer-kind';
import { useCarerApi } from '@/client/components/carer-record/use-carer-api';
import { Field } from '@/client/components/form/field';
import { FormSection } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { NEW_PERSON, PersonForm, usePersonForm } from '@/client/components/person/person-form';
import { Input } from '@/client/components/ui/input';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { MAX_WEEKLY_HOURS } from '@/shared/constants';
import { carerForm } from '@/shared/schemas/people';
import { CarerAppItem } from './carer-app-item';
import { DbsSection } from './dbs-fields';

type FormInput = z.input<typeof carerForm>;
type StoredCarer = RouterOutputs['mps']['getById'];

const EMPTY: FormInput = {
  ...NEW_PERSON,
  dbsExpiry: '',
  dbs: { certificateNumber: '', issueDate: '', level: '', updateService: false, updateServiceCheckedOn: '', expiryEnteredByHand: false },
  publicLiabilityExpiry: '',
  details: { ...NEW_PERSON.details, capacity: '', weeklyHoursAvailable: null },
};

/** What a read gives back to update: the certificate number stays masked, which keeps the stored one. */
export function formValues({ archived, dateOfBirth, dbsExpiry, dbs, publicLiabilityExpiry, details }: StoredCarer): FormInput {
  return { archived, dateOfBirth, dbsExpiry, dbs, publicLiabilityExpiry, details };
}

/** An empty box is "not recorded" (null), not 0. */
const hoursOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

function CarerForm({ kind, stored }: { kind: CarerKind; stored?: StoredCarer }) {
  const trpc = useTRPC();
  const api = useCarerApi(kind);
  const words = CARER_KINDS[kind];
  const form = usePersonForm(carerForm, stored ? formValues(stored) : EMPTY);
  const { register, formState } = form;
  const create = useMutation(api.create.mutationOptions());
  const update = useMutation(api.update.mutationOptions());
  const renameMp = useMutation(trpc.mps.updateName.mutationOptions());
  const renameVolunteer = useMutation(trpc.volunteers.updateName.mutationOptions());
  const rename = (id: string, newName: string, version: number | undefined) =>
    kind === 'mp'
      ? renameMp.mutateAsync({ mpId: id, newName, version })
      : renameVolunteer.mutateAsync({ volunteerId: id, newName, version });

  return (
    <PersonForm
      form={form}
      noun={words.one}
      listPath={words.path}
      stored={stored}
      create={create}
      update={update}
      rename={{ save: rename, pending: renameMp.isPending || renameVolunteer.isPending }}
      personalFields={
        <>
          <Field label="Capacity" hint="For example Full Time or Part Time" error={formState.errors.details?.capacity?.message}>
            <Input list="capacity-suggestions" autoComplete="off" {...register('details.capacity')} />
          </Field>
          <datalist id="capacity-suggestions">
            <option value="Full Time" />
            <option value="Part Time" />
            <option value="Occasional" />
          </datalist>
          <Field
            label="Weekly hours available"
            hint="Hours a week they can give, used to suggest carers; leave empty if not known"
            error={formState.errors.details?.weeklyHoursAvailable?.message}
          >
            <Input type="number" inputMode="decimal" min={0} max={MAX_WEEKLY_HOURS} step={0.5} {...register('details.weeklyHoursAvailable', { setValueAs: hoursOrNull })} />
          </Field>
        </>
      }
    >
      <DbsSection storedNumber={stored?.dbs.certificateNumber ?? ''} />
      <FormSection title="Public liability">
        <Field label="Public liability expiry" error={formState.errors.publicLiabilityExpiry?.message}>
          <Input type="date" {...register('publicLiabilityExpiry')} />
        </Field>
      </FormSection>
      {stored && (
        <FormSection title="Carer app" className="sm:grid-cols-1">
          <p className="text-sm text-muted-foreground">The invitation goes to the e-mail address saved on the record.</p>
          <dl>
            <CarerAppItem carerId={stored.id} name={stored.details.name} label="On their phone" />
          </dl>
        </FormSection>
      )}
    </PersonForm>
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
