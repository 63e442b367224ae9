import { type AnyColumn, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { formatDate } from '@/shared/dates';
import { idKindOf, type IdKind } from '@/shared/record-kinds';
import type { Executor } from '@/server/db/client';
import { users } from '@/server/db/schema/auth';
import { packages, requests } from '@/server/db/schema/care';
import { magLogs } from '@/server/db/schema/mag';
import { carers, clients } from '@/server/db/schema/people';
import { trainingRecords } from '@/server/db/schema/training';
import { escapeLike, searchKeyContains, searchKeyOf } from '@/server/db/like';

// The names the audit trail shows beside record ids and people's e-mail addresses, read as the trail is read: a
// record's name as it is now (a renamed client under their new name, an anonymised one as anonymised), never
// copied into the trail, where it could not be taken out again.

/** The current name of each record named by id: a person's, a request's or package's client, a training record's, a MAG log's date. */
export async function recordNames(db: Executor, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const of = (...kinds: IdKind[]) => wanted.filter((id) => kinds.includes(idKindOf(id)!));
  const names = new Map<string, string>();
  const add = (rows: { id: string; name: string }[]) => rows.forEach((row) => names.set(row.id, row.name));
  const [clientIds, carerIds, requestIds, packageIds, recordIds, logIds] = [of('client'), of('mp', 'volunteer'), of('request'), of('package'), of('trainingRecord'), of('magLog')];
  if (clientIds.length) add(await db.select({ id: clients.id, name: clients.name }).from(clients).where(inArray(clients.id, clientIds)));
  if (carerIds.length) add(await db.select({ id: carers.id, name: carers.name }).from(carers).where(inArray(carers.id, carerIds)));
  if (requestIds.length) {
    add(
      await db
        .select({ id: requests.id, name: sql<string>`'for ' || ${clients.name}` })
        .from(requests)
        .innerJoin(clients, eq(clients.id, requests.clientId))
        .where(inArray(requests.id, requestIds)),
    );
  }
  if (packageIds.length) add(await db.select({ id: packages.id, name: sql<string>`'for ' || ${packages.name}` }).from(packages).where(inArray(packages.id, packageIds)));
  if (recordIds.length) {
    add(
      await db
        .select({ id: trainingRecords.id, name: sql<string>`${trainingRecords.recordName} || ' of ' || ${trainingRecords.name}` })
        .from(trainingRecords)
        .where(inArray(trainingRecords.id, recordIds)),
    );
  }
  if (logIds.length) {
    const logs = await db.select({ id: magLogs.id, date: magLogs.date }).from(magLogs).where(inArray(magLogs.id, logIds));
    add(logs.map((log) => ({ id: log.id, name: `of ${formatDate(log.date)}` })));
  }
  return names;
}

/** Staff names by e-mail address, for "who acted". */
export async function staffNames(db: Executor, emails: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(emails)];
  if (!wanted.length) return new Map();
  const rows = await db.select({ email: users.email, givenName: users.givenName, familyName: users.familyName }).from(users).where(inArray(users.email, wanted));
  return new Map(rows.map((row) => [row.email, `${row.givenName} ${row.familyName}`.trim()]));
}

/** Rows whose record is named (however typed) like `typed`: a client, carer, request's client or package. */
export function recordNamed(recordId: AnyColumn, typed: string): SQL {
  const pattern = searchKeyContains(typed);
  return sql`${recordId} in (
    select ${clients.id} from ${clients} where ${searchKeyOf(clients.name)} like ${pattern}
    union all select ${carers.id} from ${carers} where ${searchKeyOf(carers.name)} like ${pattern}
    union all select ${requests.id} from ${requests} join ${clients} on ${clients.id} = ${requests.clientId} where ${searchKeyOf(clients.name)} like ${pattern}
    union all select ${packages.id} from ${packages} where ${searchKeyOf(packages.name)} like ${pattern}
    union all select ${trainingRecords.id} from ${trainingRecords} where ${searchKeyOf(trainingRecords.name)} like ${pattern}
  )`;
}

/** Rows of people who acted whose e-mail holds `typed`, or whose name does however typed. */
export function actedBy(actorEmail: AnyColumn, typed: string): SQL {
  const pattern = searchKeyContains(typed);
  return sql`(${actorEmail} ilike ${`%${escapeLike(typed.trim())}%`} or ${actorEmail} in (
    select ${users.email} from ${users} where ${searchKeyOf(sql`${users.givenName} || ' ' || ${users.familyName}`)} like ${pattern}
  ))`;
}
