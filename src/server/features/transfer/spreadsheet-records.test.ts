import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet, SpreadsheetError, type Sheet } from './spreadsheet';
import { suggestMapping, type Mapping, type SpreadsheetType } from './spreadsheet-columns';
import { readDate, sheetToRecords } from './spreadsheet-records';

const TODAY = '2026-11-24';
const OWNERS = [
  { id: 'm1', name: 'Mary Jones' },
  { id: 'v7', name: 'Tom Baker' },
  { id: 'v8', name: 'Tom  baker' },
  { id: 'v9', name: 'Siân Evans' },
];

async function importClients(fixture: string) {
  const sheet = await readSpreadsheet(readFileSync(new URL(`./fixtures/${fixture}`, import.meta.url)), fixture);
  return sheetToRecords('clients', sheet, suggestMapping('clients', sheet.headers).mapping, { today: TODAY });
}

/** A sheet of the given rows under the given headings, its rows numbered from 2 as in Excel. */
function sheetOf(headers: string[], ...rows: string[][]): Sheet {
  return { headers, rows: rows.map((cells, i) => ({ rowNumber: i + 2, cells })) };
}

function importRows<T extends SpreadsheetType>(type: T, headers: string[], ...rows: string[][]) {
  const sheet = sheetOf(headers, ...rows);
  return sheetToRecords(type, sheet, suggestMapping(type, headers).mapping, { today: TODAY, owners: OWNERS });
}

const NO_DEPRIVATION = { income: false, health: false };

describe('sheetToRecords from real files', () => {
  it('turns the UTF-8 CSV into clients of the spec’s shape, with a note dated today', async () => {
    const result = await importClients('clients-utf8-bom.csv');
    expect(result.problems).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.records.map((r) => r.row)).toEqual([2, 3]);
    expect(result.records[0]!.record).toEqual({
      archived: 'N',
      dateOfBirth: '1948-03-14',
      details: {
        name: 'Zoë Ó Briain',
        phone: '01984 623456',
        email: 'zoe@example.org',
        nextOfKin: '',
        services: ['Personal Care', 'Domestic'],
        attendsMag: false,
        notes: [{ date: TODAY, note: 'Prefers mornings, rings first\nthen knocks', source: 'Phone', minutesTaken: 0 }],
        address: { streetAddress: '', locality: 'Milverton', county: 'Somerset', postCode: 'TA4 2AB', deprivation: NO_DEPRIVATION },
        customId: '',
        donationScheme: false,
        donationAmount: 0,
        referredBy: '',
        clientAgreementDate: '',
        clientAgreementComments: '',
        riskAssessmentDate: '',
        riskAssessmentComments: '',
        endDate: '',
        attendanceAllowance: 'pending',
      },
    });
    expect(result.records[1]!.record).toMatchObject({ archived: 'Y', dateOfBirth: '1950-12-01', details: { name: 'Łukasz Nowak', address: { locality: 'Clatworthy' } } });
  });

  it('keeps the accents, pound sign and curly quote of Excel’s Windows-1252 CSV', async () => {
    const result = await importClients('clients-windows-1252.csv');
    expect(result.problems).toEqual([]);
    expect(result.records.map((r) => [r.record.details.name, r.record.dateOfBirth, r.record.details.address.locality, r.record.details.notes[0]?.note])).toEqual([
      ['Renée Dubois', '1939-01-02', 'Wiveliscombe', 'Pays £5 a week for the café'],
      ['Günther Brück', '1944-02-28', 'Huish Champflower', 'Son’s number – in the file'],
    ]);
  });

  it('imports an XLSX workbook’s accented names, date cells, text dates and numbers', async () => {
    const result = await importClients('clients.xlsx');
    expect(result.problems).toEqual([]);
    expect(result.records.map(({ row, record: { dateOfBirth, details } }) => [row, details.name, dateOfBirth, details.address.postCode, details.address.locality, details.phone, details.services, details.donationAmount])).toEqual([
      [2, 'Zoë Ó Briain', '1948-03-14', 'TA4 2AB', 'Milverton', '01984 623456', ['Personal Care', 'Domestic'], 12.5],
      [3, 'Jürgen Müller', '1950-12-01', 'TA21 8QT', 'Wiveliscombe', '1984000000', ['Companionship'], 0],
      [4, 'François Lefèvre-Brontë', '1939-01-02', 'TA4 2AB', 'Stawley', '', [], 0],
    ]);
  });

  it('names the row and column of the one impossible date in a CSV, and nothing else', async () => {
    const result = await importClients('clients-bad-date.csv');
    expect(result.problems).toEqual([{ row: 3, column: 'Date of birth', message: '31/02/2024 is not a real date' }]);
    expect(result.records.map((r) => r.row)).toEqual([2, 4]);
  });
});

