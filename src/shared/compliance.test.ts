import { describe, expect, it } from 'vitest';
import { carerCompliance, type CarerComplianceFacts, dbsRecheckDate, DEFAULT_COMPLIANCE_SETTINGS, longDate, maskCertificateNumber, isMaskedCertificateNumber } from './compliance';

const today = '2026-03-10';
const volunteer = (facts: Partial<CarerComplianceFacts> = {}): CarerComplianceFacts => ({
  kind: 'volunteer',
  dbsExpiry: '2028-01-01',
  publicLiabilityExpiry: '',
  training: [],
  ...facts,
});
const settings = DEFAULT_COMPLIANCE_SETTINGS;

describe('carer compliance', () => {
  it('is compliant with a DBS re-check ahead and nothing else required of a volunteer by default', () => {
    expect(carerCompliance(volunteer(), settings, today)).toEqual({ status: 'Compliant', reasons: [] });
  });

  it('is not compliant once the DBS re-check date has passed, or with none on record', () => {
    expect(carerCompliance(volunteer({ dbsExpiry: '2026-03-03' }), settings, today)).toEqual({
      status: 'Not compliant',
      reasons: ['DBS re-check was due on 3 March 2026'],
    });
    expect(carerCompliance(volunteer({ dbsExpiry: '' }), settings, today)).toEqual({ status: 'Not compliant', reasons: ['No DBS check on record'] });
  });

  it('warns within 30 days, the last day included, and not after', () => {
    expect(carerCompliance(volunteer({ dbsExpiry: '2026-04-09' }), settings, today)).toEqual({
      status: 'Expiring soon',
      reasons: ['DBS re-check is due on 9 April 2026 (in 30 days)'],
    });
    expect(carerCompliance(volunteer({ dbsExpiry: '2026-03-10' }), settings, today).reasons).toEqual(['DBS re-check is due on 10 March 2026 (today)']);
    expect(carerCompliance(volunteer({ dbsExpiry: '2026-04-10' }), settings, today).status).toBe('Compliant');
  });

  it('requires public liability of MPs by default, not of volunteers', () => {
    expect(carerCompliance({ ...volunteer(), kind: 'mp' }, settings, today)).toEqual({ status: 'Not compliant', reasons: ['No public liability on record'] });
    expect(carerCompliance({ ...volunteer(), kind: 'mp', publicLiabilityExpiry: '2026-01-31' }, settings, today).reasons).toEqual([
      'Public liability expired on 31 January 2026',
    ]);
    expect(carerCompliance(volunteer({ publicLiabilityExpiry: '2020-01-01' }), settings, today).status).toBe('Compliant');
  });

  it('checks each required training type of the carer kind, the latest record of a type counting', () => {
    const required = { ...settings, requiredTrainingVolunteers: ['First Aid' as const, 'Manual Handling' as const] };
    const facts = volunteer({
      training: [
        { recordName: 'Manual Handling', expiryDate: '2025-01-01' },
        { recordName: 'Manual Handling', expiryDate: '2026-03-22' },
      ],
    });
    expect(carerCompliance(facts, required, today)).toEqual({
      status: 'Not compliant',
      reasons: ['No First Aid training on record', 'Manual Handling training expires on 22 March 2026 (in 12 days)'],
    });
    expect(carerCompliance({ ...facts, kind: 'mp', publicLiabilityExpiry: '2030-01-01' }, required, today).status).toBe('Compliant');
  });

  it('counts a training record with no expiry date as never lapsing', () => {
    const required = { ...settings, requiredTrainingVolunteers: ['GDPR' as const] };
    expect(carerCompliance(volunteer({ training: [{ recordName: 'GDPR', expiryDate: '' }] }), required, today).status).toBe('Compliant');
  });
});

describe('DBS re-check policy', () => {
  it('counts from the issue date, or from the last Update Service check when subscribed', () => {
    expect(dbsRecheckDate({ issueDate: '2024-05-01', updateService: false, updateServiceCheckedOn: '2026-01-01' }, 3)).toBe('2027-05-01');
    expect(dbsRecheckDate({ issueDate: '2024-05-01', updateService: true, updateServiceCheckedOn: '2026-01-01' }, 3)).toBe('2029-01-01');
    expect(dbsRecheckDate({ issueDate: '2024-05-01', updateService: true, updateServiceCheckedOn: '' }, 2)).toBe('2026-05-01');
    expect(dbsRecheckDate({ issueDate: '', updateService: false, updateServiceCheckedOn: '' }, 3)).toBe('');
  });

  it('masks a certificate number but its last 4 characters', () => {
    expect(maskCertificateNumber('001234561234')).toBe('••••••••1234');
    expect(isMaskedCertificateNumber('••••••••1234')).toBe(true);
    expect(isMaskedCertificateNumber('001234561234')).toBe(false);
    expect(maskCertificateNumber('')).toBe('');
    expect(longDate('2026-03-03')).toBe('3 March 2026');
  });
});
