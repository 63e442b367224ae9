import { randomBytes } from 'node:crypto';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { ID_LETTERS, type IdKind, type IdLetter } from '@/shared/record-kinds';

/** No l, 0 or 1: ids are read out and typed. */
export const ID_ALPHABET = 'abcdefghijkmnopqrstuvwxyz23456789';

/** Record ids: the letter that says what the record is (shared/record-kinds.ts), then 15 random characters (DESIGN §3). */
export function newId(letter: IdLetter): string {
  const bytes = randomBytes(15);
  let id: string = letter;
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

/**
 * The rows whose id (in `column`) names a record of `kind`: `id like 'm%'`. The letter is written into the statement,
 * as a table's check needs it.
 */
export function idsOfKind(column: AnyColumn, kind: IdKind): SQL {
  return sql`${column} like ${sql.raw(`'${ID_LETTERS[kind]}%'`)}`;
}

/** A random password that is easy to read out and type: four groups of five characters. */
export function newPassword(): string {
  return Array.from({ length: 4 }, () => newId('u').slice(1, 6)).join('-');
}
