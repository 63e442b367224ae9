import { type ReactNode, useState } from 'react';
import Select, { type GroupBase, type SingleValue } from 'react-select';
import { type PickerAria, pickerLook } from './picker-look';
import { matchesWords } from '@/shared/search-key';

/** One choice: `label` is its whole description (shown once chosen, read by screen readers); `search` what typing matches. */
export interface SearchOption<T> {
  value: string;
  label: string;
  search: string;
  data: T;
}

export type SearchGroup<T> = GroupBase<SearchOption<T>> & { label: string };

interface SearchSelectProps<T> extends PickerAria {
  id?: string;
  options: readonly SearchOption<T>[] | readonly SearchGroup<T>[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder: string;
  /** How an option reads in the open list; the chosen one shows its label. */
  renderOption: (option: SearchOption<T>) => ReactNode;
  isLoading?: boolean;
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
  const look = pickerLook<SearchOption<T>, false>(aria, { control: 'px-3 py-1', selected: 'bg-secondary font-medium' });
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
        {...look}
        // The chosen option's whole label wraps rather than being cut off on a phone.
        styles={{ singleValue: (base) => ({ ...base, whiteSpace: 'normal', overflow: 'visible' }) }}
        classNames={{ ...look.classNames, groupHeading: () => 'px-2 pt-2 pb-1 text-xs font-medium text-muted-foreground' }}
      />
    </div>
  );
}

