import { describe, expect, it } from 'vitest';
import { successMessage } from './success-messages';

describe('successMessage', () => {
  it('names the record and what happened to it', () => {
    expect(successMessage('clients.create', { id: 'c1', details: { name: 'Margaret Smith' } }, {})).toBe('Client Margaret Smith created');
    expect(successMessage('mps.update', { id: 'm1', details: { name: 'Ann Lee' } }, {})).toBe('MP Ann Lee saved');
    expect(successMessage('volunteers.toggleArchive', { id: 'v1', archived: 'Y', details: { name: 'Bob Ray' } }, {})).toBe('Volunteer Bob Ray archived');
    expect(successMessage('clients.toggleArchive', { id: 'c1', archived: 'N', details: { name: 'Ivy Brown' } }, {})).toBe('Client Ivy Brown restored');
    expect(successMessage('clients.updateName', { id: 'c1', details: { name: 'Ivy Green' } }, {})).toBe('Client renamed to Ivy Green');
    expect(successMessage('trainingRecords.create', { id: 't1', details: { recordName: 'First Aid' } }, {})).toBe('Training record First Aid created');
    expect(successMessage('mag.update', { id: 'g1', date: '2026-03-03' }, {})).toBe('MAG log of 3 Mar 2026 saved');
  });

  it('names a renewal by the new request or package, for its client', () => {
    const renewed = { oldPackage: { id: 'p1' }, newPackage: { id: 'p2', details: { name: 'Ivy Brown' } } };
    expect(successMessage('packages.renew', renewed, {})).toBe('Package for Ivy Brown renewed');
    expect(successMessage('requests.create', { id: 'r1', details: { name: 'Ivy Brown' } }, {})).toBe('Request for Ivy Brown created');
  });

  it('says a deletion, a closed month and settings in words, and "Saved" for anything else', () => {
    expect(successMessage('packages.delete', { id: 'p1' }, { id: 'p1' })).toBe('Package deleted');
    expect(successMessage('deliveries.closeMonth', { month: '2026-03' }, { month: '2026-03' })).toBe('March 2026 closed');
    expect(successMessage('deliveries.reopenMonth', {}, { month: '2026-03' })).toBe('March 2026 reopened');
    expect(successMessage('deliveries.setRecordingStart', {}, { month: '2026-03' })).toBe('Delivered care counted from March 2026');
    expect(successMessage('deliveries.setRecordingStart', {}, { month: null })).toBe('Delivered care counted from the first entry');
    expect(successMessage('carerApp.invite', { linkToPassOn: null }, {})).toBe('Invitation to the carer app sent');
    expect(successMessage('carerApp.invite', { linkToPassOn: 'http://x/link' }, {})).toBe('Invitation to the carer app ready: pass its link on');
    expect(successMessage('carerApp.revoke', {}, {})).toBe('Access to the carer app ended');
    expect(successMessage('compliance.updateSettings', {}, {})).toBe('Compliance settings saved');
    expect(successMessage('something.else', {}, {})).toBe('Saved');
  });
});
