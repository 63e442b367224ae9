// The screens and the e-mails show dates alike.
export { formatDate } from '@/shared/dates';

/** Hours with at most two decimals, without trailing zeros: 1, 1.5, 2.25. */
export function formatHours(hours: number): string {
  return String(Math.round(hours * 100) / 100);
}

/** A person's name as lists sort it, surname first: "Ann Smith" sorts as "Smith Ann", under S. */
export function surnameFirst(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length < 2 ? name.trim() : `${parts.at(-1)} ${parts.slice(0, -1).join(' ')}`;
}
