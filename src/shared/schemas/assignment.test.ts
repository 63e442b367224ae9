import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPLIANCE_SETTINGS } from '@/shared/compliance';
import { complianceOverride, OVERRIDE_TOO_SHORT } from './care';
import { complianceSettings } from './compliance';
import { dbsCertificateNumber, dbsDetails } from './people';

const problem = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? undefined : result.error?.issues[0]?.message);

describe('an override reason', () => {
  it('needs at least 3 words and 15 characters', () => {
    expect(problem(complianceOverride.safeParse({ reason: 'Agreed with family today' }))).toBeUndefined();
    expect(problem(complianceOverride.safeParse({ reason: 'Agreedwithfamilytoday' }))).toBe(OVERRIDE_TOO_SHORT);
    expect(problem(complianceOverride.safeParse({ reason: 'ok by me' }))).toBe(OVERRIDE_TOO_SHORT);
    expect(problem(complianceOverride.safeParse({ reason: '   ' }))).toBe(OVERRIDE_TOO_SHORT);
  });

  it('needs three words of letters: dots, dashes and lone letters are no reason', () => {
    for (const reason of ['. . . . . . . .', 'a a a a a a a a', '1 2 3 4 5 6 7 8 9', '- -- --- ---- -----', 'x y z: agreed so']) {
      expect({ reason, problem: problem(complianceOverride.safeParse({ reason })) }).toEqual({ reason, problem: OVERRIDE_TOO_SHORT });
    }
    expect(problem(complianceOverride.safeParse({ reason: 'DBS seen 12/11; renewal due' }))).toBeUndefined();
    expect(problem(complianceOverride.safeParse({ reason: 'Élodie agréé avec famille' }))).toBeUndefined();
  });
});

describe('DBS details', () => {
  it('takes a 12-digit certificate number with spaces or dashes, the masked number sent back, or nothing', () => {
    expect(dbsCertificateNumber.parse('0012 3456-7890')).toBe('001234567890');
    expect(dbsCertificateNumber.parse('••••••••7890')).toBe('••••••••7890');
    expect(dbsCertificateNumber.parse('')).toBe('');
    expect(problem(dbsCertificateNumber.safeParse('12345'))).toBe('A DBS certificate number is 12 digits');
    expect(problem(dbsCertificateNumber.safeParse('00123456789O'))).toBe('A DBS certificate number is 12 digits');
  });

  it('refuses an Update Service check before the certificate was issued, and an unknown level', () => {
    expect(problem(dbsDetails.safeParse({ issueDate: '2025-05-01', updateServiceCheckedOn: '2025-04-30' }))).toBe(
      'The Update Service check cannot be before the certificate was issued',
    );
    expect(problem(dbsDetails.safeParse({ level: 'enhanced-plus' }))).toBe('Choose a DBS level: basic, standard, enhanced, enhanced-barred');
    expect(dbsDetails.parse({})).toEqual({ issueDate: '', level: '', updateService: false, updateServiceCheckedOn: '' });
  });
});

describe('compliance settings', () => {
  it('accepts the defaults and refuses a re-check policy outside 1 to 10 years or an unknown training type', () => {
    expect(complianceSettings.parse(DEFAULT_COMPLIANCE_SETTINGS)).toEqual(DEFAULT_COMPLIANCE_SETTINGS);
    expect(problem(complianceSettings.safeParse({ ...DEFAULT_COMPLIANCE_SETTINGS, dbsRecheckYears: 0 }))).toBe('DBS re-checks are at least 1 year apart');
    expect(problem(complianceSettings.safeParse({ ...DEFAULT_COMPLIANCE_SETTINGS, dbsRecheckYears: 2.5 }))).toBe(
      'Enter the years between DBS re-checks as a whole number',
    );
    expect(problem(complianceSettings.safeParse({ ...DEFAULT_COMPLIANCE_SETTINGS, requiredTrainingMps: ['Juggling'] }))).toMatch(/^Unknown training type/);
    expect(complianceSettings.parse({ ...DEFAULT_COMPLIANCE_SETTINGS, requiredTrainingMps: ['GDPR', 'GDPR'] }).requiredTrainingMps).toEqual(['GDPR']);
  });
});
