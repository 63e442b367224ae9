import { SPREADSHEET_IMPORT_TYPES } from '@/shared/import-api';
/** What a spreadsheet can hold for each kind of record, and which of its columns holds what. */

export const SPREADSHEET_TYPES = SPREADSHEET_IMPORT_TYPES;
export type SpreadsheetType = (typeof SPREADSHEET_TYPES)[number];

/** How a cell is read (spreadsheet-records.ts). */
export type CellKind =
  | 'text'
  | 'date'
  | 'number'
  | 'yesNo'
  | 'archived'
  | 'services'
  | 'locality'
  | 'attendanceAllowance'
  | 'trainingType'
  | 'noteList'
  | 'owner';

export interface ImportField {
  /** The field's key in a mapping. */
  name: string;
  /** What the import screen calls it. */
  label: string;
  /** Where its value goes in the record, dot-separated; fields sharing a path are joined (see spreadsheet-records.ts). */
  path: string;
  kind: CellKind;
  /** Headings that mean this field, besides the label, written as people write them. */
  synonyms: string[];
}

const field = (name: string, label: string, path: string, kind: CellKind, synonyms: string[] = []): ImportField => ({ name, label, path, kind, synonyms });

/** A column the sheet must have, or one of several that can stand for it (a name from first name and surname). */
export interface RequiredColumn {
  label: string;
  anyOf: string[];
}

/**
 * The record's own id, as a workbook of "Export all data" gives it, so the workbook imports back onto the same
 * records (and a training record finds its owner). Under a heading of its own: a charity's "ID" column is its own.
 */
const ID_FIELD = field('id', 'Valecare ID', 'id', 'text');

const NAME_FIELDS = [
  field('name', 'Name', 'details.name', 'text', ['Full name', 'Client name', 'Person name', 'Volunteer name', 'MP name', 'Carer name']),
  field('firstName', 'First name', 'details.name', 'text', ['Forename', 'Forenames', 'Given name', 'Christian name']),
  field('surname', 'Surname', 'details.name', 'text', ['Last name', 'Family name']),
];

const PERSON_FIELDS = [
  field('dateOfBirth', 'Date of birth', 'dateOfBirth', 'date', ['DOB', 'Birth date', 'Birthday', 'Born']),
  field('archived', 'Archived', 'archived', 'archived'),
  field('streetAddress', 'Street address', 'details.address.streetAddress', 'text', ['Address', 'Street', 'Address 1', 'Address line 1', 'Line 1', 'House']),
  field('addressLine2', 'Address line 2', 'details.address.streetAddress', 'text', ['Address 2', 'Line 2']),
  field('addressLine3', 'Address line 3', 'details.address.streetAddress', 'text', ['Address 3', 'Line 3']),
  field('locality', 'Locality', 'details.address.locality', 'locality', ['Village', 'Town', 'Parish', 'Area']),
  field('county', 'County', 'details.address.county', 'text'),
  field('postCode', 'Post code', 'details.address.postCode', 'text', ['Postcode', 'Postal code', 'Zip', 'Zip code']),
  field('phone', 'Phone', 'details.phone', 'text', ['Phone number', 'Telephone', 'Telephone number', 'Tel', 'Tel no', 'Mobile', 'Contact number']),
  field('email', 'E-mail', 'details.email', 'text', ['Email address', 'E-mail address', 'Mail']),
  field('nextOfKin', 'Next of kin', 'details.nextOfKin', 'text', ['NOK', 'Emergency contact']),
  field('services', 'Services', 'details.services', 'services', ['Service']),
  field('attendsMag', 'Attends MAG', 'details.attendsMag', 'yesNo', ['MAG']),
  field('notes', 'Notes', 'details.notes', 'noteList', ['Note']),
];

const CLIENT_FIELDS = [
  ID_FIELD,
  ...NAME_FIELDS,
  field('customId', 'Client ID', 'details.customId', 'text', ['Custom ID', 'Client ref', 'Client reference', 'Client number', 'Reference', 'Ref']),
  ...PERSON_FIELDS,
  field('donationScheme', 'Donation scheme', 'details.donationScheme', 'yesNo', ['In the donation scheme', 'Donor']),
  field('donationAmount', 'Donation amount', 'details.donationAmount', 'number', ['Donation', 'Donation amount (£)']),
  field('referredBy', 'Referred by', 'details.referredBy', 'text', ['Referral', 'Referrer', 'Referral source']),
  field('clientAgreementDate', 'Client agreement date', 'details.clientAgreementDate', 'date', ['Agreement date']),
  field('clientAgreementComments', 'Client agreement comments', 'details.clientAgreementComments', 'text', ['Agreement comments']),
  field('riskAssessmentDate', 'Risk assessment date', 'details.riskAssessmentDate', 'date'),
  field('riskAssessmentComments', 'Risk assessment comments', 'details.riskAssessmentComments', 'text'),
  field('endDate', 'End date', 'details.endDate', 'date'),
  field('attendanceAllowance', 'Attendance allowance', 'details.attendanceAllowance', 'attendanceAllowance', ['AA', 'Has AA?']),
];

