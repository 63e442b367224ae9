import { describe, expect, it } from 'vitest';
import { CARE_VIEW_PROCEDURE, CARE_VIEWS, type CareView, nextCareView } from './care-view';

describe('the requests and packages list views', () => {
  it('cycle Active → Completed → Archived → Active', () => {
    const seen: CareView[] = ['active'];
    for (let i = 0; i < 3; i++) seen.push(nextCareView(seen.at(-1)!));
    expect(seen).toEqual(['active', 'completed', 'archived', 'active']);
  });

  it('label the button with the view it moves to, in the spec words', () => {
    expect(CARE_VIEWS.active.buttonLabel).toBe('Show Completed');
    expect(CARE_VIEWS.completed.buttonLabel).toBe('Show Archived');
    expect(CARE_VIEWS.archived.buttonLabel).toBe('Hide Archived');
  });

  it('load not ended yet, then not archived, then all', () => {
    expect(CARE_VIEW_PROCEDURE).toEqual({ active: 'getAllNotEndedYet', completed: 'getAllNotArchived', archived: 'getAll' });
  });

  it('say which rows are shown', () => {
    expect(CARE_VIEWS.active.caption('requests')).toBe('Showing active requests');
    expect(CARE_VIEWS.archived.caption('packages')).toBe('Showing all packages, archived included');
  });
});
