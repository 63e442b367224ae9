import { z } from 'zod';
import { recordId, version } from './common';

/** A client, MP or volunteer. */
export const personId = recordId(['client', 'mp', 'volunteer'], 'client, MP or volunteer');

export const personRef = z.strictObject({ personId });
export const anonymiseInput = z.strictObject({ personId, version });
