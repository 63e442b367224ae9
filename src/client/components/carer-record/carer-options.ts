import type { Compliance } from '@/shared/compliance';
import type { SearchGroup } from '@/client/components/form/search-select';
import type { RouterOutputs } from '@/browser/api-types';
import { formatDate, formatHours } from '@/client/lib/format';
import { hoursInService, type PackageInService } from '@/shared/care';
import { expiryStatus } from '@/shared/expiry';
import { expiryBadge } from './expiry-display';

// The carers a picker offers: each with what helps choose (kind, locality, current hours, DBS, compliance).

type CarerRow = RouterOutputs['mps']['getAllNotArchived'][number];

const byName = (a: string, b: string) => a.localeCompare(b, 'en-GB', { sensitivity: 'base' });

/** A carer's DBS in words: "No DBS", "DBS expired 3 Jan 2026", "DBS until 3 Jan 2027 (Expires in 5 days)". */
function dbsStatusText(dbsExpiry: string, today: string): string {
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
function carerLabel(c: CarerChoice): string {
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
