import { inArray } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { carers } from '@/server/db/schema/people';

/** The current names of the given carers, by id (as the office's day, the digest and the reports name carers). */
export async function carerNamesOf(db: Executor, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: carers.id, name: carers.name }).from(carers).where(inArray(carers.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}
