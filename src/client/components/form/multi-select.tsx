import { type ReactNode, useId } from 'react';
import Select, { type MultiValue } from 'react-select';
import { cn } from '@/client/lib/utils';

export interface Option {
  value: string;
  label: string;
}

interface MultiSelectProps {
  id?: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  isLoading?: boolean;
  /** How an option reads in the open list (e.g. with a badge); chosen ones show their label. */
  renderOption?: (option: Option) => ReactNode;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** A searchable multi-select (react-select with its defaults: "Select...", "No options", page size 5). */
export function MultiSelect({ id, options, value, onChange, onBlur, isLoading, renderOption, ...aria }: MultiSelectProps) {
  const selected = value.map((v) => options.find((o) => o.value === v) ?? { value: v, label: v });
  const instanceId = useId();
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
      maxMenuHeight={300}
      minMenuHeight={140}
      aria-invalid={aria['aria-invalid']}
      aria-describedby={aria['aria-describedby']}
      classNames={{
        control: ({ isFocused }) =>
          cn(
            'min-h-9 rounded-md border border-input bg-card px-2 py-0.5 text-sm shadow-xs',
            isFocused && 'border-ring ring-[3px] ring-ring/50',
            aria['aria-invalid'] && 'border-destructive',
          ),
        valueContainer: () => 'gap-1 py-0.5',
        multiValue: () => 'items-center gap-1 rounded bg-secondary px-1.5 py-0.5 text-secondary-foreground',
        multiValueRemove: () => 'rounded hover:bg-destructive/15 hover:text-destructive',
        placeholder: () => 'text-muted-foreground',
        indicatorsContainer: () => 'gap-1 text-muted-foreground',
        clearIndicator: () => 'p-1 hover:text-foreground',
        dropdownIndicator: () => 'p-1 hover:text-foreground',
        menu: () => 'mt-1 rounded-md border bg-popover p-1 text-sm shadow-md z-50',
        option: ({ isFocused, isSelected }) =>
          cn('cursor-default rounded px-2 py-1.5', isFocused && 'bg-accent', isSelected && 'font-medium'),
        noOptionsMessage: () => 'p-2 text-muted-foreground',
        loadingMessage: () => 'p-2 text-muted-foreground',
      }}
    />
  );
}

export const toOptions = (values: readonly string[]): Option[] => values.map((v) => ({ value: v, label: v }));
