import { z } from 'zod';
import { carerId } from './people';

/** The carer whose account on the carer app is asked about, given or ended. */
export const carerAppRef = z.strictObject({ carerId });
export type CarerAppRef = z.output<typeof carerAppRef>;
