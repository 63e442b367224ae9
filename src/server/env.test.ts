import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('MFA_REQUIRED_ROLES', () => {
  it('is Admin and Test unless set', () => {
    expect(loadEnv({}).mfaRequiredRoles).toEqual(['Admin', 'Test']);
    expect(loadEnv({ MFA_REQUIRED_ROLES: ' ' }).mfaRequiredRoles).toEqual(['Admin', 'Test']);
  });

  it('takes a comma-separated list of roles, or none', () => {
    expect(loadEnv({ MFA_REQUIRED_ROLES: 'Admin, Finance,Admin' }).mfaRequiredRoles).toEqual(['Admin', 'Finance']);
    expect(loadEnv({ MFA_REQUIRED_ROLES: 'none' }).mfaRequiredRoles).toEqual([]);
  });

  it('refuses a name that is not a role', () => {
    expect(() => loadEnv({ MFA_REQUIRED_ROLES: 'Admin,Boss' })).toThrow('MFA_REQUIRED_ROLES: unknown role "Boss"');
    expect(() => loadEnv({ MFA_REQUIRED_ROLES: 'admin' })).toThrow('unknown role "admin"');
  });
});

describe('SESSION_IDLE_MINUTES', () => {
  it('is 30 unless set, and a whole number of minutes up to 12 hours', () => {
    expect(loadEnv({}).sessionIdleMinutes).toBe(30);
    expect(loadEnv({ SESSION_IDLE_MINUTES: '15' }).sessionIdleMinutes).toBe(15);
    expect(() => loadEnv({ SESSION_IDLE_MINUTES: '0' })).toThrow('SESSION_IDLE_MINUTES');
    expect(() => loadEnv({ SESSION_IDLE_MINUTES: '721' })).toThrow('SESSION_IDLE_MINUTES');
    expect(() => loadEnv({ SESSION_IDLE_MINUTES: 'soon' })).toThrow('SESSION_IDLE_MINUTES');
  });
});
