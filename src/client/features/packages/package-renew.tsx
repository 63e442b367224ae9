import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { DetailGrid, DetailItem } from '@/client/components/record/detail-dialog';
import { Field } from '@/client/components/form/field';
import { FormSection } from '@/client/components/form/form-layout';
import { Input } from '@/client/components/ui/input';
import { formatHours } from '@/client/lib/format';
import { useUnsavedChanges } from '@/client/components/unsaved-changes';
import { useTRPC } from '@/client/lib/trpc';
import { AddressSection } from '@/client/components/person/person-fields';
import { periodText } from '@/client/components/care/care-display';
import { NotesField, ServicesField, WeeklyHoursField } from '@/client/components/care/care-fields';
import { RenewLayout, RenewStartDateField, renewForm } from '@/client/components/care/renew-layout';
import { todayIn } from '@/shared/dates';
import { packageDetails } from '@/shared/schemas/care';
import { CarerLabel } from '@/client/components/care/carer-label';
import { LoadPackage, type StoredPackage } from './load-package';
import { useBackToList } from '@/client/components/list-screen/saved-row';

const packageRenewForm = renewForm(packageDetails);
type FormInput = z.input<typeof packageRenewForm>;
type FormOutput = z.output<typeof packageRenewForm>;

function CurrentPackage({ pkg }: { pkg: StoredPackage }) {
  const { details } = pkg;
  return (
    <DetailGrid>
      <DetailItem label="Package name">{details.name}</DetailItem>
      <DetailItem label="Carer">
        <CarerLabel carerId={pkg.carerId} carerName={pkg.carerName} />
      </DetailItem>
      <DetailItem label="Period">{periodText(pkg)}</DetailItem>
      <DetailItem label="Weekly hours">{formatHours(details.weeklyHours)}</DetailItem>
      <DetailItem label="Location">{details.address.locality}</DetailItem>
      <DetailItem label="Services">{details.services.join(', ')}</DetailItem>
    </DetailGrid>
  );
}

/** The new package starts as a copy of the old one (spec §4: carer and request are kept). */
function RenewPackageForm({ pkg }: { pkg: StoredPackage }) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const backToList = () => void navigate('/packages');
  const backToSaved = useBackToList();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(packageRenewForm),
    defaultValues: { endDate: todayIn(), startDate: '', details: pkg.details },
  });
  const { guard, leaveAfterSave } = useUnsavedChanges(form.formState.isDirty);
  const renew = useMutation(trpc.packages.renew.mutationOptions({ onSuccess: ({ newPackage }) => leaveAfterSave(() => backToSaved('/packages', newPackage.id)) }));

  return (
    <FormProvider {...form}>
      <RenewLayout
        what="package"
        item={pkg}
        summary={<CurrentPackage pkg={pkg} />}
        renewing={renew.isPending}
        onCancel={backToList}
        onSubmit={form.handleSubmit(({ endDate, startDate, details }) =>
          renew.mutate({
            oldPackage: { id: pkg.id, version: pkg.version, endDate },
            newPackage: { startDate: startDate || undefined, details },
          }),
        )}
      >
        <FormSection title="New package">
          <RenewStartDateField what="package" />
          <WeeklyHoursField />
          <Field label="Package name" hint="Leave blank to use the client's name" error={form.formState.errors.details?.name?.message}>
            <Input autoComplete="off" {...form.register('details.name')} />
          </Field>
          <ServicesField />
        </FormSection>
        <AddressSection editing={false} />
        <FormSection title="Notes" className="sm:grid-cols-1">
          <NotesField />
        </FormSection>
      </RenewLayout>
      {guard}
    </FormProvider>
  );
}

/** /packages/renew/{id} */
export function RenewPackagePage() {
  const { id = '' } = useParams();
  return <LoadPackage id={id}>{(pkg) => <RenewPackageForm key={pkg.id} pkg={pkg} />}</LoadPackage>;
}
