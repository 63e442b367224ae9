import type { SearchOption } from '@/client/components/form/search-select';
import type { RouterOutputs } from '@/browser/api-types';
import { formatDate, formatHours } from '@/client/lib/format';
import { unmetHours } from '@/client/components/care/unmet-hours';
import { type EndDate, OPEN } from '@/shared/dates';

export type RequestSummary = RouterOutputs['requests']['getAllMetadata'][number];

const byName = (a: string, b: string) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' });

/** "6 Jan 2025 – 30 Jun 2025", or "from 6 Jan 2025" while open. */
function period(startDate: string, endDate: EndDate): string {
  return endDate === OPEN ? `from ${formatDate(startDate)}` : `${formatDate(startDate)} – ${formatDate(endDate)}`;
}

/** A request as its picker shows it: the client, then where, how many hours and how many are still unmet. */
export function requestSummary(r: RequestSummary) {
  return {
    title: r.customId ? `${r.clientName} (${r.customId})` : r.clientName,
    details: [
      r.locality,
      `${formatHours(r.weeklyHours)} h/week`,
      `${formatHours(unmetHours(r))} h unmet`,
      period(r.startDate, r.endDate),
    ],
  };
}

/** "Ann Smith · Milverton · 6 h/week · 2.5 h unmet · from 6 Jan 2025" */
export function requestLabel(r: RequestSummary): string {
  const { title, details } = requestSummary(r);
  return [title, ...details].join(' · ');
}

/**
 * The requests a new package may be for: those not archived (and the one already chosen), by client name
 * and, for one client, newest first.
 */
export function requestOptions(requests: readonly RequestSummary[], chosenId: string): SearchOption<RequestSummary>[] {
  return requests
    .filter((r) => r.archived === 'N' || r.id === chosenId)
    .toSorted((a, b) => byName(a.clientName, b.clientName) || b.startDate.localeCompare(a.startDate))
    .map((r) => ({ value: r.id, label: requestLabel(r), search: `${requestLabel(r)} ${r.id}`, data: r }));
}
