import type { KeyboardEvent, MouseEvent } from 'react';

/** Controls inside a row that do their own thing when clicked. */
const CONTROLS = 'a, button, input, select, textarea, label, [role="menu"], [role="menuitem"]';

/**
 * Whether a click on a row (or card) is meant to open it: not when it lands on a control inside the row, in
 * the row's menu (drawn elsewhere in the page but bubbling through the row) or ends a text selection.
 */
export function isRowClick(event: MouseEvent<HTMLElement>): boolean {
  const row = event.currentTarget;
  const target = event.target as Element;
  if (!row.contains(target)) return false;
  const control = target.closest(CONTROLS);
  if (control && row.contains(control)) return false;
  return window.getSelection()?.type !== 'Range';
}

/** Enter on the focused row itself opens it (Enter on a control inside the row belongs to the control). */
export function isRowEnter(event: KeyboardEvent<HTMLElement>): boolean {
  return event.key === 'Enter' && event.target === event.currentTarget;
}
