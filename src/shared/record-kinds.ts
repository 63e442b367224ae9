import type { Resource } from './permissions';

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
  funder: 'f',
  wellbeing: 'w',
} as const;
export type IdKind = keyof typeof ID_LETTERS;
export type IdLetter = (typeof ID_LETTERS)[IdKind];

const KIND_OF_LETTER = new Map<string, IdKind>(Object.entries(ID_LETTERS).map(([kind, letter]) => [letter, kind as IdKind]));

/** The kind of record an id names, by its first letter (a visit's UUID aside); undefined for an id of no kind. */
export function idKindOf(id: string): IdKind | undefined {
  return KIND_OF_LETTER.get(id.charAt(0));
}

/**
 * The kinds of record staff see, in the charity's words: within a sentence ("Updated client Margaret Smith") and
 * opening one ("Client Margaret Smith created"), with the resource whose procedures change them.
 */
export const RECORD_WORDS = {
  client: { resource: 'clients', noun: 'client', label: 'Client' },
  mp: { resource: 'mps', noun: 'MP', label: 'MP' },
  volunteer: { resource: 'volunteers', noun: 'volunteer', label: 'Volunteer' },
  request: { resource: 'requests', noun: 'request', label: 'Request' },
  package: { resource: 'packages', noun: 'package', label: 'Package' },
  trainingRecord: { resource: 'trainingRecords', noun: 'training record', label: 'Training record' },
  magLog: { resource: 'mag', noun: 'MAG log', label: 'MAG log' },
  delivery: { resource: 'deliveries', noun: 'visit', label: 'Visit' },
} as const satisfies Partial<Record<IdKind, { resource: Resource; noun: string; label: string }>>;
export type RecordKindName = keyof typeof RECORD_WORDS;

/** The kind of record staff see that an id names; undefined for an id of any other kind. */
export function recordKindOf(id: string): RecordKindName | undefined {
  const kind = idKindOf(id);
  return kind && Object.hasOwn(RECORD_WORDS, kind) ? (kind as RecordKindName) : undefined;
}