describe('sheetToRecords problems', () => {
  it('names the row and heading of a missing required field, with the schema’s message', () => {
    const result = importRows('clients', ['Client name', 'Postcode'], ['Ann', ''], ['', 'TA4 2AB'], ['Cara', 'TA4 2AD']);
    expect(result.problems).toEqual([
      { row: 2, column: 'Postcode', message: 'Post code is required' },
      { row: 3, column: 'Client name', message: 'Name is required' },
    ]);
    expect(result.records.map((r) => r.row)).toEqual([4]);
  });

  it('gives the schema’s messages for a negative or unreadable amount and a bad e-mail address', () => {
    const result = importRows('clients', ['Name', 'Postcode', 'Donation amount', 'Email'], ['Ann', 'TA4 2AB', '-5', ''], ['Bob', 'TA4 2AB', 'lots', 'bob@'], [
      'Cara',
      'TA4 2AB',
      '£1,250.50',
      'cara@example.org',
    ]);
    expect(result.problems).toEqual([
      { row: 2, column: 'Donation amount', message: 'Donation amount cannot be negative' },
      { row: 3, column: 'Donation amount', message: 'Enter the donation amount as a number' },
      { row: 3, column: 'Email', message: 'Enter a valid e-mail address' },
    ]);
    expect(result.records[0]).toMatchObject({ row: 4, record: { details: { donationAmount: 1250.5, email: 'cara@example.org' } } });
  });

  it('refuses a two-digit year and words that are not yes or no', () => {
    const result = importRows('volunteers', ['Name', 'Postcode', 'DBS expiry', 'Attends MAG'], ['Ann', 'TA4 2AB', '01/02/27', 'maybe']);
    expect(result.problems).toEqual([
      { row: 2, column: 'DBS expiry', message: 'Write the year of 01/02/27 in full, as DD/MM/YYYY' },
      { row: 2, column: 'Attends MAG', message: 'Write Yes or No, not maybe' },
    ]);
  });

  it('gives one problem, and no records, when the sheet has no column for a required field', () => {
    const result = importRows('clients', ['Name', 'Phone'], ['Ann', '01984'], ['Bob', '01985']);
    expect(result).toEqual({ records: [], warnings: [], rejected: [], problems: [{ row: 1, column: '', message: 'No column is chosen for Post code' }] });
  });

  it('imports a locality, service or training type not in the lists as Other, with a warning naming the row', () => {
    const result = importRows('mps', ['Name', 'Postcode', 'Village', 'Services'], ['Ann', 'TA4 2AB', 'Taunton', 'domestic; Gardening']);
    expect(result.problems).toEqual([]);
    expect(result.records[0]!.record.details.address.locality).toBe('Other');
    expect(result.records[0]!.record.details.services).toEqual(['Domestic', 'Other']);
    expect(result.warnings).toEqual([
      { row: 2, column: 'Village', message: 'Taunton is not a locality in the list, so it was imported as Other' },
      { row: 2, column: 'Services', message: 'Gardening is not a service in the list, so it was imported as Other' },
    ]);
  });
});

describe('sheetToRecords for MPs and volunteers', () => {
  it('makes the name of first name and surname and the street address of its lines', () => {
    const result = importRows('volunteers', ['Surname', 'First name', 'Address 1', 'Address 2', 'Post code', 'Public liability', 'Capacity', 'Archived'], [
      'Evans',
      'Siân',
      '1 Mill Lane',
      'Fitzhead',
      'ta42ab',
      '2027-05-31',
      'Part Time',
      'no',
    ]);
    expect(result.problems).toEqual([]);
    expect(result.records[0]!.record).toMatchObject({
      archived: 'N',
      publicLiabilityExpiry: '2027-05-31',
      dbsExpiry: '',
      details: { name: 'Siân Evans', capacity: 'Part Time', address: { streetAddress: '1 Mill Lane, Fitzhead', postCode: 'TA4 2AB' } },
    });
  });

  it('names both columns when neither first name nor surname is given', () => {
    const result = importRows('mps', ['Surname', 'First name', 'Postcode'], ['', ' ', 'TA4 2AB']);
    expect(result.problems).toEqual([{ row: 2, column: 'Surname / First name', message: 'Name is required' }]);
  });

  it('takes off the apostrophe the product’s own CSV files put before formula-like text', () => {
    const result = importRows('mps', ['Name', 'Postcode', 'Phone', 'Next of kin'], ["'=Ann", 'TA4 2AB', "'+44 1984 623456", "O'Brien"]);
    expect(result.records[0]!.record.details).toMatchObject({ name: '=Ann', phone: '+44 1984 623456', nextOfKin: "O'Brien" });
  });

  it('follows a mapping the user changed', () => {
    const sheet = sheetOf(['Who', 'Where'], ['Ann Smith', 'TA4 2AB']);
    const mapping: Mapping = { ...suggestMapping('mps', sheet.headers).mapping, name: 0, postCode: 1 };
    const result = sheetToRecords('mps', sheet, mapping, { today: TODAY });
    expect(result.records[0]!.record.details).toMatchObject({ name: 'Ann Smith', address: { postCode: 'TA4 2AB' } });
  });

  it('refuses a mapping to a field the type does not have or a column the sheet does not have', () => {
    const sheet = sheetOf(['Name', 'Postcode'], ['Ann', 'TA4 2AB']);
    expect(() => sheetToRecords('mps', sheet, { name: 0, postCode: 1, customId: null }, { today: TODAY })).toThrow(new SpreadsheetError('customId is not a field of mps'));
    expect(() => sheetToRecords('mps', sheet, { name: 0, postCode: 2 }, { today: TODAY })).toThrow(new SpreadsheetError('The file has no column 3'));
  });
});

