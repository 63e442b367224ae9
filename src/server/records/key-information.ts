// A client's key information (what a carer needs at the door) as the office and the carer's phone read it; the key
// safe code sealed at rest and opened only for a carer's phone on the days they visit.
import { inArray } from 'drizzle-orm';
import type { Database, Executor } from '@/server/db/client';
import { clientKeyInformation, KEY_SAFE_KEY_NAME } from '@/server/db/schema/key-information';
import { openText, sealingKey, sealText } from './sealed-text';

/** What a carer reads of a client's key information, the code aside. */
export interface KeyInformation {
  accessNotes: string;
  allergiesAndRisks: string;
  emergencyContact: string;
}

/** The code sealed for storing; within the change's transaction, so a refused change makes no key either. */
export const sealKeySafeCode = async (db: Executor, clientId: string, code: string) => sealText(await sealingKey(db, KEY_SAFE_KEY_NAME), clientId, code);

/** The key information of the clients, by client (none for a client with none). */
export async function keyInformationOf(db: Database, clientIds: readonly string[]): Promise<Map<string, KeyInformation & { sealedCode: string | null }>> {
  if (!clientIds.length) return new Map();
  const rows = await db.select().from(clientKeyInformation).where(inArray(clientKeyInformation.clientId, [...clientIds]));
  return new Map(
    rows.map((row) => [row.clientId, { accessNotes: row.accessNotes, allergiesAndRisks: row.allergiesAndRisks, emergencyContact: row.emergencyContact, sealedCode: row.keySafeCode }]),
  );
}

/**
 * Opens clients' key safe codes for one answer, the key read once, at the first code: null where none is held, or
 * where it cannot be opened (restored from a backup made without its key), for the office to enter again.
 */
export function keySafeCodeOpener(db: Database): (clientId: string, sealed: string | null) => Promise<string | null> {
  let key: Promise<Buffer> | undefined;
  return async (clientId, sealed) => {
    if (!sealed) return null;
    try {
      key ??= sealingKey(db, KEY_SAFE_KEY_NAME);
      return openText(await key, clientId, sealed);
    } catch {
      return null;
    }
  };
}

/** One client's key safe code, opened (keySafeCodeOpener). */
export const openKeySafeCode = (db: Database, clientId: string, sealed: string | null) => keySafeCodeOpener(db)(clientId, sealed);
