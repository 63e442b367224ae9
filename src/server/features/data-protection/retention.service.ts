import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { addDays } from '@/shared/dates';
import { queryRows } from '@/server/db/client';
import { packages, requests } from '@/server/db/schema/care';
import { carers, clients } from '@/server/db/schema/people';
import type { ServiceContext } from '@/server/records/service-context';
import { kindOf, type PersonKind } from './person-records';

export interface RetentionCandidate {
  personId: string;
  kind: PersonKind;
  name: string;
  /** When care ended (clients) or the carer was archived. */
  since: string;
}

/**
 * People kept longer than the retention period: clients whose care ended (their end date, or the last end
 * of their requests and packages when none is still active) before the cut-off, and carers archived before
 * it. Already anonymised people are left out.
 */
export async function retentionReview({ db, today, retentionYears }: Pick<ServiceContext, 'db' | 'today' | 'retentionYears'>): Promise<RetentionCandidate[]> {
  const cutoff = addDays(today, -Math.round(retentionYears * 365.25));
  const clientRows = await queryRows<{ id: string; name: string; since: string }>(
    db,
    sql`
    with care as (
      select r.client_id,
             bool_or(r.end_date is null or r.end_date >= ${today}::date) as request_active,
             max(r.end_date) as request_end
      from ${requests} r group by r.client_id
    ), packaged as (
      select r.client_id,
             bool_or(p.end_date is null or p.end_date >= ${today}::date) as package_active,
             max(p.end_date) as package_end
      from ${packages} p join ${requests} r on r.id = p.request_id group by r.client_id
    )
    select c.id, c.name,
           coalesce(c.end_date, greatest(care.request_end, packaged.package_end), c.created_at::date)::text as since
    from ${clients} c
    left join care on care.client_id = c.id
    left join packaged on packaged.client_id = c.id
    where c.anonymised_at is null
      and not coalesce(care.request_active, false)
      and not coalesce(packaged.package_active, false)
      and coalesce(c.end_date, greatest(care.request_end, packaged.package_end), c.created_at::date) < ${cutoff}::date
    order by since`,
  );
  const carerRows = await db
    .select({ id: carers.id, name: carers.name, since: sql<string>`${carers.archivedAt}::date::text` })
    .from(carers)
    .where(and(eq(carers.archived, 'Y'), isNotNull(carers.archivedAt), isNull(carers.anonymisedAt), lt(carers.archivedAt, sql`${cutoff}::date`)));
  return [
    ...clientRows.map((r) => ({ personId: r.id, kind: 'client' as const, name: r.name, since: r.since })),
    ...carerRows.map((r) => ({ personId: r.id, kind: kindOf(r.id), name: r.name, since: r.since })),
  ];
}
