import { z } from 'zod';
import type { Resource } from '@/shared/permissions';
import { text } from './common';

/** What the header search looks through, in the order its groups are shown; each is also the resource read. */
export const SEARCH_KINDS = ['clients', 'mps', 'volunteers', 'requests', 'packages'] as const satisfies readonly Resource[];
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Results per kind: enough to pick from, few enough to read at a glance. */
export const SEARCH_LIMIT = 8;
export const SEARCH_MAX_LENGTH = 100;

/** A name, custom ID, post code or record id; blank finds nothing. */
export const searchQuery = z.strictObject({ query: text(SEARCH_MAX_LENGTH) });
