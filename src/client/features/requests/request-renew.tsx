import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { DetailGrid, DetailItem } from '@/client/components/detail-dialog';
import { FormSection } from '@/client/components/form/form-layout';
import { formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { todayIn } from '@/shared/dates';
import { requestDetails } from '@/shared/schemas/care';
import { periodText, REQUEST_TYPE_LABELS, RequestStatusBadge } from './care-display';
import { NotesField, ServicesField, WeeklyHoursField } from './care-fields';
import { LoadRequest, type StoredRequest } from './load-request';
import { RequestAddressSection, RequestStatusField } from './request-fields';
import { RenewLayout, RenewStartDateField, renewForm } from './renew-layout';

const requestRenewForm = renewForm(requestDetails);
type FormInput = z.input<typeof requestRenewForm>;
type FormOutput = z.output<typeof requestRenewForm>;

/** The new request starts as a copy of the old one's details (spec §4: client and type are kept). */
function renewValues(request: StoredRequest): FormInput {
  const { customId, weeklyHours, address, status, services, notes } = request.details;
  return { endDate: todayIn(), startDate: '', details: { customId, weeklyHours, address, status, services, notes } };
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
  const navigate = useNavigate();
  const backToList = () => void navigate('/requests');
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(requestRenewForm), defaultValues: renewValues(request) });
  const renew = useMutation(trpc.requests.renew.mutationOptions({ onSuccess: backToList }));

  return (
    <FormProvider {...form}>
      <RenewLayout
        what="request"
        item={request}
        summary={<CurrentRequest request={request} />}
        renewing={renew.isPending}
        onCancel={backToList}
        onSubmit={form.handleSubmit(({ endDate, startDate, details }) =>
          renew.mutate({
            oldRequest: { id: request.id, version: request.version, endDate },
            newRequest: { startDate: startDate || undefined, details },
          }),
        )}
      >
        <FormSection title="New request">
          <RenewStartDateField what="request" />
          <WeeklyHoursField />
          <RequestStatusField />
          <ServicesField />
        </FormSection>
        <RequestAddressSection />
        <FormSection title="Notes" className="sm:grid-cols-1">
          <NotesField />
        </FormSection>
      </RenewLayout>
    </FormProvider>
  );
}

/** /requests/renew?id=… */
export function RenewRequestPage() {
  const [params] = useSearchParams();
  return <LoadRequest id={params.get('id')}>{(request) => <RenewRequestForm key={request.id} request={request} />}</LoadRequest>;
}
