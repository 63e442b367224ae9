import { sql } from 'drizzle-orm';
import type { PackageInput, RequestInput } from '@/shared/schemas/care';
import type { Database } from '@/server/db/client';

interface CareOverrides {
  startDate?: string;
  endDate?: string;
  archived?: 'Y' | 'N';
  weeklyHours?: number;
}

/** The least a request needs: its client and a start date; its address is then the client's. */
export function newRequest(clientId: string, overrides: CareOverrides & { requestType?: 'paid' | 'unpaid' } = {}): RequestInput {
  const { weeklyHours, startDate = '2025-01-06', ...rest } = overrides;
  return { clientId, startDate, ...rest, details: { weeklyHours } };
}

/** The least a package needs: its carer, its request, a start date and a post code. */
export function newPackage(carerId: string, requestId: string, overrides: CareOverrides & { name?: string } = {}): PackageInput {
  const { weeklyHours, name, startDate = '2025-01-06', ...rest } = overrides;
  return { carerId, requestId, startDate, ...rest, details: { name, weeklyHours, address: { postCode: 'TA4 2AB' } } };
}

/** Makes every insert into `table` fail at the database, to prove a write is all or nothing; call the result to undo. */
export async function failInsertsInto(db: Database, table: 'requests' | 'packages'): Promise<() => Promise<void>> {
  const name = `fail_inserts_into_${table}`;
  await db.execute(sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`));
  await db.execute(sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`));
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}`));
  };
}
