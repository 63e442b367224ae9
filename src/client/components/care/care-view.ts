/**
 * The three views of the requests and packages lists (spec §2.5, §4): Active (not ended yet), Completed
 * (not archived: active and ended ones) and Archived (all), cycled by one button.
 */
export type CareView = 'active' | 'completed' | 'archived';

interface CareViewWords {
  /** The view the button moves to. */
  next: CareView;
  /** The button's label in this view, naming what it shows next. */
  buttonLabel: string;
  /** Says which rows are on screen, since the button names the next view rather than this one. */
  caption: (items: string) => string;
}

export const CARE_VIEWS: Record<CareView, CareViewWords> = {
  active: { next: 'completed', buttonLabel: 'Show Completed', caption: (items) => `Showing active ${items}` },
  completed: { next: 'archived', buttonLabel: 'Show Archived', caption: (items) => `Showing active and completed ${items}` },
  archived: { next: 'active', buttonLabel: 'Hide Archived', caption: (items) => `Showing all ${items}, archived included` },
};

/** The view after `view`: Active → Completed → Archived → Active. */
export function nextCareView(view: CareView): CareView {
  return CARE_VIEWS[view].next;
}

/** The list procedure each view loads. */
export const CARE_VIEW_PROCEDURE = {
  active: 'getAllNotEndedYet',
  completed: 'getAllNotArchived',
  archived: 'getAll',
} as const satisfies Record<CareView, string>;
