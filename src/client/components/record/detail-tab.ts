import type { ReactNode } from 'react';

/** A tab of a record's detail dialog: the dialog shows them, the shared tabs (history, data protection) make them. */
export interface DetailTab {
  value: string;
  label: string;
  content: ReactNode;
}
