import { type FieldErrors, useFormContext } from 'react-hook-form';
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
