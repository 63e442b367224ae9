import type { Executor } from '@/server/db/client';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';

/** A post code and where it lies; no coordinates for one the directory has no grid reference for. */
export interface TestPlace {
  postCode: string;
  latitude: number | null;
  longitude: number | null;
}

/** Real places about Wiveliscombe, for tests of travel: Milverton to the east, Chipstable to the west, Ashbrittle south. */
export const WIVELISCOMBE = { latitude: 51.0415, longitude: -3.3116 };
export const MILVERTON = { latitude: 51.0265, longitude: -3.2545 };
/** A few hundred metres north-east of Milverton's centre. */
export const MILVERTON_NORTH = { latitude: 51.0301, longitude: -3.2502 };
export const CHIPSTABLE = { latitude: 51.0395, longitude: -3.3788 };
export const ASHBRITTLE = { latitude: 50.9903, longitude: -3.3663 };

/** Puts the places in the post code table, as `npm run import:deprivation` would (deprivation deciles of no interest). */
export async function addPlaces(db: Executor, places: readonly TestPlace[]): Promise<void> {
  await db.insert(postcodeDeprivation).values(places.map((place) => ({ ...place, lsoaCode: 'E01000001', incomeDecile: 5, healthDecile: 5, edition: 'IoD2025' })));
}

/** A round about Wiveliscombe that zigzags when driven Milverton, Chipstable, Milverton: the tests of planning's places. */
export const ROUND_PLACES = {
  home: { postCode: 'TA4 2AB', ...WIVELISCOMBE },
  milverton: { postCode: 'TA4 1AA', ...MILVERTON },
  milvertonNorth: { postCode: 'TA4 1AB', ...MILVERTON_NORTH },
  chipstable: { postCode: 'TA4 2PA', ...CHIPSTABLE },
  unmapped: { postCode: 'TA4 9ZZ', latitude: null, longitude: null },
} as const satisfies Record<string, TestPlace>;
