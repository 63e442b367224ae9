import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/server/db/client';
import { newId } from '@/server/db/ids';
import { funders } from '@/server/db/schema/care';
import { recordAudit } from '@/server/records/audit-trail';
import { auditChange } from '@/server/records/record-lifecycle';
import { checkVersion, notFound, refused } from '@/server/records/record-errors';
import type { ServiceContext } from '@/server/records/service-context';

export interface Funder {
  id: string;
  name: string;
  archived: boolean;
  version: number;
}

/** A funder as the office reads it. */
const FUNDER = { id: funders.id, name: funders.name, archived: funders.archived, version: funders.version };

const SAME_NAME = 'A funder of that name is on the list already.';

/** Whether another funder than `id` has the name, whatever its capitals. */
async function nameTaken(db: Executor, name: string, id?: string): Promise<boolean> {
  const [found] = await db.select({ id: funders.id }).from(funders).where(sql`lower(${funders.name}) = lower(${name})`);
  return found !== undefined && found.id !== id;
}

/** The funders, by name; archived ones too, for the packages that still name them. */
export async function listFunders({ db }: ServiceContext): Promise<Funder[]> {
  return db.select(FUNDER).from(funders).orderBy(asc(sql`lower(${funders.name})`));
}

export async function createFunder({ db, actor }: ServiceContext, { name }: { name: string }): Promise<Funder> {
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, name)) throw refused(SAME_NAME);
    const [saved] = await tx.insert(funders).values({ id: newId('f'), name }).returning(FUNDER);
    await recordAudit(tx, actor, 'funders.create', saved!.id, { name });
    return saved!;
  });
}

/** Renames a funder or archives it (no longer offered for new packages), against the version last seen. */
export async function updateFunder(ctx: ServiceContext, input: Funder): Promise<Funder> {
  return ctx.db.transaction(async (tx) => {
    const [stored] = await tx.select().from(funders).where(eq(funders.id, input.id)).for('update');
    if (!stored) throw notFound('Funder');
    checkVersion(stored, input.version);
    if (await nameTaken(tx, input.name, input.id)) throw refused(SAME_NAME);
    const [saved] = await tx
      .update(funders)
      .set({ name: input.name, archived: input.archived, version: stored.version + 1 })
      .where(eq(funders.id, input.id))
      .returning(FUNDER);
    await auditChange(tx, ctx, 'funders.update', input.id, { name: stored.name, archived: stored.archived }, { name: saved!.name, archived: saved!.archived });
    return saved!;
  });
}
