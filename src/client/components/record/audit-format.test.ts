import { describe, expect, it } from 'vitest';
import { auditLines } from './audit-format';

/** How an audit line names a stored field. */
const fieldLabel = (path: string) => auditLines({ [path]: 'a fact' })[0]!.label;

/** How an audit line writes a stored value (of the field named, which may change how it reads). */
const formatValue = (value: unknown, field = 'value') => (auditLines({ [field]: value })[0] as { value: string }).value;

describe('audit field labels', () => {
  it.each([
    ['details.phone', 'Phone'],
    ['details.address.postCode', 'Address › Post code'],
    ['details.address.deprivation.income', 'Address › Deprivation › Income'],
    ['dbsExpiry', 'DBS expiry'],
    ['details.attendsMag', 'Attends MAG'],
    ['details.email', 'E-mail'],
    ['carerId', 'Carer ID'],
    ['details.totalMps', 'Total MPs'],
  ])('name the stored path %j in the form’s words, leaving out the details level: %j', (path, label) => {
    expect(fieldLabel(path)).toBe(label);
  });
});

describe('audit values', () => {
  it.each([
    [null, '(empty)'],
    ['', '(empty)'],
    [[], '(empty)'],
    [true, 'Yes'],
    ['1940-03-02', '2 Mar 1940'],
    [2.5, '2.5'],
    [['Personal Care', 'Domestic'], 'Personal Care, Domestic'],
    [{ income: true, health: false }, 'income Yes, health No'],
  ])('read %j as words: %j', (value, words) => {
    expect(formatValue(value)).toBe(words);
  });

  it('read Y in the archived field as Yes', () => {
    expect(formatValue('Y', 'archived')).toBe('Yes');
  });
});

describe('audit lines', () => {
  it('show each changed field as before → after, with no JSON', () => {
    const lines = auditLines({
      'details.phone': { from: '01984 623000', to: '01984 623111' },
      'details.services': { from: ['Personal Care'], to: ['Personal Care', 'Domestic'] },
      dateOfBirth: { from: null, to: '1936-02-11' },
    });
    expect(lines).toEqual([
      { label: 'Phone', from: '01984 623000', to: '01984 623111' },
      { label: 'Services', from: 'Personal Care', to: 'Personal Care, Domestic' },
      { label: 'Date of birth', from: '(empty)', to: '11 Feb 1936' },
    ]);
    expect(lines.flatMap((line) => Object.values(line)).join(' ')).not.toMatch(/[{}[\]"]/);
  });

  it('leave out a field empty before and after, and the version number', () => {
    expect(auditLines({ 'details.email': { from: null, to: '' }, 'details.notes': { from: null, to: [] }, version: { from: 1, to: 2 } })).toEqual([]);
  });

  it('give the notes added and removed rather than both whole lists', () => {
    const kept = { date: '2026-11-01', note: 'First visit', source: 'Phone', minutesTaken: 15 };
    const added = { date: '2026-11-24', note: 'Asked for\nan extra visit', source: 'Email', minutesTaken: 20 };
    expect(auditLines({ 'details.notes': { from: [kept], to: [kept, added] } })).toEqual([
      { label: 'Notes', value: 'added 24 Nov 2026, Email, 20 min: Asked for\nan extra visit' },
    ]);
    expect(auditLines({ 'details.notes': { from: [kept], to: [] } })).toEqual([{ label: 'Notes', value: 'removed 1 Nov 2026, Phone, 15 min: First visit' }]);
  });

  it('name MAG attendees by name', () => {
    const ann = { id: 'c1', archived: 'N', name: 'Ann Baker' };
    const bob = { id: 'c2', archived: 'N', name: 'Bob Cole' };
    expect(auditLines({ clients: { from: [ann], to: [bob] } })).toEqual([
      { label: 'Clients', value: 'removed Ann Baker' },
      { label: 'Clients', value: 'added Bob Cole' },
    ]);
  });

  it('read an event’s details as plain facts', () => {
    expect(auditLines({ ip: '127.0.0.1', reason: 'disabled' })).toEqual([
      { label: 'IP', value: '127.0.0.1' },
      { label: 'Reason', value: 'disabled' },
    ]);
    expect(auditLines(null)).toEqual([]);
  });
});
