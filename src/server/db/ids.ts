import { randomBytes } from 'node:crypto';

/** No l, 0 or 1: ids are read out and typed. */
export const ID_ALPHABET = 'abcdefghijkmnopqrstuvwxyz23456789';

/** Record ids: a prefix letter that says what the record is, then 15 random characters (DESIGN §3). */
export type IdPrefix = 'c' | 'm' | 'v' | 'r' | 'p' | 't' | 'g' | 'n' | 'u' | 'e' | 'd';

export function newId(prefix: IdPrefix): string {
  const bytes = randomBytes(15);
  let id = prefix;
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return id;
}

/** A random password that is easy to read out and type: four groups of five characters. */
export function newPassword(): string {
  return Array.from({ length: 4 }, () => newId('u').slice(1, 6)).join('-');
}
