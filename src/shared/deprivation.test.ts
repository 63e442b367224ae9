import { describe, expect, it } from 'vitest';
import { deprivationCategory, deprivationMessage } from './deprivation';

describe('deprivation wording', () => {
  it('names the category', () => {
    expect(deprivationCategory({ income: true, health: true })).toBe('Both');
    expect(deprivationCategory({ income: true, health: false })).toBe('Income');
    expect(deprivationCategory({ income: false, health: true })).toBe('Health');
    expect(deprivationCategory({ income: false, health: false })).toBe('None');
  });

  it('says what the post code indicates, in the four wordings', () => {
    expect(deprivationMessage('TA4 1AA', { income: true, health: true })).toBe(
      'The postcode TA4 1AA indicates both income and health deprivation.',
    );
    expect(deprivationMessage('TA4 1AA', { income: true, health: false })).toBe('The postcode TA4 1AA indicates income deprivation.');
    expect(deprivationMessage('TA4 1AA', { income: false, health: true })).toBe('The postcode TA4 1AA indicates health deprivation.');
    expect(deprivationMessage('TA4 1AA', { income: false, health: false })).toBe(
      'The postcode TA4 1AA shows no deprivation indicators.',
    );
  });
});
