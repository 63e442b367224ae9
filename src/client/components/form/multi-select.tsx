import { type ReactNode, useId } from 'react';
import Select, { type MultiValue } from 'react-select';
import { type PickerAria, pickerLook } from './picker-look';

export interface Option {
  value: string;
  label: string;
}

interface MultiSelectProps extends PickerAria {
  id?: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  isLoading?: boolean;
  /** How an option reads in the open list (e.g. with a badge); chosen ones show their label. */
  renderOption?: (option: Option) => ReactNode;
}

/** A searchable multi-select (react-select with its defaults: "Select...", "No options", page size 5). */
export function MultiSelect({ id, options, value, onChange, onBlur, isLoading, renderOption, ...aria }: MultiSelectProps) {
  const selected = value.map((v) => options.find((o) => o.value === v) ?? { value: v, label: v });
  const instanceId = useId();
  const look = pickerLook<Option, true>(aria, { control: 'px-2 py-0.5', selected: 'font-medium' });
  // react-select scrolls the page to an opening menu over several frames, and the scroll carries on after a quick
  // choice, moving the next button from under the pointer (a click on Save could be lost). One instant scroll instead.
  const bringMenuIntoView = () =>
    requestAnimationFrame(() => document.getElementById(`react-select-${instanceId}-listbox`)?.parentElement?.scrollIntoView({ block: 'nearest' }));
  return (
    <Select<Option, true>
      inputId={id}
      instanceId={instanceId}
      menuShouldScrollIntoView={false}
      onMenuOpen={bringMenuIntoView}
      isMulti
      unstyled
      options={options}
      value={selected}
      isLoading={isLoading}
      onChange={(next: MultiValue<Option>) => onChange(next.map((o) => o.value))}
      onBlur={onBlur}
      formatOptionLabel={renderOption && ((option, { context }) => (context === 'menu' ? renderOption(option) : option.label))}
      {...look}
      classNames={{
        ...look.classNames,
        valueContainer: () => 'gap-1 py-0.5',
        multiValue: () => 'items-center gap-1 rounded bg-secondary px-1.5 py-0.5 text-secondary-foreground',
        multiValueRemove: () => 'rounded hover:bg-destructive/15 hover:text-destructive',
        clearIndicator: () => 'p-1 hover:text-foreground',
      }}
    />
  );
}

export const toOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));
