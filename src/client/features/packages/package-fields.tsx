import { Controller, type FieldErrors, useFormContext } from 'react-hook-form';
import { FunderSelect } from '@/client/components/care/funder-options';
import { Field } from '@/client/components/form/field';
import { Input } from '@/client/components/ui/input';

/** What package forms (add, edit, renew) share beyond the care fields. */
interface PackageFieldValues {
  details: { name: string };
}

export function PackageNameField() {
  const form = useFormContext<PackageFieldValues>();
  const errors: FieldErrors<PackageFieldValues> = form.formState.errors;
  return (
    <Field label="Package name" hint="Leave blank to use the client's name" error={errors.details?.name?.message}>
      <Input autoComplete="off" {...form.register('details.name')} />
    </Field>
  );
}

/** Who funds the package, from the office's list; none said by default. */
export function FunderField({ keep }: { keep?: string | null }) {
  const form = useFormContext<PackageFieldValues & { details: { funderId?: string | null } }>();
  return (
    <Field label="Funder" hint="The grant or contract that pays for this care, for funders' reports">
      {(control) => (
        <Controller
          control={form.control}
          name="details.funderId"
          render={({ field }) => (
            <FunderSelect {...control} none="None said" keep={keep} value={field.value ?? ''} onBlur={field.onBlur} onChange={(e) => field.onChange(e.target.value || null)} />
          )}
        />
      )}
    </Field>
  );
}
