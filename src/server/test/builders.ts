import type { CarerInput, ClientInput } from '@/shared/schemas/people';

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

export function newCarer(overrides: { name?: string; dbsExpiry?: string } = {}): CarerInput {
  return {
    dateOfBirth: '1975-06-10',
    dbsExpiry: overrides.dbsExpiry ?? '',
    details: { name: overrides.name ?? 'Sam Carter', address: { postCode: 'TA4 1AA' }, capacity: 'Part Time' },
  };
}
