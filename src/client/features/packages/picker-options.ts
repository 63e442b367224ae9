import type { Compliance } from '@/shared/compliance';
import type { SearchGroup, SearchOption } from '@/client/components/form/search-select';
import type { RouterOutputs } from '@/client/lib/api-types';
import { formatDate, formatHours } from '@/client/lib/format';
import { expiryBadge } from '@/client/components/carer/expiry-display';
import { unmetHours } from '@/client/components/care/unmet-hours';
import { hoursInService, type PackageInService } from '@/shared/care';
import { type EndDate, OPEN } from '@/shared/dates';
import { expiryStatus } from '@/shared/expiry';

export type RequestSummary = RouterOutputs['requests']['getAllMetadata'][number];
type CarerRow = RouterOutputs['mps']['getAllNotArchived'][number];

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

/** "Ann Smith (R-12) · Milverton · 6 h/week · 2.5 h unmet · from 6 Jan 2025" */
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

/** A carer's DBS in words: "No DBS", "DBS expired 3 Jan 2026", "DBS until 3 Jan 2027 (Expires in 5 days)". */
export function dbsStatusText(dbsExpiry: string, today: string): string {
  const status = expiryStatus(dbsExpiry, today);
  if (status === 'none') return 'No DBS';
  if (status === 'expired') return `DBS expired ${formatDate(dbsExpiry)}`;
  const badge = expiryBadge(dbsExpiry, today);
  return `DBS until ${formatDate(dbsExpiry)}${badge ? ` (${badge.text})` : ''}`;
}

/** Each carer's current weekly hours: the packages not ended yet, counted as a request's hours in service are. */
export function carerWeeklyHours(packages: readonly PackageInService[], today: string): Map<string, number> {
  const byCarer = new Map<string, PackageInService[]>();
  for (const p of packages) {
    const own = byCarer.get(p.carerId);
    if (own) own.push(p);
    else byCarer.set(p.carerId, [p]);
  }
  return new Map([...byCarer].map(([carerId, own]) => [carerId, hoursInService(own, today)]));
}

export interface CarerChoice {
  id: string;
  name: string;
  type: 'MP' | 'Volunteer';
  locality: string;
  weeklyHours: number;
  dbs: string;
  dbsStatus: ReturnType<typeof expiryStatus>;
  compliance: Compliance;
}

export function carerChoice(carer: CarerRow, type: CarerChoice['type'], hours: ReadonlyMap<string, number>, today: string): CarerChoice {
  return {
    id: carer.id,
    name: carer.details.name,
    type,
    locality: carer.details.address.locality,
    weeklyHours: hours.get(carer.id) ?? 0,
    dbs: dbsStatusText(carer.dbsExpiry, today),
    dbsStatus: expiryStatus(carer.dbsExpiry, today),
    compliance: carer.compliance,
  };
}

/** "MP · Milverton · 4 h/week now": what a carer is, where, and how busy; the DBS follows. */
export function carerFacts(c: CarerChoice): string {
  return [c.type, c.locality, `${formatHours(c.weeklyHours)} h/week now`].join(' · ');
}

/** "Mary Pike · MP · Milverton · 4 h/week now · DBS until 3 Jan 2027" */
export function carerLabel(c: CarerChoice): string {
  return [c.name, carerFacts(c), c.dbs].join(' · ');
}

/** The carers grouped as MPs and Volunteers, each by name; groups without carers are left out. */
export function carerGroups(groups: { label: string; carers: readonly CarerChoice[] }[]): SearchGroup<CarerChoice>[] {
  return groups
    .filter((group) => group.carers.length > 0)
    .map((group) => ({
      label: group.label,
      options: group.carers
        .toSorted((a, b) => byName(a.name, b.name))
        .map((c) => ({ value: c.id, label: carerLabel(c), search: `${carerLabel(c)} ${c.id}`, data: c })),
    }));
}
