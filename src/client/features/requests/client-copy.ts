import type { Locality, Service } from '@/shared/constants';

/** What a new request takes from its client as starting values: the services and where the client lives. */
export interface ClientCopy {
  streetAddress: string;
  locality: Locality;
  county: string;
  postCode: string;
  income: boolean;
  health: boolean;
  services: Service[];
}

export interface ClientForCopy {
  details: {
    services: readonly Service[];
    address: { streetAddress: string; locality: Locality; county: string; postCode: string; deprivation: { income: boolean; health: boolean } };
  };
}

export function copyOfClient({ details }: ClientForCopy): ClientCopy {
  const { streetAddress, locality, county, postCode, deprivation } = details.address;
  return { streetAddress, locality, county, postCode, income: deprivation.income, health: deprivation.health, services: [...details.services] };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields to fill when another client is chosen: those still as last filled (from the previous client or
 * the form's defaults). A field the user has changed since keeps what they typed.
 */
export function fieldsToRefill(current: ClientCopy, previous: ClientCopy, next: ClientCopy): Partial<ClientCopy> {
  const keys = Object.keys(next) as (keyof ClientCopy)[];
  return Object.fromEntries(keys.filter((key) => same(current[key], previous[key])).map((key) => [key, next[key]]));
}
