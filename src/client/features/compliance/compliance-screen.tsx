import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, type Control, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField, Field } from '@/client/components/form/field';
import { FormSection, PageHeader, SubmitButton } from '@/client/components/form/form-layout';
import { LoadState } from '@/client/components/load-state';
import { Input } from '@/client/components/ui/input';
import { formDraft, useUnsavedChanges } from '@/client/components/unsaved-changes';
import { useCan } from '@/client/lib/auth';
import { useTRPC } from '@/client/lib/trpc';
import type { ComplianceSettings } from '@/shared/compliance';
import { TRAINING_TYPES } from '@/shared/constants';
import { complianceSettings } from '@/shared/schemas/compliance';

type SettingsInput = z.input<typeof complianceSettings>;

/** /compliance: what a carer needs before they may be given care. Admins change it; other roles read it. */
export default function ComplianceScreen() {
  const trpc = useTRPC();
  const canUpdate = useCan('compliance', 'update');
  const settings = useQuery(trpc.compliance.getSettings.queryOptions());
  return (
    <div className="flex flex-col gap-6 p-4 md:p-6">
      <PageHeader title="Compliance" />
      <p className="max-w-prose text-sm text-muted-foreground">
        A carer is Not compliant, and is not given care without a reason, when their DBS re-check date has passed or is missing, or
        when something required here has expired or is missing. Anything that runs out within 30 days shows as Expiring soon.
        {!canUpdate && ' Only an Admin can change these settings.'}
      </p>
      <LoadState query={settings} errorText="Error loading the compliance settings" className="m-0">
        {(current) => <SettingsForm key={JSON.stringify(current)} initial={current} readOnly={!canUpdate} />}
      </LoadState>
    </div>
  );
}

/** One checkbox per training type, for one kind of carer. */
function TrainingChoice({ control, name, legend, readOnly }: { control: Control<SettingsInput>; name: 'requiredTrainingMps' | 'requiredTrainingVolunteers'; legend: string; readOnly: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = field.value ?? [];
        return (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
            {TRAINING_TYPES.map((type) => (
              <CheckboxField
                key={type}
                label={type}
                disabled={readOnly}
                checked={chosen.includes(type)}
                onChange={(e) => field.onChange(e.target.checked ? [...chosen, type] : chosen.filter((t) => t !== type))}
              />
            ))}
            {fieldState.error && (
              <p className="text-sm text-destructive" role="alert">
                {fieldState.error.message}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}

function SettingsForm({ initial, readOnly }: { initial: ComplianceSettings; readOnly: boolean }) {
  const trpc = useTRPC();
  const update = useMutation(trpc.compliance.updateSettings.mutationOptions());
  const form = useForm<SettingsInput, unknown, ComplianceSettings>({ resolver: zodResolver(complianceSettings), defaultValues: initial });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isDirty },
  } = form;
  const { guard } = useUnsavedChanges(isDirty, { draft: formDraft(form) });

  return (
    <form
      onSubmit={(event) => void handleSubmit((values) => update.mutate(values))(event)}
      aria-label="Compliance settings"
      noValidate
      className="flex max-w-4xl flex-col gap-6"
    >
      {guard}
      <FormSection title="Required training">
        <p className="text-sm text-muted-foreground sm:col-span-2">
          A carer needs a record of each type ticked, not expired. A record with no expiry date never runs out.
        </p>
        <TrainingChoice control={control} name="requiredTrainingMps" legend="Training required of MPs" readOnly={readOnly} />
        <TrainingChoice control={control} name="requiredTrainingVolunteers" legend="Training required of volunteers" readOnly={readOnly} />
      </FormSection>
      <FormSection title="Public liability">
        <CheckboxField label="Required of MPs" disabled={readOnly} {...register('publicLiabilityMps')} />
        <CheckboxField label="Required of volunteers" disabled={readOnly} {...register('publicLiabilityVolunteers')} />
      </FormSection>
      <FormSection title="DBS re-check" className="sm:grid-cols-1">
        <Field
          label="Years between DBS re-checks"
          error={errors.dbsRecheckYears?.message}
          hint="A carer's DBS expiry is this many years after their certificate's issue date, or after the last Update Service check when they subscribe. Changing it moves every date that follows the policy; dates entered by hand stay. Every carer needs a DBS check."
        >
          <Input type="number" inputMode="numeric" min={1} max={10} step={1} className="sm:max-w-32" disabled={readOnly} {...register('dbsRecheckYears', { valueAsNumber: true })} />
        </Field>
      </FormSection>
      {!readOnly && (
        <div className="flex justify-end">
          <SubmitButton submitting={update.isPending} label="Save settings" submittingLabel="Saving..." />
        </div>
      )}
    </form>
  );
}
