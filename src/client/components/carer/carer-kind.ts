/** What differs between the MP and volunteer screens: words, routes and the id letter. */
export const CARER_KINDS = {
  mp: {
    title: 'MPs',
    /** The plural inside a sentence, e.g. "Search volunteers". */
    many: 'MPs',
    one: 'MP',
    path: '/mps',
    resource: 'mps',
    recordQuery: (id: string) => `ownerId=${encodeURIComponent(id)}`,
    listError: 'Error loading MPs',
    itemError: 'Error loading MP',
    emptyList: 'No MPs found',
  },
  volunteer: {
    title: 'Volunteers',
    many: 'volunteers',
    one: 'Volunteer',
    path: '/volunteers',
    resource: 'volunteers',
    recordQuery: (id: string) => `ownerId=${encodeURIComponent(id)}&ownerType=volunteer`,
    listError: 'Error loading Volunteers',
    itemError: 'Error loading volunteer',
    emptyList: 'No volunteers found',
  },
} as const;

export type CarerKind = keyof typeof CARER_KINDS;

/** Whose id this is: an MP's starts with m, a volunteer's with v (spec §9); null for anything else. */
export function carerKindOf(id: string): CarerKind | null {
  if (id.startsWith('m')) return 'mp';
  if (id.startsWith('v')) return 'volunteer';
  return null;
}
