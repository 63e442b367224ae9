import type { ComponentProps } from 'react';
import { NativeSelect } from '@/client/components/ui/native-select';

type ChoiceSelectProps<T extends string> = ComponentProps<typeof NativeSelect> & {
  choices: readonly T[];
  /** A choice's words on screen; the choice itself when not given. */
  wordsOf?: (choice: T) => string;
  /** A first, empty choice with these words (nothing chosen yet, or nothing recorded). */
  none?: string;
};

/** A select of fixed choices, each shown in its own words. */
export function ChoiceSelect<T extends string>({ choices, wordsOf = (choice) => choice, none, ...select }: ChoiceSelectProps<T>) {
  return (
    <NativeSelect {...select}>
      {none !== undefined && <option value="">{none}</option>}
      {choices.map((choice) => (
        <option key={choice} value={choice}>
          {wordsOf(choice)}
        </option>
      ))}
    </NativeSelect>
  );
}
