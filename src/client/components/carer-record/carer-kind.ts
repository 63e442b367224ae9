import { CARER_KIND_LABELS, CARER_RESOURCES, type CarerKind } from '@/shared/carer-kind';

/** What differs between the MP and volunteer screens: words and routes. */
export const CARER_KINDS = {
  mp: {
    title: 'MPs',
    /** The plural inside a sentence, e.g. "Search volunteers". */
    many: 'MPs',
    one: CARER_KIND_LABELS.mp,
    path: '/mps',
    resource: CARER_RESOURCES.mp,
    recordQuery: (id: string) => `ownerId=${encodeURIComponent(id)}`,
    listError: 'Error loading MPs',
    itemError: 'Error loading MP',
    emptyList: 'No MPs found',
  },
  volunteer: {
    title: 'Volunteers',
    many: 'volunteers',
    one: CARER_KIND_LABELS.volunteer,
    path: '/volunteers',
    resource: CARER_RESOURCES.volunteer,
    recordQuery: (id: string) => `ownerId=${encodeURIComponent(id)}&ownerType=volunteer`,
    listError: 'Error loading Volunteers',
    itemError: 'Error loading volunteer',
    emptyList: 'No volunteers found',
  },
} as const satisfies Record<CarerKind, unknown>;
