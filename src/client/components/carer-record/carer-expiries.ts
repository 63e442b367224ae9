import type { RouterOutputs } from '@/browser/api-types';
import { CARER_EXPIRY_TITLES } from '@/shared/expiry';

export type CarerRow = RouterOutputs['mps']['getAll'][number];

/** The two expiry dates every carer carries (spec §2.9): the words and date of each. */
export const CARER_EXPIRIES = {
  dbs: {
    title: CARER_EXPIRY_TITLES.dbs,
    path: '/dbs',
    header: 'DBS Expiry',
    missingText: 'No DBS',
    loadError: 'Error loading DBS records',
    date: (carer: CarerRow) => carer.dbsExpiry,
  },
  publicLiability: {
    title: CARER_EXPIRY_TITLES.publicLiability,
    path: '/public-liability',
    header: 'Public Liability Expiry',
    missingText: 'No Public Liability',
    loadError: 'Error loading Public Liability records',
    date: (carer: CarerRow) => carer.publicLiabilityExpiry,
  },
} as const;

export type CarerExpiry = keyof typeof CARER_EXPIRIES;
