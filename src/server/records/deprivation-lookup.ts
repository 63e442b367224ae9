import { eq } from 'drizzle-orm';
import { normalisePostCode } from '@/shared/schemas/common';
import type { Executor } from '@/server/db/client';
import { postcodeDeprivation } from '@/server/db/schema/deprivation';

export interface DeprivationResult {
  income: boolean;
  health: boolean;
  lsoaCode: string;
  edition: string;
}

/**
 * Looks a post code up in the deprivation table. An area is deprived on a domain when its decile is at
 * or below maxDecile (1 = the most deprived 10% of areas). Undefined when the post code has no data.
 */
export async function lookupDeprivation(db: Executor, postCode: string, maxDecile: number): Promise<DeprivationResult | undefined> {
  const [row] = await db.select().from(postcodeDeprivation).where(eq(postcodeDeprivation.postCode, normalisePostCode(postCode)));
  if (!row) return undefined;
  return {
    income: row.incomeDecile <= maxDecile,
    health: row.healthDecile <= maxDecile,
    lsoaCode: row.lsoaCode,
    edition: row.edition,
  };
}
