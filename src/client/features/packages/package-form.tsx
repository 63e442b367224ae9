import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useLocation, useParams } from 'react-router';
import type { z } from 'zod';
import { FormActions, FormPage, FormSection } from '@/client/components/form/form-layout';
import type { RouterOutputs } from '@/browser/api-types';
import { useTRPC } from '@/client/lib/trpc';
import { Button } from '@/client/components/ui/button';
import { AddressSection } from '@/client/components/person/person-fields';
import { LoadCareItem } from '@/client/components/care/load-care-item';
import { ArchivedField, chosen, EndDateField, NotesField, ServicesField, StartDateField, WeeklyHoursField } from '@/client/components/care/care-fields';
import { defaultPackageHours } from '@/client/components/care/unmet-hours';
import { DEFAULT_COUNTY, DEFAULT_LOCALITY } from '@/shared/constants';
import { OPEN, todayIn } from '@/shared/dates';
import { OVERRIDE_TOO_SHORT, packageInput, requestId } from '@/shared/schemas/care';
import { carerId } from '@/shared/schemas/people';
import { complianceRefusal, OVERRIDE_NEEDED, overrideField, overrideToSend } from '@/client/components/carer-record/assignment-override';
import { AssignmentCheck, useAssignmentCheck } from './assignment-check';
import { SuggestedCarers } from '@/client/components/carer-record/suggested-carers';
import { LoadPackage, type StoredPackage } from './load-package';
import { FunderField, PackageNameField } from './package-fields';
import { CarerPicker } from '@/client/components/carer-record/carer-picker';
import { RequestPicker } from './package-pickers';
import { useCareFormSave } from '@/client/components/care/use-care-form';

const packageForm = packageInput.safeExtend({ requestId: chosen(requestId, 'Request'), carerId: chosen(carerId, 'Carer'), override: overrideField });
type FormInput = z.input<typeof packageForm>;
type FormOutput = z.output<typeof packageForm>;
type StoredRequest = RouterOutputs['requests']['getById'];

/** What a new package takes from its request: where the care is given, what it covers and the hours still unmet. */
function fromRequest(request: StoredRequest) {
  const { streetAddress, locality, county, postCode } = request.details.address;
  return {
    address: { streetAddress, locality, county, postCode },
    services: [...request.details.services],
    weeklyHours: defaultPackageHours({ weeklyHours: request.details.weeklyHours, hoursInService: request.hoursInService }),
  };
}

function newPackage(request?: StoredRequest, carerId = ''): FormInput {
  const prefill = request
    ? fromRequest(request)
    : { address: { streetAddress: '', locality: DEFAULT_LOCALITY, county: DEFAULT_COUNTY, postCode: '' }, services: [], weeklyHours: defaultPackageHours(undefined) };
  return {
    carerId,
    requestId: request?.id ?? '',
    archived: 'N',
    startDate: todayIn(),
    endDate: OPEN,
    details: { name: '', notes: '', funderId: null, ...prefill },
  };
}

function formValues({ carerId, requestId, archived, startDate, endDate, details }: StoredPackage): FormInput {
  return { carerId, requestId, archived, startDate, endDate, details };
}

/** Sets the carer field to a suggested carer; pressed while that carer is the one chosen. */
function ChooseButton({ name, chosen, onChoose }: { name: string; chosen: boolean; onChoose: () => void }) {
  return (
    <Button type="button" size="sm" variant={chosen ? 'secondary' : 'outline'} aria-pressed={chosen} aria-label={`Choose ${name}`} onClick={onChoose}>
      {chosen ? 'Chosen' : 'Choose'}
    </Button>
  );
}

