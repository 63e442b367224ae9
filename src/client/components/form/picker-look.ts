import type { ClassNamesConfig, GroupBase } from 'react-select';
import { cn } from '@/client/lib/utils';

/** What a field tells a picker: whether its value is wrong, and where the words about it are. */
export interface PickerAria {
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * The pickers' shared look and size (react-select, unstyled): an input like the form's others, red when wrong, and a
 * menu like the app's popovers. `control` is the box's padding, `selected` how a chosen option reads in the menu.
 */
export function pickerLook<O, Multi extends boolean>(
  aria: PickerAria,
  { control, selected }: { control: string; selected: string },
): { maxMenuHeight: number; minMenuHeight: number; classNames: ClassNamesConfig<O, Multi, GroupBase<O>> } & PickerAria {
  return {
    maxMenuHeight: 300,
    minMenuHeight: 140,
    'aria-invalid': aria['aria-invalid'],
    'aria-describedby': aria['aria-describedby'],
    classNames: {
      control: ({ isFocused }) =>
        cn('min-h-9 rounded-md border border-input bg-card text-sm shadow-xs', control, isFocused && 'border-ring ring-[3px] ring-ring/50', aria['aria-invalid'] && 'border-destructive'),
      placeholder: () => 'text-muted-foreground',
      indicatorsContainer: () => 'gap-1 text-muted-foreground',
      dropdownIndicator: () => 'p-1 hover:text-foreground',
      menu: () => 'mt-1 rounded-md border bg-popover p-1 text-sm shadow-md z-50',
      option: ({ isFocused, isSelected }) => cn('cursor-default rounded px-2 py-1.5', isFocused && 'bg-accent', isSelected && selected),
      noOptionsMessage: () => 'p-2 text-muted-foreground',
      loadingMessage: () => 'p-2 text-muted-foreground',
    },
  };
}