describe('sheetToRecords for training records', () => {
  const HEADERS = ['Person Name', 'Carer ID', 'Training Record', 'Expiry Date', 'Notes'];

  it('finds the owner by id, else by a name only one MP or volunteer has', () => {
    const result = importRows('training-records', HEADERS, ['Mary Jones', '', 'First Aid', '31/03/2027', 'Refresher booked'], ['', 'v9', 'gdpr', '2027-01-01', '']);
    expect(result.problems).toEqual([]);
    expect(result.records).toEqual([
      { row: 2, record: { ownerId: 'm1', archived: 'N', expiryDate: '2027-03-31', details: { recordName: 'First Aid', notes: 'Refresher booked' } } },
      { row: 3, record: { ownerId: 'v9', archived: 'N', expiryDate: '2027-01-01', details: { recordName: 'GDPR', notes: '' } } },
    ]);
  });

  it('names the row and column of an owner it cannot find, or cannot tell apart, and of a missing expiry date', () => {
    const result = importRows(
      'training-records',
      HEADERS,
      ['tom baker', '', 'First Aid', '2027-01-01', ''],
      ['Nobody', '', 'First Aid', '2027-01-01', ''],
      ['', 'v99', 'First Aid', '2027-01-01', ''],
      ['', '', 'First Aid', '2027-01-01', ''],
      ['Mary Jones', '', 'Food Hygiene', '', ''],
      ['Mary Jones', '', 'GDPR', '31/02/2027', ''],
    );
    expect(result.problems).toEqual([
      { row: 2, column: 'Person Name / Carer ID', message: '2 MPs and volunteers are called tom baker: give the id instead' },
      { row: 3, column: 'Person Name / Carer ID', message: 'No MP or volunteer is called Nobody' },
      { row: 4, column: 'Person Name / Carer ID', message: 'No MP or volunteer has the id v99' },
      { row: 5, column: 'Person Name / Carer ID', message: 'MP or volunteer is required' },
      { row: 6, column: 'Expiry Date', message: 'Expiry date is required' },
      { row: 7, column: 'Expiry Date', message: '31/02/2027 is not a real date' },
    ]);
    expect(result.warnings).toEqual([{ row: 6, column: 'Training Record', message: 'Food Hygiene is not a training type in the list, so it was imported as Other' }]);
    expect(result.records).toEqual([]);
  });

  it('needs the MPs and volunteers a row may name', () => {
    const sheet = sheetOf(HEADERS, ['Mary Jones', '', 'First Aid', '2027-01-01', '']);
    expect(() => sheetToRecords('training-records', sheet, suggestMapping('training-records', HEADERS).mapping, { today: TODAY })).toThrow();
  });
});

describe('readDate', () => {
  it.each([
    ['2024-02-29', '2024-02-29'],
    ['2024-3-5', '2024-03-05'],
    ['2024-03-05T00:00:00', '2024-03-05'],
    ['05/03/2024', '2024-03-05'],
    ['5/3/2024', '2024-03-05'],
    ['05.03.2024', '2024-03-05'],
    ['05-03-2024', '2024-03-05'],
    ['2 Mar 1940', '1940-03-02'],
    ['2 September 1940', '1940-09-02'],
    ['2 Sept 1940', '1940-09-02'],
    ['02-Mar-1940', '1940-03-02'],
  ])('reads %s as %s', (cell, date) => {
    expect(readDate(cell)).toEqual({ value: date });
  });

  it.each(['29/02/2023', '31/02/2024', '2024-13-01', '0000-01-01', '00/01/2024'])('calls %s not a real date', (cell) => {
    expect(readDate(cell)).toEqual({ problem: `${cell} is not a real date` });
  });

  it.each(['01/02/30', '1-Feb-30'])('refuses to guess the century of %s', (cell) => {
    expect(readDate(cell)).toEqual({ problem: `Write the year of ${cell} in full, as DD/MM/YYYY` });
  });

  it.each(['next week', '2 Smarch 1940', '1948', '03/14'])('calls %s not a date', (cell) => {
    expect(readDate(cell)).toEqual({ problem: `${cell} is not a date: write dates as DD/MM/YYYY or YYYY-MM-DD` });
  });
});
