import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type FieldErrors, useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField, Field } from '@/client/components/form/field';
import { FormSection } from '@/client/components/form/form-layout';
import { Button } from '@/client/components/ui/button';
import { Input } from '@/client/components/ui/input';
import { ChoiceSelect } from '@/client/components/form/choice-select';
import { useTRPC } from '@/client/lib/trpc';
import { DBS_LEVEL_LABELS, DBS_LEVELS, dbsRecheckDate, isMaskedCertificateNumber } from '@/shared/compliance';
import { isIsoDate } from '@/shared/dates';
import type { carerForm } from '@/shared/schemas/people';

type CarerFormInput = z.input<typeof carerForm>;
type PolicyFacts = { issueDate: string; updateService: boolean; updateServiceCheckedOn: string };

const years = (n: number) => (n === 1 ? '1 year' : `${n} years`);

/** What the hint under "DBS expiry" says the date follows, or is waiting for. */
export function recheckHint(dbs: PolicyFacts, recheckYears: number | undefined, byHand: boolean): string {
  if (byHand) return 'Entered by hand: it does not follow the policy.';
  if (recheckYears === undefined) return 'Follows the policy.';
  if (dbs.updateService && isIsoDate(dbs.updateServiceCheckedOn)) return `Follows the policy: ${years(recheckYears)} after the last Update Service check.`;
  if (isIsoDate(dbs.issueDate)) return `Follows the policy: ${years(recheckYears)} after the issue date.`;
  return `Follows the policy (${years(recheckYears)} after the issue date, or the last Update Service check) once an issue date is entered. Or type the date to enter it by hand.`;
}

/**
 * The certificate number: a stored one is shown masked, as the server gives it, and sent back so, which
 * keeps it; "Replace" empties the box for a new number.
 */
function CertificateNumber({ stored }: { stored: string }) {
  const { register, setValue, setFocus, formState } = useFormContext<CarerFormInput>();
  const errors: FieldErrors<CarerFormInput> = formState.errors;
  const [replacing, setReplacing] = useState(false);
  const masked = isMaskedCertificateNumber(stored);
  const keeping = masked && !replacing;
  const replace = (yes: boolean) => {
    setValue('dbs.certificateNumber', yes ? '' : stored, { shouldDirty: true, shouldValidate: !yes });
    setReplacing(yes);
  };
  useEffect(() => {
    if (replacing) setFocus('dbs.certificateNumber');
  }, [replacing, setFocus]);
  return (
    <Field
      label="DBS certificate number"
      error={errors.dbs?.certificateNumber?.message}
      hint={keeping ? 'Only the last 4 digits are shown.' : masked ? 'Leave empty to remove the number.' : '12 digits, as on the certificate.'}
    >
      {(control) => (
        <div className="flex gap-2">
          <Input {...control} readOnly={keeping} inputMode={keeping ? undefined : 'numeric'} autoComplete="off" {...register('dbs.certificateNumber')} />
          {masked && (
            <Button type="button" variant="outline" onClick={() => replace(!replacing)}>
              {replacing ? 'Keep' : 'Replace'}
            </Button>
          )}
        </div>
      )}
    </Field>
  );
}

/**
 * The DBS certificate and its re-check date ("DBS expiry"). The date follows the policy an Admin sets,
 * worked out here as the server will, unless it is entered by hand: typing a date does that, and
 * unticking "by hand" returns it to the policy.
 */
export function DbsSection({ storedNumber }: { storedNumber: string }) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.compliance.getSettings.queryOptions());
  const { register, setValue, getValues, control, formState } = useFormContext<CarerFormInput>();
  const errors: FieldErrors<CarerFormInput> = formState.errors;
  const [issueDate = '', updateService = false, updateServiceCheckedOn = '', byHand = false] = useWatch({
    control,
    name: ['dbs.issueDate', 'dbs.updateService', 'dbs.updateServiceCheckedOn', 'dbs.expiryEnteredByHand'],
  });
  const facts = { issueDate, updateService, updateServiceCheckedOn };
  const recheckYears = settings.data?.dbsRecheckYears;
  const policyDate = recheckYears === undefined ? undefined : dbsRecheckDate(facts, recheckYears);

  // Following the policy, the date shown is the policy's, kept up to date as the details change.
  useEffect(() => {
    if (!byHand && policyDate !== undefined && getValues('dbsExpiry') !== policyDate) setValue('dbsExpiry', policyDate, { shouldDirty: true });
  }, [byHand, policyDate, getValues, setValue]);

  return (
    <FormSection title="DBS">
      <CertificateNumber stored={storedNumber} />
      <Field label="DBS level" error={errors.dbs?.level?.message}>
        <ChoiceSelect choices={DBS_LEVELS} wordsOf={(level) => DBS_LEVEL_LABELS[level]} none="Not recorded" {...register('dbs.level')} />
      </Field>
      <Field label="DBS issue date" error={errors.dbs?.issueDate?.message}>
        <Input type="date" {...register('dbs.issueDate')} />
      </Field>
      <div className="flex flex-col gap-3 sm:row-span-2">
        <CheckboxField label="Subscribes to the DBS Update Service" className="sm:mt-7" {...register('dbs.updateService')} />
        <Field
          label="Last Update Service check"
          error={errors.dbs?.updateServiceCheckedOn?.message}
          hint="The date of the last status check online; counted only while the carer subscribes."
        >
          <Input type="date" {...register('dbs.updateServiceCheckedOn')} />
        </Field>
      </div>
      <div className="flex flex-col gap-3">
        <Field label="DBS expiry" hint={recheckHint(facts, recheckYears, byHand)} error={errors.dbsExpiry?.message}>
          <Input
            type="date"
            {...register('dbsExpiry', { onChange: () => setValue('dbs.expiryEnteredByHand', true, { shouldDirty: true }) })}
          />
        </Field>
        <CheckboxField label="Enter the re-check date by hand" {...register('dbs.expiryEnteredByHand')} />
      </div>
    </FormSection>
  );
}