const CARER_FIELDS = [
  ID_FIELD,
  ...NAME_FIELDS,
  ...PERSON_FIELDS,
  field('dbsExpiry', 'DBS expiry', 'dbsExpiry', 'date', ['DBS', 'DBS expiry date', 'DBS expires', 'DBS renewal', 'DBS renewal date']),
  field('publicLiabilityExpiry', 'Public liability expiry', 'publicLiabilityExpiry', 'date', [
    'Public liability',
    'Public liability expiry date',
    'Public liability insurance',
    'PL expiry',
    'Insurance expiry',
  ]),
  field('capacity', 'Capacity', 'details.capacity', 'text', ['Availability']),
];

const TRAINING_RECORD_FIELDS = [
  ID_FIELD,
  field('ownerId', 'MP or volunteer ID', 'ownerId', 'owner', ['Owner ID', 'Carer ID', 'MP ID', 'Volunteer ID', 'ID']),
  field('ownerName', 'MP or volunteer name', 'ownerId', 'owner', ['Person name', 'Name', 'Owner', 'Owner name', 'Carer', 'Carer name', 'MP', 'Volunteer', 'Full name']),
  field('recordName', 'Training type', 'details.recordName', 'trainingType', ['Training', 'Training record', 'Training record type', 'Record name', 'Type', 'Course']),
  field('expiryDate', 'Expiry date', 'expiryDate', 'date', ['Expiry', 'Expires', 'Expires on', 'Valid until', 'Renewal date']),
  field('archived', 'Archived', 'archived', 'archived'),
  field('notes', 'Notes', 'details.notes', 'text', ['Note', 'Comments']),
];

const PERSON_REQUIRED: RequiredColumn[] = [
  { label: 'Name', anyOf: ['name', 'firstName', 'surname'] },
  { label: 'Post code', anyOf: ['postCode'] },
];

/** The fields of each kind of record a spreadsheet can carry, in the order the import screen lists them. */
export const IMPORT_FIELDS: Record<SpreadsheetType, readonly ImportField[]> = {
  clients: CLIENT_FIELDS,
  mps: CARER_FIELDS,
  volunteers: CARER_FIELDS,
  'training-records': TRAINING_RECORD_FIELDS,
};

/** Fields that stand in for another in a sheet that has no column for it (first name and surname for the name). */
const ALTERNATIVES = new Set(['firstName', 'surname', 'addressLine2', 'addressLine3']);

/** The columns of a kind's sheet in a workbook export: one a field, without the alternatives. */
export function workbookFields(type: SpreadsheetType): readonly ImportField[] {
  return IMPORT_FIELDS[type].filter((f) => !ALTERNATIVES.has(f.name));
}

/** The columns of a template for a charity's own records: a workbook's, without the ids records get here. */
export function templateFields(type: SpreadsheetType): readonly ImportField[] {
  return workbookFields(type).filter((f) => f !== ID_FIELD);
}

/** The columns without which no row could be imported. */
export const REQUIRED_COLUMNS: Record<SpreadsheetType, readonly RequiredColumn[]> = {
  clients: PERSON_REQUIRED,
  mps: PERSON_REQUIRED,
  volunteers: PERSON_REQUIRED,
  'training-records': [
    { label: 'MP or volunteer', anyOf: ['ownerId', 'ownerName'] },
    { label: 'Training type', anyOf: ['recordName'] },
    { label: 'Expiry date', anyOf: ['expiryDate'] },
  ],
};

/** For each field of a type, the index of the column that holds it, or null for none. */
export type Mapping = Record<string, number | null>;

/** A heading or word as compared: case, accents, spacing and punctuation ignored ("D.O.B." is "dob"). */
export function comparable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The columns a sheet's headings suggest for each field, and the headings left unused: unknown ones, and
 * a second column for a field already found. A full name column wins over first name and surname columns.
 */
export function suggestMapping(type: SpreadsheetType, headers: readonly string[]): { mapping: Mapping; unusedHeaders: string[] } {
  const fields = IMPORT_FIELDS[type];
  const mapping: Mapping = Object.fromEntries(fields.map((f) => [f.name, null]));
  headers.forEach((header, index) => {
    const heading = comparable(header);
    const match = heading && fields.find((f) => [f.label, ...f.synonyms].some((words) => comparable(words) === heading));
    if (match && mapping[match.name] === null) mapping[match.name] = index;
  });
  if (typeof mapping.name === 'number') {
    mapping.firstName = null;
    mapping.surname = null;
  }
  const used = new Set(Object.values(mapping));
  return { mapping, unusedHeaders: headers.filter((header, index) => header.trim() && !used.has(index)) };
}
