import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { type DefaultValues, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { DetailItem } from '@/client/components/record/detail-dialog';
import { Field } from '@/client/components/form/field';
import { FormActions, FormPage, FormSection } from '@/client/components/form/form-layout';
import { ErrorMessage, LoadState } from '@/client/components/load-state';
import { useUnsavedChanges, useVersionedDraft } from '@/client/components/unsaved-changes';
import { Input } from '@/client/components/ui/input';
import { ChoiceSelect } from '@/client/components/form/choice-select';
import { Textarea } from '@/client/components/ui/textarea';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { CARER_KINDS } from '@/client/components/carer-record/carer-kind';
import { type CarerKind, carerKindOf } from '@/shared/carer-kind';
import { useCarerApi } from '@/client/components/carer-record/use-carer-api';
import { carerTabPath } from '@/client/components/carer-record/carer-tabs';
import { TRAINING_TYPES } from '@/shared/constants';
import { MAX, text } from '@/shared/schemas/common';
import { trainingRecordInput } from '@/shared/schemas/compliance';
import { useBackToList } from '@/client/components/list-screen/saved-row';

/** The form asks for more than the API: the person's name and a chosen type (spec §5). */
const trainingRecordForm = trainingRecordInput.extend({
  details: trainingRecordInput.shape.details.extend({
    name: text(MAX.name).min(1, { message: 'Person name is required' }),
    recordName: z.enum(TRAINING_TYPES, { error: 'Training record type is required' }),
  }),
});
type FormInput = z.input<typeof trainingRecordForm>;
type FormOutput = z.output<typeof trainingRecordForm>;
type StoredRecord = RouterOutputs['trainingRecords']['getById'];

/** The MP or volunteer a record belongs to. */
interface Owner {
  id: string;
  kind: CarerKind;
  name: string;
}

const LOAD_ERROR = 'Error loading data';

/** An address without the ownerId or id says what a failed load says. */
function MissingParameters() {
  return <ErrorMessage text={LOAD_ERROR} className="m-6" />;
}

function OwnerInformation({ owner }: { owner: Owner }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="bg-muted/40 self-start rounded-lg border p-4">
      <h3 id={headingId} className="mb-3 text-sm font-semibold">
        Owner Information
      </h3>
      <dl className="grid gap-3">
        <DetailItem label="Name">{owner.name}</DetailItem>
        <DetailItem label="Type">{CARER_KINDS[owner.kind].one}</DetailItem>
        <DetailItem label="ID">
          <span className="font-mono">{owner.id}</span>
        </DetailItem>
      </dl>
    </section>
  );
}

function TrainingRecordForm({ owner, stored }: { owner: Owner; stored?: StoredRecord }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const who = owner.kind === 'mp' ? 'MP' : 'volunteer';
  const defaultValues: DefaultValues<FormInput> = stored
    ? { ownerId: stored.ownerId, archived: stored.archived, expiryDate: stored.expiryDate, details: stored.details }
    : { ownerId: owner.id, archived: 'N', expiryDate: '', details: { name: owner.name, notes: '' } };
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(trainingRecordForm),
    defaultValues,
  });
  const { register, handleSubmit, formState } = form;
  const { version, draft } = useVersionedDraft(form, stored?.version);
  const errors = formState.errors;
  // Back to the tab the record shows under.
  const backToList = () => void navigate(carerTabPath('/records', owner.kind));
  const backToSaved = useBackToList();
  const { guard, leaveAfterSave } = useUnsavedChanges(formState.isDirty, { draft });

  const create = useMutation(trpc.trainingRecords.create.mutationOptions({ onSuccess: (saved) => leaveAfterSave(() => backToSaved(carerTabPath('/records', owner.kind), saved.id)) }));
  const update = useMutation(trpc.trainingRecords.update.mutationOptions({ onSuccess: (saved) => leaveAfterSave(() => backToSaved(carerTabPath('/records', owner.kind), saved.id)) }));
  const onSubmit = handleSubmit((values) =>
    stored ? update.mutate({ ...values, id: stored.id, version }) : create.mutate(values),
  );

  return (
    <FormPage title={stored ? 'Edit Training Record' : 'Add Training Record'}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <FormSection title="Record Information">
          <Field
            label="Person Name"
            hint={`From the ${who}'s record; rename the ${who} to change it`}
            error={errors.details?.name?.message}
            className="sm:col-span-2"
          >
            <Input readOnly autoComplete="off" {...register('details.name')} />
          </Field>
          <Field label="Training Record Type" required error={errors.details?.recordName?.message}>
            <ChoiceSelect choices={TRAINING_TYPES} none="Select training record type..." {...register('details.recordName')} />
          </Field>
          <Field label="Expiry Date" required error={errors.expiryDate?.message}>
            <Input type="date" {...register('expiryDate')} />
          </Field>
        </FormSection>

        <FormSection title="Additional Information">
          <Field label="Notes" error={errors.details?.notes?.message}>
            <Textarea rows={5} {...register('details.notes')} />
          </Field>
          <OwnerInformation owner={owner} />
        </FormSection>

        <FormActions
          onCancel={backToList}
          submitLabel={stored ? 'Update Record' : 'Create Record'}
          submitting={create.isPending || update.isPending}
        />
      </form>
      {guard}
    </FormPage>
  );
}

function CreateForOwner({ ownerId, kind }: { ownerId: string; kind: CarerKind }) {
  const api = useCarerApi(kind);
  const carer = useQuery(api.getById.queryOptions({ id: ownerId }));
  return (
    <LoadState query={carer} errorText={LOAD_ERROR}>
      {(found) => <TrainingRecordForm owner={{ id: found.id, kind, name: found.details.name }} />}
    </LoadState>
  );
}

/** /records/create?ownerId={id}: the owner's kind comes from the id's first letter (spec §9), whatever ownerType says. */
export function CreateTrainingRecordPage() {
  const [params] = useSearchParams();
  const ownerId = params.get('ownerId') ?? '';
  const kind = carerKindOf(ownerId);
  if (!kind) return <MissingParameters />;
  return <CreateForOwner ownerId={ownerId} kind={kind} />;
}

function EditStoredRecord({ id, ownerId, kind }: { id: string; ownerId: string; kind: CarerKind }) {
  const trpc = useTRPC();
  // Always the latest version: a stale form would be refused on save.
  const record = useQuery({ ...trpc.trainingRecords.getById.queryOptions({ ownerId, id }), staleTime: 0 });
  return (
    <LoadState query={record} errorText={LOAD_ERROR}>
      {(stored) => <TrainingRecordForm key={stored.id} owner={{ id: stored.ownerId, kind, name: stored.details.name }} stored={stored} />}
    </LoadState>
  );
}

/** /records/edit?id={recordId}&ownerId={ownerId}. */
export function EditTrainingRecordPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const ownerId = params.get('ownerId') ?? '';
  const kind = carerKindOf(ownerId);
  if (!id || !kind) return <MissingParameters />;
  return <EditStoredRecord id={id} ownerId={ownerId} kind={kind} />;
}