function PackageForm({ stored, request, carerId }: { stored?: StoredPackage; request?: StoredRequest; carerId?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(packageForm),
    defaultValues: stored ? formValues(stored) : newPackage(request, carerId),
  });
  const { control, formState } = form;
  const errors = formState.errors;
  const [carerChosen, requestChosen, endChosen] = form.watch(['carerId', 'requestId', 'endDate']);
  // The server's refusal of a carer who is not compliant, for the carer it refused.
  const [refused, setRefused] = useState<{ carerId: string; message: string }>();
  const refusal = refused?.carerId === carerChosen ? refused.message : undefined;
  const exit = useCareFormSave('package', trpc.packages, stored, form, (error) => {
    const message = complianceRefusal(error);
    if (message) setRefused({ carerId: form.getValues('carerId'), message });
    return message !== undefined;
  });
  // A reason is asked when the save checks the carer: always on create; on edit when the carer changes, or when an
  // ended package is reopened (its end moved to open, or to today or later), which gives the carer the care again.
  const today = todayIn();
  const reopening = Boolean(stored && stored.endDate !== OPEN && stored.endDate < today && (endChosen === OPEN || (endChosen ?? '') >= today));
  const asksReason = !stored || carerChosen !== stored.carerId || reopening;
  const check = useAssignmentCheck(carerChosen, requestChosen);
  const onSubmit = form.handleSubmit(({ override, ...values }) => {
    const asked = asksReason && (check.data?.compliance.status === 'Not compliant' || refusal !== undefined);
    // A carer known not to be compliant is not sent without a reason: the field asks for one first.
    const reason = overrideToSend(override?.reason, asked, { required: check.data?.compliance.status === 'Not compliant' });
    if (!reason.ok) return form.setError('override.reason', { message: reason.missing ? OVERRIDE_NEEDED : OVERRIDE_TOO_SHORT }, { shouldFocus: true });
    exit.save({ ...values, override: reason.override });
  });

  // The weekly hours the form last filled in itself (from a request, or the default).
  const hoursFilled = useRef(form.getValues('details.weeklyHours'));
  const prefillFrom = async (id: string) => {
    const picked = await queryClient.fetchQuery(trpc.requests.getById.queryOptions({ id })).catch(() => undefined);
    // The user may have picked another request while this one loaded.
    if (!picked || form.getValues('requestId') !== id) return;
    const { address, services, weeklyHours } = fromRequest(picked);
    form.setValue('details.address', address, { shouldValidate: formState.isSubmitted });
    form.setValue('details.services', services);
    // Hours the user has typed stay; otherwise they follow the request's unmet hours.
    if (form.getValues('details.weeklyHours') === hoursFilled.current) {
      form.setValue('details.weeklyHours', weeklyHours, { shouldValidate: formState.isSubmitted });
    }
    hoursFilled.current = weeklyHours;
  };

  return (
    <FormPage title={stored ? 'Edit Package' : 'Add Package'}>
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <FormSection title="Package">
            <Controller
              control={control}
              name="requestId"
              render={({ field }) => (
                <RequestPicker
                  fixed={Boolean(stored)}
                  value={field.value}
                  onBlur={field.onBlur}
                  error={errors.requestId?.message}
                  onChange={(id) => {
                    field.onChange(id);
                    if (id) void prefillFrom(id);
                  }}
                />
              )}
            />
            {!stored && (
              <SuggestedCarers
                requestId={requestChosen}
                className="flex flex-col gap-2 sm:col-span-2"
                action={(s) => (
                  <ChooseButton
                    name={s.name}
                    chosen={s.carerId === carerChosen}
                    onChoose={() => form.setValue('carerId', s.carerId, { shouldDirty: true, shouldValidate: formState.isSubmitted })}
                  />
                )}
              />
            )}
            <Controller
              control={control}
              name="carerId"
              render={({ field }) => <CarerPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={errors.carerId?.message} />}
            />
            <AssignmentCheck carerId={carerChosen} requestId={requestChosen} asksReason={asksReason} refusal={refusal} />
            <PackageNameField />
            <WeeklyHoursField />
            <StartDateField />
            <EndDateField />
            <ServicesField />
            <FunderField keep={stored?.details.funderId} />
            {stored && <ArchivedField what="package" />}
          </FormSection>

          <AddressSection editing={false} />

          <FormSection title="Notes" className="sm:grid-cols-1">
            <NotesField />
          </FormSection>

          <FormActions onCancel={exit.cancel} submitLabel={stored ? 'Update Package' : 'Create Package'} submitting={exit.saving} />
        </form>
      </FormProvider>
      {exit.guard}
    </FormPage>
  );
}

/**
 * The request a package is added from, passed as navigation state by the requests list (spec §2.3), and
 * the carer when one was picked from the request's suggestions.
 */
function fromState(state: unknown): { requestId?: string; carerId?: string } {
  const passed = (state ?? {}) as { requestId?: unknown; carerId?: unknown };
  const id = (value: unknown) => (typeof value === 'string' && value ? value : undefined);
  return { requestId: id(passed.requestId), carerId: id(passed.carerId) };
}

/** /packages/create, with the request (and carer) preselected when passed as navigation state. */
export function CreatePackagePage() {
  const { requestId, carerId } = fromState(useLocation().state);
  return requestId ? <CreatePackageForRequest requestId={requestId} carerId={carerId} /> : <PackageForm />;
}

function CreatePackageForRequest({ requestId, carerId }: { requestId: string; carerId?: string }) {
  const trpc = useTRPC();
  const request = useQuery(trpc.requests.getById.queryOptions({ id: requestId }));
  return (
    <LoadCareItem what="request" query={request}>
      {(loaded) => <PackageForm request={loaded} carerId={carerId} />}
    </LoadCareItem>
  );
}

/** /packages/edit/{id} */
export function EditPackagePage() {
  const { id = '' } = useParams();
  return <LoadPackage id={id}>{(stored) => <PackageForm key={stored.id} stored={stored} />}</LoadPackage>;
}
