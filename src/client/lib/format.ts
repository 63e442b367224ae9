// The screens and the e-mails show dates alike.
export { formatDate } from '@/shared/dates';

const HOURS = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** Hours with at most two decimals, without trailing zeros, thousands separated: 1, 1.5, 2.25, 1,234.5. */
export function formatHours(hours: number): string {
  return HOURS.format(hours);
}

const REPORT_HOURS = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const CSV_HOURS = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });

/** Hours as reports show them (spec §9): always 2 decimals, with thousands separators on screen and paper ("1,234.50"). */
export function reportHours(hours: number): string {
  return REPORT_HOURS.format(hours);
}

/** Report hours in a downloaded CSV: rounded as on screen, without separators, so a spreadsheet reads a number. */
export function csvHours(hours: number): string {
  return CSV_HOURS.format(hours);
}

/** A person's name as lists sort it, surname first: "Ann Smith" sorts as "Smith Ann", under S. */
export function surnameFirst(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length < 2 ? name.trim() : `${parts.at(-1)} ${parts.slice(0, -1).join(' ')}`;
}
