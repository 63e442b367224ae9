import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '@/server/db/client';

/** A table of settings that holds one row, `default`, with its time of change. */
type SettingsTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * The one row of an Admin's settings: read as its schema parses it (the defaults while there is none, or when a row
 * written by an older version no longer passes, rather than break every screen that reads it), and saved whole.
 */
export function settingsRow<T extends object>(table: SettingsTable, schema: z.ZodType<T>, defaults: T) {
  const fields = Object.keys(defaults);
  return {
    async read(db: Executor): Promise<T> {
      const [row] = (await db.select().from(table as PgTable).where(eq(table.id, 'default'))) as Record<string, unknown>[];
      if (!row) return defaults;
      const parsed = schema.safeParse(Object.fromEntries(fields.map((field) => [field, row[field]])));
      return parsed.success ? parsed.data : defaults;
    },
    async save(db: Executor, values: T): Promise<void> {
      await db
        .insert(table)
        .values({ id: 'default', ...values } as never)
        .onConflictDoUpdate({ target: table.id, set: { ...values, updatedAt: new Date() } as never });
    },
  };
}
