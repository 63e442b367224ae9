import { describe, expect, it } from 'vitest';
import { type ClientCopy, copyOfClient, fieldsToRefill } from './client-copy';

const blank: ClientCopy = { streetAddress: '', locality: 'Wiveliscombe', county: 'Somerset', postCode: '', income: false, health: false, services: [] };

const ann = copyOfClient({
  details: {
    services: ['Domestic', 'Transport'],
    address: { streetAddress: '1 Fore St', locality: 'Milverton', county: 'Somerset', postCode: 'TA4 1AA', deprivation: { income: true, health: false } },
  },
});
const bob: ClientCopy = { streetAddress: '9 Mill Lane', locality: 'Waterrow', county: 'Devon', postCode: 'TA4 2BB', income: false, health: true, services: ['Overnight'] };

describe('copyOfClient', () => {
  it('takes the services and the whole address with its deprivation flags', () => {
    expect(ann).toEqual({
      streetAddress: '1 Fore St',
      locality: 'Milverton',
      county: 'Somerset',
      postCode: 'TA4 1AA',
      income: true,
      health: false,
      services: ['Domestic', 'Transport'],
    });
  });
});

describe('fieldsToRefill', () => {
  it('fills every field the user has not changed', () => {
    expect(fieldsToRefill(blank, blank, ann)).toEqual(ann);
    expect(fieldsToRefill(ann, ann, bob)).toEqual(bob);
  });

  it('keeps what the user typed or chose since the last fill', () => {
    const edited = { ...ann, streetAddress: 'Flat 2, 1 Fore St', services: ['Domestic' as const] };
    const refill = fieldsToRefill(edited, ann, bob);
    expect(refill).not.toHaveProperty('streetAddress');
    expect(refill).not.toHaveProperty('services');
    expect(refill).toMatchObject({ locality: 'Waterrow', county: 'Devon', postCode: 'TA4 2BB', income: false, health: true });
  });
});
