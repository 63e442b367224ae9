import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import type { RouterOutputs } from '@/browser/api-types';
import { CheckboxField, Field } from '@/client/components/form/field';
import { FormActions, FormPage, FormSection } from '@/client/components/form/form-layout';
import { DetailGrid } from '@/client/components/record/detail-dialog';
import { LoadCareItem } from '@/client/components/care/load-care-item';
import { useBackToList } from '@/client/components/list-screen/saved-row';
import { useUnsavedChanges, useVersionedDraft } from '@/client/components/unsaved-changes';
import { Button } from '@/client/components/ui/button';
import { WeekdayOptions } from '@/client/components/form/weekday-options';
import { Input } from '@/client/components/ui/input';
import { NativeSelect } from '@/client/components/ui/native-select';
import { formatHours } from '@/client/lib/format';
import { useTRPC } from '@/client/lib/trpc';
import { anyTimeHours, packageVisits } from '@/shared/schemas/visit-plans';
import { TIME_OF_DAY } from '@/shared/carer-app';
import { planWeeklyHours, VISIT_PLAN_MESSAGES, WEEKDAYS } from '@/shared/visit-plans';
import { LoadPackage, type StoredPackage } from './load-package';
import { PackageHeadlineItems } from './package-detail-dialog';

type StoredPlan = RouterOutputs['visitPlans']['get'];

const planForm = z.object({
  visits: packageVisits,
  // Empty for none.
  anyTimeHours: z.union([z.literal(''), z.coerce.number<string>({ error: 'Enter the hours as a number' }).pipe(anyTimeHours)]),
});
type FormInput = z.input<typeof planForm>;
type FormOutput = z.output<typeof planForm>;

/** A new visit: the day after the last one's, at its times, or Monday morning. */
function nextVisit(visits: FormInput['visits']): FormInput['visits'][number] {
  const last = visits.at(-1);
  return last ? { weekday: (last.weekday % WEEKDAYS.length) + 1, start: last.start, end: last.end } : { weekday: 1, start: '09:00', end: '10:00' };
}

/** The plan's hours beside the package's, and a warning when they differ. */
function PlannedHours({ values, weeklyHours }: { values: FormInput; weeklyHours: number }) {
  const anyTime = Number(values.anyTimeHours);
  // Hours of a visit still being typed count as none until its times are whole.
  const visits = values.visits.filter((visit) => TIME_OF_DAY.test(visit.start) && TIME_OF_DAY.test(visit.end));
  const planned = planWeeklyHours({ visits, anyTime: values.anyTimeHours !== '' && anyTime > 0 ? { hours: anyTime } : null });
  const differs = planned !== weeklyHours;
  return (
    <p role="status" className={differs ? 'rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900' : 'text-sm text-muted-foreground'}>
      {differs ? VISIT_PLAN_MESSAGES.differs(planned, weeklyHours) : `The plan gives the package's ${formatHours(weeklyHours)} hours a week.`}
    </p>
  );
}

