import { eq } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { appSecrets } from '@/server/db/schema/auth';

/** Reads a generated secret, creating it once; concurrent first starts agree on one value. */
export async function storedSecret<T>(db: Executor, name: string, create: () => Promise<T>): Promise<T> {
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (existing) return existing.value as T;
  await db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return stored!.value as T;
}
