import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadEnv } from './env';

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

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless set', () => {
    for (const value of [undefined, '', 'false', 'FALSE', '0']) expect(loadEnv({ TRUST_PROXY: value }).trustProxy).toBe(false);
  });

  it('takes a number of proxy hops, true meaning one', () => {
    expect(loadEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadEnv({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(() => loadEnv({ TRUST_PROXY: '11' })).toThrow('TRUST_PROXY: at most 10 proxy hops');
  });

  it('takes a list of proxy addresses and ranges', () => {
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,fd00::/8, loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'fd00::/8',
      'loopback',
    ]);
    for (const wrong of ['yes', '10.0.0.256', '10.0.0.0/33', '::1/129', '10.0.0.1/8/8', '10.0.0.1,,10.0.0.2', 'proxy.example.org']) {
      expect(() => loadEnv({ TRUST_PROXY: wrong }), wrong).toThrow('TRUST_PROXY');
    }
  });

  it('gives Fastify a hop count as the proxies nearest the server', () => {
    const trust = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([trust('10.0.0.1', 0), trust('203.0.113.9', 1)]).toEqual([true, false]);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });
});

describe('outgoing mail and jobs', () => {
  it('keeps every message in the outbox, from the charity at the public host, unless set', () => {
    expect(loadEnv({ PUBLIC_URL: 'https://care.example.org' })).toMatchObject({
      smtpUrl: undefined,
      charityName: 'Valecare',
      mailFrom: 'Valecare <no-reply@care.example.org>',
      runJobs: true,
    });
    expect(loadEnv({ CHARITY_NAME: 'Vale Care' }).mailFrom).toBe('Vale Care <no-reply@localhost>');
  });

  it('takes an smtp:// or smtps:// URL and a sender address', () => {
    const env = loadEnv({ SMTP_URL: 'smtp://u:p@mail.example.org:587', MAIL_FROM: 'Vale Care <office@example.org>' });
    expect(env).toMatchObject({ smtpUrl: 'smtp://u:p@mail.example.org:587', mailFrom: 'Vale Care <office@example.org>' });
    expect(loadEnv({ SMTP_URL: 'smtps://mail.example.org', MAIL_FROM: 'office@example.org' }).mailFrom).toBe('office@example.org');
    expect(() => loadEnv({ SMTP_URL: 'mail.example.org:587' })).toThrow('SMTP_URL: an smtp:// or smtps:// URL');
    expect(() => loadEnv({ MAIL_FROM: 'the office' })).toThrow('MAIL_FROM: an e-mail address');
  });

  it('runs jobs unless RUN_JOBS is false', () => {
    expect(loadEnv({ RUN_JOBS: 'false' }).runJobs).toBe(false);
    expect(loadEnv({ RUN_JOBS: 'true' }).runJobs).toBe(true);
    expect(() => loadEnv({ RUN_JOBS: 'no' })).toThrow('RUN_JOBS');
  });

  it('takes a BACKUP_KEY of at least 32 characters, or none', () => {
    expect(loadEnv({}).backupKey).toBeUndefined();
    expect(loadEnv({ BACKUP_KEY: ' 0123456789abcdef0123456789abcdef ' }).backupKey).toBe('0123456789abcdef0123456789abcdef');
    expect(() => loadEnv({ BACKUP_KEY: 'short' })).toThrow('BACKUP_KEY: at least 32 characters');
  });
});