function PlanForm({ pkg, stored }: { pkg: StoredPackage; stored: StoredPlan }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const backToSaved = useBackToList();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(planForm),
    defaultValues: { visits: stored.visits.map((visit) => ({ ...visit, pinned: Boolean(visit.pinned) })), anyTimeHours: stored.anyTime ? String(stored.anyTime.hours) : '' },
  });
  const { register, control, formState } = form;
  const visits = useFieldArray({ control, name: 'visits' });
  const { version, draft } = useVersionedDraft(form, stored.version);
  const { guard, leaveAfterSave } = useUnsavedChanges(formState.isDirty, { draft });
  const save = useMutation(
    trpc.visitPlans.set.mutationOptions({
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.visitPlans.get.queryKey({ packageId: pkg.id }), saved);
        leaveAfterSave(() => backToSaved('/packages', pkg.id));
      },
    }),
  );
  const onSubmit = form.handleSubmit(({ visits, anyTimeHours }) =>
    save.mutate({ packageId: pkg.id, visits, ...(anyTimeHours === '' ? {} : { anyTime: { hours: anyTimeHours } }), version }),
  );
  const errors = formState.errors;

  return (
    <FormPage title="Plan Visits">
      <DetailGrid>
        <PackageHeadlineItems pkg={pkg} />
      </DetailGrid>
      {stored.warnings.length > 0 && (
        <ul aria-label="Outside the carer’s times" className="flex flex-col gap-1 rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
          {stored.warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <FormSection title="Visits in the week" className="sm:grid-cols-1">
          {visits.fields.length === 0 && <p className="text-sm text-muted-foreground">No visits at set times.</p>}
          <ol className="flex flex-col gap-3">
            {visits.fields.map((field, index) => {
              const error = errors.visits?.[index];
              return (
                <li key={field.id} aria-label={`Visit ${index + 1}`} className="grid grid-cols-2 items-start gap-3 rounded-lg border p-3 sm:grid-cols-[2fr_1fr_1fr_auto_auto] sm:border-0 sm:p-0">
                  <Field label="Day" error={error?.weekday?.message} className="col-span-2 sm:col-span-1">
                    <NativeSelect {...register(`visits.${index}.weekday`, { valueAsNumber: true })}>
                      <WeekdayOptions />
                    </NativeSelect>
                  </Field>
                  <Field label="From" error={error?.start?.message}>
                    <Input type="time" {...register(`visits.${index}.start`)} />
                  </Field>
                  <Field label="To" error={error?.end?.message}>
                    <Input type="time" {...register(`visits.${index}.end`)} />
                  </Field>
                  <CheckboxField
                    label="Keep this time"
                    title="Planning for less driving leaves this visit where it is"
                    className="col-span-2 sm:col-span-1 sm:mt-8"
                    {...register(`visits.${index}.pinned`)}
                  />
                  <Button type="button" variant="outline" className="col-span-2 sm:col-span-1 sm:mt-6" onClick={() => visits.remove(index)} aria-label={`Remove visit ${index + 1}`}>
                    <Trash2 aria-hidden />
                    <span className="sm:sr-only">Remove</span>
                  </Button>
                </li>
              );
            })}
          </ol>
          {errors.visits?.root?.message && (
            <p role="alert" className="text-sm text-destructive">
              {errors.visits.root.message}
            </p>
          )}
          <div>
            <Button type="button" variant="outline" onClick={() => visits.append(nextVisit(form.getValues('visits')))}>
              <Plus aria-hidden /> Add a visit
            </Button>
          </div>
        </FormSection>
        <FormSection title="At any time in the week">
          <Field label="Hours at any time" hint="Care without set times, such as befriending or shopping. Leave empty for none." error={errors.anyTimeHours?.message}>
            <Input inputMode="decimal" {...register('anyTimeHours')} />
          </Field>
        </FormSection>
        <PlannedHours values={form.watch()} weeklyHours={stored.packageWeeklyHours} />
        <FormActions onCancel={() => void navigate('/packages')} submitLabel="Save Plan" submittingLabel="Saving..." submitting={save.isPending} />
      </form>
      {guard}
    </FormPage>
  );
}

function LoadPlan({ pkg }: { pkg: StoredPackage }) {
  const trpc = useTRPC();
  const plan = useQuery({ ...trpc.visitPlans.get.queryOptions({ packageId: pkg.id }), staleTime: 0 });
  return (
    <LoadCareItem what="package" query={plan}>
      {(stored) => <PlanForm key={stored.version} pkg={pkg} stored={stored} />}
    </LoadCareItem>
  );
}

/** /packages/plan/{id}: the package's visits in a week, at set times and at any time. */
export function PlanVisitsPage() {
  const { id = '' } = useParams();
  return <LoadPackage id={id}>{(pkg) => <LoadPlan pkg={pkg} />}</LoadPackage>;
}
