import type { RouterOutputs } from '@/client/lib/api-types';

export type CarerRow = RouterOutputs['mps']['getAll'][number];

/** The two expiry dates every carer carries (spec §2.9): the words and date of each. */
export const CARER_EXPIRIES = {
  dbs: {
    title: 'DBS',
    path: '/dbs',
    header: 'DBS Expiry',
    missingText: 'No DBS',
    loadError: 'Error loading DBS records',
    date: (carer: CarerRow) => carer.dbsExpiry,
  },
  publicLiability: {
    title: 'Public Liability',
    path: '/public-liability',
    header: 'Public Liability Expiry',
    missingText: 'No Public Liability',
    loadError: 'Error loading Public Liability records',
    date: (carer: CarerRow) => carer.publicLiabilityExpiry,
  },
} as const;

export type CarerExpiry = keyof typeof CARER_EXPIRIES;
