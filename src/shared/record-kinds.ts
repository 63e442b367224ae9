/**
 * What an id names, by its first letter (DESIGN §3): the one table of the letters, for ids made, ids checked and ids
 * read. Visits alone keep the UUID the carer's phone gave them.
 */
export const ID_LETTERS = {
  client: 'c',
  mp: 'm',
  volunteer: 'v',
  request: 'r',
  package: 'p',
  trainingRecord: 't',
  magLog: 'g',
  delivery: 'd',
  note: 'n',
  account: 'u',
  mail: 'e',
} as const;
export type IdKind = keyof typeof ID_LETTERS;
export type IdLetter = (typeof ID_LETTERS)[IdKind];

const KIND_OF_LETTER = new Map<string, IdKind>(Object.entries(ID_LETTERS).map(([kind, letter]) => [letter, kind as IdKind]));

/** The kind of record an id names, by its first letter (a visit's UUID aside); undefined for an id of no kind. */
export function idKindOf(id: string): IdKind | undefined {
  return KIND_OF_LETTER.get(id.charAt(0));
}
