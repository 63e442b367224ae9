/**
 * The control that is opening a dialog, kept for the dialog to give focus back to when it closes. Needed
 * where the opener is not what had focus, such as a row's actions menu item (gone once the menu closes).
 */
let opener: HTMLElement | null = null;

export function rememberDialogOpener(element: HTMLElement | null): void {
  opener = element;
}

/** The remembered opener, once: a dialog takes it as it opens, so a later dialog never finds a stale one. */
export function takeDialogOpener(): HTMLElement | null {
  const element = opener;
  opener = null;
  return element;
}
