import { sql } from 'drizzle-orm';
import type { PackageInput, RequestInput } from '@/shared/schemas/care';
import type { Database } from '@/server/db/client';
import { addTwoCarers, newClient } from './builders';
import type { TestApp } from './test-app';

type Caller = ReturnType<TestApp['caller']>;

interface CareOverrides {
  startDate?: string;
  endDate?: string;
  archived?: 'Y' | 'N';
  weeklyHours?: number;
}

/** Weekly hours a request or a package refuses (the one rule both keep, shared/schemas/care.ts), with what it says. */
export const REFUSED_WEEKLY_HOURS: [number, string][] = [
  [-0.5, 'details.weeklyHours: Weekly hours cannot be negative'],
  [0.25, 'details.weeklyHours: Weekly hours go in steps of 0.5'],
  [168.5, 'details.weeklyHours: Weekly hours cannot be more than 168'],
];

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

/** Edna Pollard and a request for her care (from 6 January 2025 unless `request` says otherwise), added by an Admin's caller. */
export async function addClientWithRequest(admin: Caller, request: Parameters<typeof newRequest>[1] = {}): Promise<{ clientId: string; requestId: string }> {
  const clientId = (await admin.clients.create(newClient({ name: 'Edna Pollard' }))).id;
  const requestId = (await admin.requests.create(newRequest(clientId, request))).id;
  return { clientId, requestId };
}

/** A client at `postCode` with a package given to `carerId` there, planned for one visit a week (Tuesdays unless said). */
export async function clientWithVisit(admin: Caller, { name, postCode, start, end, carerId, weekday = 2 }: { name: string; postCode: string; start: string; end: string; carerId: string; weekday?: number }) {
  const clientId = (await admin.clients.create(newClient({ name, postCode }))).id;
  const requestId = (await admin.requests.create(newRequest(clientId, { startDate: '2026-01-05' }))).id;
  const input = newPackage(carerId, requestId, { startDate: '2026-01-05' });
  input.details.address = { postCode };
  const packageId = (await admin.packages.create(input)).id;
  await admin.visitPlans.set({ packageId, visits: [{ weekday, start, end }] });
  return { clientId, packageId };
}

export interface RequestAndTwoCarers {
  clientId: string;
  requestId: string;
  mpId: string;
  volunteerId: string;
}

/** Edna Pollard's request and the two carers who may give it (`addTwoCarers`): where most tests of care start. */
export async function addRequestAndTwoCarers(admin: Caller, request: Parameters<typeof newRequest>[1] = {}): Promise<RequestAndTwoCarers> {
  const carers = await addTwoCarers(admin);
  return { ...carers, ...(await addClientWithRequest(admin, request)) };
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
