import { z } from 'zod';
import { SEARCH_MAX_LENGTH } from '@/shared/search';
import { text } from './common';

/** A name, custom ID, post code or record id; blank finds nothing. */
export const searchQuery = z.strictObject({ query: text(SEARCH_MAX_LENGTH) });
