import type { ListColumn, SortState } from '@/client/components/list-screen/types';
import { Badge } from '@/client/components/ui/badge';
import { formatDate } from '@/client/lib/format';
import { expiryStatus } from '@/shared/expiry';
import { expiryBadge, expiryListValue } from './expiry-display';

/** "Expired", "Expires in N days" or "Within 90 days"; nothing when the date is further off or missing. */
export function ExpiryBadge({ date, today }: { date: string; today: string }) {
  const badge = expiryBadge(date, today);
  return badge && <Badge variant={badge.variant}>{badge.text}</Badge>;
}

/** An expiry date with its badge, or the screen's words for a missing date (e.g. "No DBS"). */
function ExpiryDate({ date, today, missingText }: { date: string; today: string; missingText: string }) {
  if (expiryStatus(date, today) === 'none') return <span>{missingText}</span>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="whitespace-nowrap">{formatDate(date)}</span>
      <ExpiryBadge date={date} today={today} />
    </span>
  );
}

/** The expiry column's id on every expiry list, so `?sort=expiry` in an address sorts any of them by it. */
export const EXPIRY_COLUMN_ID = 'expiry';

/** Expired first, then the soonest: what needs chasing is at the top. */
export const SOONEST_FIRST: SortState = { columnId: EXPIRY_COLUMN_ID, direction: 'asc' };

/** The address of an expiry list sorted soonest first, e.g. /dbs?sort=expiry. */
export const soonestFirstPath = (path: string) => `${path}?sort=${EXPIRY_COLUMN_ID}`;

/** A list column of expiry dates that shows the badge, sorts by date and filters on the words shown. */
export function expiryColumn<T>({
  id,
  header,
  date,
  missingText,
  today,
}: {
  id: string;
  header: string;
  date: (row: T) => string;
  missingText: string;
  today: string;
}): ListColumn<T> {
  return {
    id,
    header,
    value: (row) => expiryListValue(date(row), today, missingText),
    // ISO dates sort by date: expired first (longest overdue), then soonest; missing dates last.
    sortValue: (row) => date(row) || null,
    cell: (row) => <ExpiryDate date={date(row)} today={today} missingText={missingText} />,
  };
}
