import { type ReactNode, useState } from 'react';
import Select, { type GroupBase, type SingleValue } from 'react-select';
import { cn } from '@/client/lib/utils';
import { matchesWords } from '@/shared/search-key';

/** One choice: `label` is its whole description (shown once chosen, read by screen readers); `search` what typing matches. */
export interface SearchOption<T> {
  value: string;
  label: string;
  search: string;
  data: T;
}

export type SearchGroup<T> = GroupBase<SearchOption<T>> & { label: string };

interface SearchSelectProps<T> {
  id?: string;
  options: readonly SearchOption<T>[] | readonly SearchGroup<T>[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder: string;
  /** How an option reads in the open list; the chosen one shows its label. */
  renderOption: (option: SearchOption<T>) => ReactNode;
  isLoading?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

function flatten<T>(options: SearchSelectProps<T>['options']): SearchOption<T>[] {
  return options.flatMap((o) => ('options' in o ? [...o.options] : [o]));
}

/**
 * Inside a dialog, leaving the picker (Tab, or a click on the next field) empties react-select's live region
 * while nothing has focus; the dialog's focus trap takes that for the focused element being removed and
 * focuses the dialog itself. Focus then goes on to where it was going.
 */
function keepFocusGoing(next: EventTarget | null) {
  if (!(next instanceof HTMLElement)) return;
  setTimeout(() => {
    const now = document.activeElement;
    if (now !== next && now instanceof HTMLElement && now.contains(next) && next.isConnected) next.focus();
  });
}

/**
 * A searchable single choice among records (react-select): type to narrow, arrows and Enter to choose,
 * Escape to close. Options can say more than a native select's one line of text.
 */
export function SearchSelect<T>({ id, options, value, onChange, onBlur, placeholder, renderOption, isLoading, ...aria }: SearchSelectProps<T>) {
  // A value no longer offered (e.g. an archived carer kept by a package) still shows, by its id.
  const [menuOpen, setMenuOpen] = useState(false);
  const found = value ? flatten(options).find((o) => o.value === value) : undefined;
  const selected = found ?? (value && !isLoading ? { value, label: value, search: value, data: undefined as T } : null);
  return (
    // Enter with the list open chooses (react-select then stops it) or, with nothing to choose, does nothing:
    // it must not submit the form around the picker the way Enter in a text box would.
    <div onKeyDown={(event) => event.key === 'Enter' && menuOpen && event.preventDefault()} onBlur={(event) => keepFocusGoing(event.relatedTarget)}>
      <Select<SearchOption<T>, false, GroupBase<SearchOption<T>>>
        inputId={id}
        unstyled
        options={options}
        value={selected}
        placeholder={placeholder}
        isLoading={isLoading}
        filterOption={(option, input) => matchesWords(option.data.search, input)}
        formatOptionLabel={(option, { context }) => (context === 'menu' ? renderOption(option) : option.label)}
        onChange={(next: SingleValue<SearchOption<T>>) => onChange(next?.value ?? '')}
        onBlur={onBlur}
        onMenuOpen={() => setMenuOpen(true)}
        onMenuClose={() => setMenuOpen(false)}
        maxMenuHeight={300}
        minMenuHeight={140}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={aria['aria-describedby']}
        // The chosen option's whole label wraps rather than being cut off on a phone.
        styles={{ singleValue: (base) => ({ ...base, whiteSpace: 'normal', overflow: 'visible' }) }}
        classNames={{
          control: ({ isFocused }) =>
            cn(
              'min-h-9 rounded-md border border-input bg-card px-3 py-1 text-sm shadow-xs',
              isFocused && 'border-ring ring-[3px] ring-ring/50',
              aria['aria-invalid'] && 'border-destructive',
            ),
          placeholder: () => 'text-muted-foreground',
          indicatorsContainer: () => 'gap-1 text-muted-foreground',
          dropdownIndicator: () => 'p-1 hover:text-foreground',
          menu: () => 'mt-1 rounded-md border bg-popover p-1 text-sm shadow-md z-50',
          groupHeading: () => 'px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground',
          option: ({ isFocused, isSelected }) =>
            cn('cursor-default rounded px-2 py-1.5', isFocused && 'bg-accent', isSelected && 'bg-secondary font-medium'),
          noOptionsMessage: () => 'p-2 text-muted-foreground',
          loadingMessage: () => 'p-2 text-muted-foreground',
        }}
      />
    </div>
  );
}

