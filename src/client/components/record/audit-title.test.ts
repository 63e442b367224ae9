import { describe, expect, it } from 'vitest';
import { auditTitle } from './audit-title';

describe('auditTitle', () => {
  it('says what was done to which record, by its name as it is now', () => {
    expect(auditTitle({ procedure: 'clients.update', recordId: 'c1', recordName: 'Margaret Smith' })).toBe('Updated client Margaret Smith');
    expect(auditTitle({ procedure: 'clients.create', recordId: 'c1', recordName: 'Margaret Smith' })).toBe('Created client Margaret Smith');
    expect(auditTitle({ procedure: 'packages.renew', recordId: 'p1', recordName: 'for Ivy Brown' })).toBe('Renewed package for Ivy Brown');
    expect(auditTitle({ procedure: 'mps.delete', recordId: 'm1', recordName: null })).toBe('Deleted MP m1');
    expect(auditTitle({ procedure: 'transfer.import', recordId: 'v1', recordName: 'Ann Lee' })).toBe('Imported volunteer Ann Lee');
  });

  it('tells archiving from unarchiving', () => {
    expect(auditTitle({ procedure: 'clients.toggleArchive', recordId: 'c1', recordName: 'Ivy Brown', changes: { archived: { from: 'N', to: 'Y' } } })).toBe('Archived client Ivy Brown');
    expect(auditTitle({ procedure: 'clients.toggleArchive', recordId: 'c1', recordName: 'Ivy Brown', changes: { archived: { from: 'Y', to: 'N' } } })).toBe('Unarchived client Ivy Brown');
  });

  it('says events that change no one record in words', () => {
    expect(auditTitle({ procedure: 'auth.signIn', recordId: null, recordName: null })).toBe('Signed in');
    expect(auditTitle({ procedure: 'transfer.import', recordId: null, recordName: null })).toBe('Imported a file');
    expect(auditTitle({ procedure: 'something.new', recordId: null, recordName: null })).toBe('something.new');
  });
});
