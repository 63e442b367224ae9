import { describe, expect, it } from 'vitest';
import { comparable, IMPORT_FIELDS, REQUIRED_COLUMNS, SPREADSHEET_TYPES, suggestMapping } from './spreadsheet-columns';

describe('suggestMapping', () => {
  it('matches headings whatever their case, spacing, accents and punctuation', () => {
    expect(comparable(' D.O.B. ')).toBe('dob');
    expect(comparable('E-mail  Address')).toBe('emailaddress');
    expect(comparable('Catégorie')).toBe('categorie');
  });

  it('finds the common synonyms of a clients sheet and lists the headings it does not know', () => {
    const headers = ['Client Name', 'D.O.B.', 'Post Code', 'Village', 'Tel', 'E-mail address', 'Services', 'Donation', 'Favourite colour', ''];
    const { mapping, unusedHeaders } = suggestMapping('clients', headers);
    expect(mapping).toMatchObject({ name: 0, dateOfBirth: 1, postCode: 2, locality: 3, phone: 4, email: 5, services: 6, donationAmount: 7 });
    expect(mapping.customId).toBeNull();
    expect(unusedHeaders).toEqual(['Favourite colour']);
  });

  it.each([
    ['DOB', 'dateOfBirth'],
    ['Date of birth', 'dateOfBirth'],
    ['Postcode', 'postCode'],
    ['post code', 'postCode'],
    ['ZIP', 'postCode'],
    ['Phone number', 'phone'],
    ['Telephone', 'phone'],
    ['Email', 'email'],
    ['Client ID', 'customId'],
    ['Has AA?', 'attendanceAllowance'],
    ['Address', 'streetAddress'],
    ['Address 2', 'addressLine2'],
    ['Next of Kin', 'nextOfKin'],
  ])('reads %s in a clients sheet as %s', (header, field) => {
    expect(suggestMapping('clients', ['Other', header]).mapping[field]).toBe(1);
  });

  it('reads a carers sheet’s compliance dates', () => {
    const { mapping } = suggestMapping('volunteers', ['Name', 'DBS Expiry', 'Public Liability', 'Capacity']);
    expect(mapping).toMatchObject({ name: 0, dbsExpiry: 1, publicLiabilityExpiry: 2, capacity: 3 });
  });

  it('reads a training records sheet’s owner by name or id', () => {
    const { mapping } = suggestMapping('training-records', ['Person Name', 'Carer ID', 'Training Record', 'Expiry Date', 'Notes']);
    expect(mapping).toEqual({ id: null, ownerId: 1, ownerName: 0, recordName: 2, expiryDate: 3, archived: null, notes: 4 });
  });

  it('makes a name of first name and surname, unless the sheet has a full name column', () => {
    expect(suggestMapping('mps', ['Surname', 'First name', 'Postcode']).mapping).toMatchObject({ name: null, firstName: 1, surname: 0 });
    const both = suggestMapping('mps', ['Surname', 'Full name', 'Forename']);
    expect(both.mapping).toMatchObject({ name: 1, firstName: null, surname: null });
    expect(both.unusedHeaders).toEqual(['Surname', 'Forename']);
  });

  it('uses the first of two columns for one field and lists the second', () => {
    const { mapping, unusedHeaders } = suggestMapping('clients', ['Tel', 'Mobile']);
    expect(mapping.phone).toBe(0);
    expect(unusedHeaders).toEqual(['Mobile']);
  });

  it.each(SPREADSHEET_TYPES)('gives each heading of %s one field only, and requires fields it has', (type) => {
    const fields = IMPORT_FIELDS[type];
    const owners = new Map<string, string>();
    for (const f of fields) {
      for (const words of [f.label, ...f.synonyms]) {
        const key = comparable(words);
        expect(owners.get(key) ?? f.name, `${words} means both ${owners.get(key)} and ${f.name}`).toBe(f.name);
        owners.set(key, f.name);
      }
    }
    const names = fields.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const required of REQUIRED_COLUMNS[type]) expect(names).toEqual(expect.arrayContaining(required.anyOf));
  });
});
