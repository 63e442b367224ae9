import { TRPCClientError } from '@trpc/client';
import { TriangleAlert } from 'lucide-react';
import type { ListColumn } from '@/client/components/list-screen/types';
import { Badge } from '@/client/components/ui/badge';
import { formatDate } from '@/client/lib/format';
import { OPEN } from '@/shared/dates';

/** An end date as staff read it: "Ongoing" when open. */
export function endDateText(endDate: string): string {
  return endDate === OPEN ? 'Ongoing' : formatDate(endDate);
}

/** "2 Mar 2025 – Ongoing". */
export function periodText({ startDate, endDate }: { startDate: string; endDate: string }): string {
  return `${formatDate(startDate)} – ${endDateText(endDate)}`;
}

/** A list column of dates, sorted by date; an open end ("Ongoing") sorts after every date. */
export function dateColumn<T>(id: string, header: string, date: (row: T) => string): ListColumn<T> {
  return { id, header, value: (row) => endDateText(date(row)), sortValue: date, className: 'whitespace-nowrap' };
}

/** Urgent stands out in words and colour; pending stays quiet. */
export function RequestStatusBadge({ status }: { status: 'pending' | 'urgent' }) {
  return status === 'urgent' ? (
    <Badge variant="destructive">
      <TriangleAlert aria-hidden />
      Urgent
    </Badge>
  ) : (
    <Badge variant="secondary">Pending</Badge>
  );
}

export const REQUEST_TYPE_LABELS = { paid: 'Paid', unpaid: 'Unpaid' } as const;
export const REQUEST_STATUS_LABELS = { pending: 'Pending', urgent: 'Urgent' } as const;

/**
 * A screen's "not found" words when the server finds no such record (or the address holds no valid id,
 * which names none either), else its load-failure words.
 */
export function loadErrorText(error: unknown, words: { notFound: string; failed: string }): string {
  const code = error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST' ? words.notFound : words.failed;
}
