import type { Resource } from '@/shared/permissions';
// Kept apart from the schema (and zod), for the office app's header, which is on its first screen.

/** What the header search looks through, in the order its groups are shown; each is also the resource read. */
export const SEARCH_KINDS = ['clients', 'mps', 'volunteers', 'requests', 'packages'] as const satisfies readonly Resource[];
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Results per kind: enough to pick from, few enough to read at a glance. */
export const SEARCH_LIMIT = 8;
export const SEARCH_MAX_LENGTH = 100;
