import { formatDate } from '@/client/lib/format';
import { expirySortKey, expiryStatus } from '@/shared/expiry';

export type ExpiryBadgeVariant = 'destructive' | 'warning' | 'secondary';

export interface ExpiryBadgeContent {
  text: string;
  variant: ExpiryBadgeVariant;
}

// expirySortKey counts the days since 1970 for a date, so two keys differ by the days between the dates.
const daysBetween = (from: string, to: string) => expirySortKey(to) - expirySortKey(from);

function expiresIn(days: number): string {
  if (days === 0) return 'Expires today';
  return `Expires in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The badge beside an expiry date, in words as well as colour; null when the date is far enough away or missing. */
export function expiryBadge(expiryDate: string, today: string): ExpiryBadgeContent | null {
  switch (expiryStatus(expiryDate, today)) {
    case 'expired':
      return { text: 'Expired', variant: 'destructive' };
    case 'within30':
      return { text: expiresIn(daysBetween(today, expiryDate)), variant: 'warning' };
    case 'within90':
      return { text: 'Within 90 days', variant: 'secondary' };
    default:
      return null;
  }
}

/** An expiry column's text as shown (the date and the badge's words), which its filter matches. */
export function expiryListValue(expiryDate: string, today: string, missingText: string): string {
  if (expiryStatus(expiryDate, today) === 'none') return missingText;
  return [formatDate(expiryDate), expiryBadge(expiryDate, today)?.text].filter(Boolean).join(' ');
}
