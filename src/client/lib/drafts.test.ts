/** @vitest-environment jsdom */
import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, forgetDrafts, keepDraft, takeDraft } from './drafts';

const ADA = 'ada@valecare.test';
const BEN = 'ben@valecare.test';
const FORM = '/clients/edit/C1';
const TYPED = { values: { details: { phone: '01984 222222' } }, version: 3 };

afterEach(() => window.sessionStorage.clear());

describe('drafts kept when a session ends', () => {
  it('gives the draft back once, to the account that typed it, at the same address', () => {
    keepDraft(ADA, FORM, TYPED);
    expect(takeDraft(ADA, '/clients/edit/C2')).toBeUndefined();
    expect(takeDraft(ADA, FORM)).toEqual(TYPED);
    expect(takeDraft(ADA, FORM)).toBeUndefined();
  });

  it('never gives one person’s draft to another, and forgets it as the other opens the form', () => {
    keepDraft(ADA, FORM, TYPED);
    expect(takeDraft(BEN, FORM)).toBeUndefined();
    expect(takeDraft(ADA, FORM)).toBeUndefined();
  });

  it('offers nothing older than the limit', () => {
    const then = 1_800_000_000_000;
    keepDraft(ADA, FORM, TYPED, then);
    expect(takeDraft(ADA, FORM, then + DRAFT_MAX_AGE_MS + 1)).toBeUndefined();
    keepDraft(ADA, FORM, TYPED, then);
    expect(takeDraft(ADA, FORM, then + DRAFT_MAX_AGE_MS)).toEqual(TYPED);
  });

  it('keeps no version for an add form', () => {
    keepDraft(ADA, '/clients/create', { values: { details: { name: 'Ivy' } } });
    expect(takeDraft(ADA, '/clients/create')).toEqual({ values: { details: { name: 'Ivy' } } });
  });

  it('forgets every draft on a chosen sign-out, and all but the account’s own when someone signs in', () => {
    keepDraft(ADA, FORM, TYPED);
    keepDraft(BEN, '/mps/create', TYPED);
    window.sessionStorage.setItem('valecare.session.user', 'kept');
    forgetDrafts({ exceptOf: ADA });
    expect(window.sessionStorage.getItem('valecare.draft./mps/create')).toBeNull();
    expect(window.sessionStorage.getItem(`valecare.draft.${FORM}`)).not.toBeNull();
    forgetDrafts();
    expect(takeDraft(ADA, FORM)).toBeUndefined();
    expect(window.sessionStorage.getItem('valecare.session.user')).toBe('kept');
  });

  it('reads a draft it cannot parse as none', () => {
    window.sessionStorage.setItem(`valecare.draft.${FORM}`, '{not json');
    expect(takeDraft(ADA, FORM)).toBeUndefined();
  });
});
