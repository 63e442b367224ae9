import type { CarerInput, ClientInput } from '@/shared/schemas/people';
import type { Executor } from '@/server/db/client';
import { addUser, type NewUser } from '@/server/accounts/accounts';
import type { TestApp } from './test-app';

/** The least a client needs: name and post code; everything else takes its default. */
export function newClient(overrides: { name?: string; postCode?: string; services?: string[] } = {}): ClientInput {
  return {
    dateOfBirth: '1940-03-02',
    details: {
      name: overrides.name ?? 'Edna Pollard',
      address: { postCode: overrides.postCode ?? 'TA4 2AB' },
      services: (overrides.services ?? []) as ClientInput['details']['services'],
    },
  };
}

/**
 * A DBS re-check and public liability far enough ahead that a new carer may be given care (shared/compliance.ts):
 * tests about something else should not meet the compliance rule.
 */
export const COMPLIANT_UNTIL = '2099-12-31';

/**
 * The least a carer needs, compliant (DBS re-check and public liability ahead) unless overridden; with `email`, the
 * address the carer app knows them by.
 */
export function newCarer(overrides: { name?: string; email?: string; dbsExpiry?: string; publicLiabilityExpiry?: string } = {}): CarerInput {
  const { email } = overrides;
  return {
    dateOfBirth: '1975-06-10',
    dbsExpiry: overrides.dbsExpiry ?? COMPLIANT_UNTIL,
    publicLiabilityExpiry: overrides.publicLiabilityExpiry ?? COMPLIANT_UNTIL,
    details: { name: overrides.name ?? 'Sam Carter', address: { postCode: 'TA4 1AA' }, capacity: 'Part Time', ...(email ? { email } : {}) },
  };
}

/** Mary Provider (an MP) and Val Unteer (a volunteer), added by an Admin's caller: the carers feature tests give care. */
export async function addTwoCarers(admin: ReturnType<TestApp['caller']>): Promise<{ mpId: string; volunteerId: string }> {
  const mpId = (await admin.mps.create(newCarer({ name: 'Mary Provider' }))).id;
  const volunteerId = (await admin.volunteers.create(newCarer({ name: 'Val Unteer' }))).id;
  return { mpId, volunteerId };
}

/** A staff account as `npm run user -- add` makes one, for tests of features other than the accounts' own. */
export function addStaffAccount(db: Executor, account: NewUser) {
  return addUser(db, account);
}
