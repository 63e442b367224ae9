import { type FieldErrors, useFormContext } from 'react-hook-form';
import { CheckboxField, Field } from '@/client/components/form/field';
import { ChoiceSelect } from '@/client/components/form/choice-select';
import { AddressSection } from '@/client/components/person/person-fields';
import { REQUEST_STATUSES } from '@/shared/constants';
import { REQUEST_STATUS_LABELS } from '@/client/components/care/care-display';

/** What request forms (add, edit, renew) share beyond the care fields. */
interface RequestFieldValues {
  details: {
    status: (typeof REQUEST_STATUSES)[number];
    address: { deprivation: { income: boolean; health: boolean } };
  };
}

export function RequestStatusField() {
  const form = useFormContext<RequestFieldValues>();
  const errors: FieldErrors<RequestFieldValues> = form.formState.errors;
  return (
    <Field label="Status" required error={errors.details?.status?.message}>
      <ChoiceSelect choices={REQUEST_STATUSES} wordsOf={(status) => REQUEST_STATUS_LABELS[status]} {...form.register('details.status')} />
    </Field>
  );
}

/** Where the care is given, with the area's deprivation flags that the hours reports split by. */
export function RequestAddressSection() {
  const { register } = useFormContext<RequestFieldValues>();
  return (
    <AddressSection editing={false}>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <p className="text-sm font-medium">Deprivation</p>
        <div className="flex flex-wrap gap-4">
          <CheckboxField label="Income deprivation" {...register('details.address.deprivation.income')} />
          <CheckboxField label="Health deprivation" {...register('details.address.deprivation.health')} />
        </div>
      </div>
    </AddressSection>
  );
}
