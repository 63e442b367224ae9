import { useQuery } from '@tanstack/react-query';
import { type FieldErrors, useFormContext } from 'react-hook-form';
import { ComplianceBadge } from '@/client/components/carer-record/compliance-badge';
import { Field } from '@/client/components/form/field';
import { Textarea } from '@/client/components/ui/textarea';
import { useTRPC } from '@/client/lib/trpc';

interface OverrideValues {
  override?: { reason: string };
}

/** Whether a carer may be given a request's care, asked as soon as both are chosen. */
export function useAssignmentCheck(carerId: string, requestId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.packages.checkAssignment.queryOptions({ carerId, requestId }), enabled: Boolean(carerId && requestId) });
}

/**
 * Under the carer field: the carer's compliance badge and why, a do-not-match warning with its reason, and
 * for a carer who is not compliant (when the save checks them) a required reason to assign them anyway.
 * `refusal` is the server's answer to a save without one.
 */
export function AssignmentCheck({ carerId, requestId, asksReason, refusal }: { carerId: string; requestId: string; asksReason: boolean; refusal?: string }) {
  const check = useAssignmentCheck(carerId, requestId);
  const form = useFormContext<OverrideValues>();
  const errors: FieldErrors<OverrideValues> = form.formState.errors;
  if (!carerId || !requestId) return null;
  if (check.isError) return <p className="text-sm text-muted-foreground sm:col-span-2">Could not check this carer&apos;s compliance; the save will.</p>;
  const result = check.data;
  const notCompliant = result?.compliance.status === 'Not compliant' || refusal !== undefined;
  return (
    <div className="flex flex-col gap-3 sm:col-span-2" aria-live="polite">
      {result && result.compliance.status !== 'Compliant' && (
        <div
          className={
            result.compliance.status === 'Not compliant'
              ? 'rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm'
              : 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950'
          }
        >
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <ComplianceBadge compliance={result.compliance} />
            {result.compliance.status !== 'Not compliant'
              ? 'Still assignable; renew soon.'
              : asksReason
                ? 'This carer may not be given care without a reason.'
                : 'Already this package’s carer: it can still be corrected or ended.'}
          </p>
          <ul className="mt-2 list-disc pl-5">
            {result.compliance.reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </div>
      )}
      {result?.excluded && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <span className="font-medium">The client is not to be matched with this carer:</span> {result.excluded.reason}
        </p>
      )}
      {refusal && (
        <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive">
          {refusal}
        </p>
      )}
      {asksReason && notCompliant && (
        <Field
          label="Reason to assign anyway"
          required
          hint="Kept on the package with your name, e.g. the only carer in the area while their DBS re-check is processed"
          error={errors.override?.reason?.message}
        >
          <Textarea autoComplete="off" rows={2} {...form.register('override.reason')} />
        </Field>
      )}
    </div>
  );
}
