import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Controller, FormProvider, type Path, useForm, type UseFormReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Field } from '@/client/components/form/field';
import { FormActions, FormPage, FormSection } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { Input } from '@/client/components/ui/input';
import { ChoiceSelect } from '@/client/components/form/choice-select';
import { useTRPC } from '@/client/lib/trpc';
import { DEFAULT_COUNTY, DEFAULT_LOCALITY, DEFAULT_WEEKLY_HOURS, REQUEST_TYPES } from '@/shared/constants';
import { OPEN, todayIn } from '@/shared/dates';
import { requestInput } from '@/shared/schemas/care';
import { clientId } from '@/shared/schemas/people';
import { REQUEST_TYPE_LABELS } from '@/client/components/care/care-display';
import { ArchivedField, chosen, EndDateField, NotesField, ServicesField, StartDateField, WeeklyHoursField } from '@/client/components/care/care-fields';
import { type ClientCopy, type ClientForCopy, copyOfClient, fieldsToRefill } from './client-copy';
import { ClientPicker } from './client-picker';
import { LoadRequest, type StoredRequest } from './load-request';
import { RequestAddressSection, RequestStatusField } from './request-fields';
import { useCareFormSave } from '@/client/components/care/use-care-form';

const requestForm = requestInput.safeExtend({ clientId: chosen(clientId, 'Client') });
type FormInput = z.input<typeof requestForm>;
type FormOutput = z.output<typeof requestForm>;

/** The client a request is for, as the form needs it. */
interface RequestClient extends ClientForCopy {
  id: string;
  details: ClientForCopy['details'] & { name: string };
}

/** A new request starts as nothing or, once its client is known, with the client's services and address. */
const NOTHING_COPIED: ClientCopy = {
  streetAddress: '',
  locality: DEFAULT_LOCALITY,
  county: DEFAULT_COUNTY,
  postCode: '',
  income: false,
  health: false,
  services: [],
};

/** Where each copied value sits in the form. */
const COPY_PATHS: { [K in keyof ClientCopy]: Path<FormInput> } = {
  streetAddress: 'details.address.streetAddress',
  locality: 'details.address.locality',
  county: 'details.address.county',
  postCode: 'details.address.postCode',
  income: 'details.address.deprivation.income',
  health: 'details.address.deprivation.health',
  services: 'details.services',
};

function newRequest(copy: ClientCopy, clientId = ''): FormInput {
  const { streetAddress, locality, county, postCode, income, health, services } = copy;
  return {
    clientId,
    archived: 'N',
    requestType: 'paid',
    startDate: todayIn(),
    endDate: OPEN,
    details: {
      customId: '',
      weeklyHours: DEFAULT_WEEKLY_HOURS,
      address: { streetAddress, locality, county, postCode, deprivation: { income, health } },
      status: 'pending',
      services,
      notes: '',
    },
  };
}

/**
 * Fills the form from each client chosen, except for the fields the user has changed since the last fill,
 * which keep what they typed.
 */
function useClientCopy(form: UseFormReturn<FormInput, unknown, FormOutput>, initial: ClientCopy) {
  const lastCopied = useRef(initial);
  return (client: RequestClient) => {
    const next = copyOfClient(client);
    const keys = Object.keys(COPY_PATHS) as (keyof ClientCopy)[];
    const current = Object.fromEntries(keys.map((key) => [key, form.getValues(COPY_PATHS[key])])) as unknown as ClientCopy;
    const refill = fieldsToRefill(current, lastCopied.current, next);
    for (const key of keys) {
      if (key in refill) form.setValue(COPY_PATHS[key], next[key], { shouldValidate: form.formState.isSubmitted });
    }
    lastCopied.current = next;
  };
}

/** Exactly the fields the form edits; the name is the client's and is not sent back. */
function formValues({ clientId, archived, requestType, startDate, endDate, details }: StoredRequest): FormInput {
  const { customId, weeklyHours, address, status, services, notes } = details;
  return { clientId, archived, requestType, startDate, endDate, details: { customId, weeklyHours, address, status, services, notes } };
}

function RequestForm({ stored, client }: { stored?: StoredRequest; client?: RequestClient }) {
  const trpc = useTRPC();
  const initialCopy = client ? copyOfClient(client) : NOTHING_COPIED;
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(requestForm),
    defaultValues: stored ? formValues(stored) : newRequest(initialCopy, client?.id),
  });
  const copyFrom = useClientCopy(form, initialCopy);
  const { register, formState } = form;
  const errors = formState.errors;
  const exit = useCareFormSave('request', trpc.requests, stored, form);
  const onSubmit = form.handleSubmit(exit.save);
  // The client is fixed when editing (spec §2.7) and when the request is added from the client's row.
  const fixedClientName = stored?.details.name ?? client?.details.name;

  return (
    <FormPage title={stored ? 'Edit Request' : 'Add Request'}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <FormSection title="Request">
            {fixedClientName === undefined ? (
              <Controller
                control={form.control}
                name="clientId"
                render={({ field }) => (
                  <ClientPicker
                    value={field.value}
                    onBlur={field.onBlur}
                    error={errors.clientId?.message}
                    onChange={(id, picked) => {
                      field.onChange(id);
                      if (picked) copyFrom(picked);
                    }}
                  />
                )}
              />
            ) : (
              <Field label="Client" required hint={stored ? 'The client of a request cannot be changed' : undefined}>
                <Input readOnly value={fixedClientName} />
              </Field>
            )}
            <Field label="Request ID" hint="The charity's own reference, if it uses one" error={errors.details?.customId?.message}>
              <Input autoComplete="off" {...register('details.customId')} />
            </Field>
            <Field label="Type" required error={errors.requestType?.message}>
              <ChoiceSelect choices={REQUEST_TYPES} wordsOf={(type) => REQUEST_TYPE_LABELS[type]} {...register('requestType')} />
            </Field>
            <RequestStatusField />
            <StartDateField />
            <EndDateField />
            <WeeklyHoursField />
            <ServicesField />
            {stored && <ArchivedField what="request" />}
          </FormSection>

          <RequestAddressSection />

          <FormSection title="Notes" className="sm:grid-cols-1">
            <NotesField />
          </FormSection>

          <FormActions onCancel={exit.cancel} submitLabel={stored ? 'Update Request' : 'Create Request'} submitting={exit.saving} />
        </form>
      </FormProvider>
      {exit.guard}
    </FormPage>
  );
}

/** /requests/create, or /requests/create?clientId=… from a client's row, which fixes the client. */
export function CreateRequestPage() {
  const [params] = useSearchParams();
  const fixedClientId = params.get('clientId');
  if (!fixedClientId) return <RequestForm />;
  return <CreateRequestForClient clientId={fixedClientId} />;
}

function CreateRequestForClient({ clientId }: { clientId: string }) {
  const trpc = useTRPC();
  const client = useQuery(trpc.clients.getById.queryOptions({ id: clientId }));
  return (
    <LoadState query={client} errorText="Error loading client">
      {(loaded) => <RequestForm client={loaded} />}
    </LoadState>
  );
}

/** /requests/edit?id=… */
export function EditRequestPage() {
  const [params] = useSearchParams();
  return <LoadRequest id={params.get('id')}>{(stored) => <RequestForm key={stored.id} stored={stored} />}</LoadRequest>;
}
