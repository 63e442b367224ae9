import type { DEPRIVATION_CATEGORIES } from './constants';

export type DeprivationCategory = (typeof DEPRIVATION_CATEGORIES)[number];
export interface DeprivationFlags {
  income: boolean;
  health: boolean;
}

/** Both, Income, Health or None: how lists and reports name an address's deprivation. */
export function deprivationCategory({ income, health }: DeprivationFlags): DeprivationCategory {
  if (income && health) return 'Both';
  if (income) return 'Income';
  if (health) return 'Health';
  return 'None';
}

/** The message shown after a client is created (spec §4). */
export function deprivationMessage(postcode: string, flags: DeprivationFlags): string {
  switch (deprivationCategory(flags)) {
    case 'Both':
      return `The postcode ${postcode} indicates both income and health deprivation.`;
    case 'Income':
      return `The postcode ${postcode} indicates income deprivation.`;
    case 'Health':
      return `The postcode ${postcode} indicates health deprivation.`;
    case 'None':
      return `The postcode ${postcode} shows no deprivation indicators.`;
  }
}
