import { useState } from 'react';
import { type FieldErrors, useFormContext } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { DetailGrid, DetailItem } from '@/client/components/record/detail-dialog';
import { CheckboxField, Field } from '@/client/components/form/field';
import { Textarea } from '@/client/components/ui/textarea';
import { complianceRefusal, fixedCarerOverrideField } from '@/client/components/carer-record/assignment-override';
import { FormSection } from '@/client/components/form/form-layout';
import { useCan } from '@/client/lib/auth';
import { formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { CarerLabel } from '@/client/components/care/carer-label';
import { packagesToCarryOver, renewalDates } from '@/shared/care';
import { todayIn } from '@/shared/dates';
import { requestDetails } from '@/shared/schemas/care';
import { periodText, REQUEST_TYPE_LABELS, RequestStatusBadge } from '@/client/components/care/care-display';
import { LoadRequest, type StoredRequest } from './load-request';
import { RequestAddressSection, RequestStatusField } from './request-fields';
import { RenewScreen, renewForm } from '@/client/components/care/renew-screen';

const requestRenewForm = renewForm(requestDetails).extend({ carryOverPackages: z.boolean(), override: fixedCarerOverrideField });
type FormInput = z.input<typeof requestRenewForm>;

/**
 * The new request starts as a copy of the old one's details (spec §4: client and type are kept), and takes
 * its open packages along unless the user says otherwise.
 */
function renewValues(request: StoredRequest, canCarryOver: boolean): FormInput {
  const { customId, weeklyHours, address, status, services, notes } = request.details;
  return { endDate: todayIn(), startDate: '', details: { customId, weeklyHours, address, status, services, notes }, carryOverPackages: canCarryOver };
}

/** The packages the renewal would carry over with the dates as edited, or none when it would carry none. */
function useCarriedPackages(request: StoredRequest) {
  const { watch } = useFormContext<FormInput>();
  const [endDate, startDate] = watch(['endDate', 'startDate']);
  return packagesToCarryOver(request.packages ?? [], renewalDates({ oldEndDate: endDate || undefined, newStartDate: startDate || undefined }, todayIn()));
}

/**
 * The offer to carry the open packages over to the new request (checked at first), with the packages it names.
 * A carer no longer compliant is refused by the server (`refusal`): a reason then carries them over anyway.
 */
function CarryOverPackages({ request, refusal }: { request: StoredRequest; refusal?: string }) {
  const { register, watch, formState } = useFormContext<FormInput>();
  const errors: FieldErrors<FormInput> = formState.errors;
  const carried = useCarriedPackages(request);
  const checked = watch('carryOverPackages');
  if (carried.length === 0) {
    return (
      <FormSection title="Packages" className="sm:grid-cols-1">
        <p className="text-muted-foreground text-sm">This request has no open packages to carry over.</p>
      </FormSection>
    );
  }
  const count = carried.length === 1 ? '1 open package' : `${carried.length} open packages`;
  return (
    <FormSection title="Packages" className="sm:grid-cols-1">
      <CheckboxField label={`Carry over ${count} to the new request`} aria-describedby="carry-over-hint" {...register('carryOverPackages')} />
      <p id="carry-over-hint" className="text-muted-foreground text-sm">
        {checked
          ? 'Each ends when this request ends and starts again on the new request with the same carer and details.'
          : 'They stay on this request and count no hours on the new one.'}
      </p>
      <ul aria-label="Open packages" className="flex flex-col divide-y rounded-lg border">
        {carried.map((p) => (
          <li key={p.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3 text-sm">
            <span className="flex flex-col">
              <span className="font-medium">{p.details.name}</span>
              <span className="text-muted-foreground text-xs">{periodText(p)}</span>
            </span>
            <CarerLabel carerId={p.carerId} carerName={p.carerName} />
            <span className="whitespace-nowrap">{formatHours(p.details.weeklyHours)} h/week</span>
          </li>
        ))}
      </ul>
      {checked && refusal && (
        <>
          <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
            {refusal}
          </p>
          <Field
            label="Reason to carry over anyway"
            required
            hint="Kept on the carried packages with your name, e.g. the DBS re-check is booked and the family agree"
            error={errors.override?.reason?.message}
          >
            <Textarea autoComplete="off" rows={2} {...register('override.reason')} />
          </Field>
        </>
      )}
    </FormSection>
  );
}

function CurrentRequest({ request }: { request: StoredRequest }) {
  const { details } = request;
  return (
    <DetailGrid>
      <DetailItem label="Client">{details.name}</DetailItem>
      <DetailItem label="Type">{REQUEST_TYPE_LABELS[request.requestType]}</DetailItem>
      <DetailItem label="Period">{periodText(request)}</DetailItem>
      <DetailItem label="Weekly hours">{formatHours(details.weeklyHours)}</DetailItem>
      <DetailItem label="Status">
        <RequestStatusBadge status={details.status} />
      </DetailItem>
      <DetailItem label="Locality">{details.address.locality}</DetailItem>
      <DetailItem label="Services">{details.services.join(', ')}</DetailItem>
    </DetailGrid>
  );
}

function RenewRequestForm({ request }: { request: StoredRequest }) {
  const trpc = useTRPC();
  // Carrying packages over changes them, so a role that may renew requests but not change packages is not offered it.
  const canCarryOver = useCan('packages', 'update') && request.packages !== undefined;
  const [refusal, setRefusal] = useState<string>();
  return (
    <RenewScreen
      what="request"
      item={request}
      schema={requestRenewForm}
      defaultValues={renewValues(request, canCarryOver)}
      summary={<CurrentRequest request={request} />}
      fields={<RequestStatusField />}
      address={<RequestAddressSection />}
      more={canCarryOver && <CarryOverPackages request={request} refusal={refusal} />}
      procedure={trpc.requests.renew}
      toInput={(oldRequest, newRequest, { carryOverPackages, override }) => {
        const carry = canCarryOver && carryOverPackages;
        // The schema has checked the reason: it is empty or long enough.
        const reason = override?.reason.trim();
        return { oldRequest, newRequest, carryOverPackages: carry, override: carry && reason ? { reason } : undefined };
      }}
      onError={(error) => setRefusal(complianceRefusal(error))}
      renewedId={({ newRequest }) => newRequest.id}
    />
  );
}

/** /requests/renew?id=… */
export function RenewRequestPage() {
  const [params] = useSearchParams();
  return <LoadRequest id={params.get('id')}>{(request) => <RenewRequestForm key={request.id} request={request} />}</LoadRequest>;
}
