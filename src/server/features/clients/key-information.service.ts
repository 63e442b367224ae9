import { eq } from 'drizzle-orm';
import type { KeyInformationInput } from '@/shared/schemas/key-information';
import { clientKeyInformation } from '@/server/db/schema/key-information';
import { clients } from '@/server/db/schema/people';
import { type KeyInformation, openKeySafeCode, sealKeySafeCode } from '@/server/records/key-information';
import { checkVersion, notFound } from '@/server/records/record-errors';
import { auditChange } from '@/server/records/record-lifecycle';
import type { RecordContext } from '@/server/records/service-context';

/** A client's key information as the office reads it: whether a key safe code is held, never the code. */
export interface KeyInformationRead extends KeyInformation {
  clientId: string;
  keySafeCode: 'held' | 'none' | 'unreadable';
  version: number;
}

type Row = typeof clientKeyInformation.$inferSelect;

async function keyInformationRead(ctx: RecordContext, clientId: string, row: Row | undefined): Promise<KeyInformationRead> {
  const code = row?.keySafeCode ? ((await openKeySafeCode(ctx.db, clientId, row.keySafeCode)) === null ? 'unreadable' : 'held') : 'none';
  return {
    clientId,
    accessNotes: row?.accessNotes ?? '',
    allergiesAndRisks: row?.allergiesAndRisks ?? '',
    emergencyContact: row?.emergencyContact ?? '',
    keySafeCode: code,
    version: row?.version ?? 0,
  };
}

/** What the audit trail keeps: the fields, and of the code only whether one is held. */
const audited = (row: Pick<Row, 'accessNotes' | 'allergiesAndRisks' | 'emergencyContact' | 'keySafeCode'> | undefined) => ({
  accessNotes: row?.accessNotes ?? '',
  allergiesAndRisks: row?.allergiesAndRisks ?? '',
  emergencyContact: row?.emergencyContact ?? '',
  keySafeCode: row?.keySafeCode ? 'held' : 'none',
});

export async function getKeyInformation(ctx: RecordContext, { clientId }: { clientId: string }): Promise<KeyInformationRead> {
  const [found] = await ctx.db.select({ id: clients.id, info: clientKeyInformation }).from(clients).leftJoin(clientKeyInformation, eq(clientKeyInformation.clientId, clients.id)).where(eq(clients.id, clientId));
  if (!found) throw notFound('Client');
  return keyInformationRead(ctx, clientId, found.info ?? undefined);
}

/**
 * Replaces a client’s key information against the version the office last saw. A new key safe code is sealed before
 * it is stored; the audit trail says only that a code is held (or a new one given), never the code.
 */
export async function setKeyInformation(ctx: RecordContext, input: KeyInformationInput): Promise<KeyInformationRead> {
  // The code is opened (to say whether it is readable) after the transaction: the key is read outside it.
  const saved = await ctx.db.transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, input.clientId)).for('update');
    if (!client) throw notFound('Client');
    const [stored] = await tx.select().from(clientKeyInformation).where(eq(clientKeyInformation.clientId, input.clientId));
    checkVersion({ version: stored?.version ?? 0 }, input.version);
    const sealed = input.keySafeCode ? await sealKeySafeCode(tx, input.clientId, input.keySafeCode) : input.keySafeCode;
    const columns = {
      accessNotes: input.accessNotes,
      allergiesAndRisks: input.allergiesAndRisks,
      emergencyContact: input.emergencyContact,
      keySafeCode: sealed === undefined ? (stored?.keySafeCode ?? null) : sealed,
      version: (stored?.version ?? 0) + 1,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(clientKeyInformation)
      .values({ clientId: input.clientId, ...columns })
      .onConflictDoUpdate({ target: clientKeyInformation.clientId, set: columns })
      .returning();
    const after = { ...audited(row), ...(sealed ? { keySafeCode: 'held (a new code)' } : {}) };
    await auditChange(tx, ctx, 'clients.setKeyInformation', input.clientId, audited(stored), after);
    return row;
  });
  return keyInformationRead(ctx, input.clientId, saved);
}
