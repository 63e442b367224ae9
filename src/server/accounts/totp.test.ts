import { describe, expect, it } from 'vitest';
import { groupedSecret, matchingTotpStep, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp';

// RFC 6238 appendix B: the SHA-1 key is the ASCII string "12345678901234567890", here in base32 as
// secrets are stored (enrolments made before this module used a library must still verify).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it('matches the RFC 6238 test vectors (last six digits)', () => {
    const vectors: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, expected] of vectors) {
      expect(totpCode(RFC_SECRET, totpStep(seconds * 1000))).toBe(expected.slice(-6));
      expect(matchingTotpStep(RFC_SECRET, expected.slice(-6), seconds * 1000)).toBe(totpStep(seconds * 1000));
    }
  });

  it('makes 160-bit base32 secrets, shown in groups of four', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
    expect(groupedSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });

  it('accepts codes one step either side of now, and nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchingTotpStep(secret, totpCode(secret, step), now)).toBe(step);
    expect(matchingTotpStep(secret, totpCode(secret, step - 1), now)).toBe(step - 1);
    expect(matchingTotpStep(secret, totpCode(secret, step + 1), now)).toBe(step + 1);
    expect(matchingTotpStep(secret, totpCode(secret, step - 2), now)).toBeUndefined();
    expect(matchingTotpStep(secret, totpCode(secret, step + 2), now)).toBeUndefined();
    expect(matchingTotpStep(secret, '12345', now)).toBeUndefined();
    expect(matchingTotpStep(secret, 'abcdef', now)).toBeUndefined();
  });

  it('names the issuer and the account in the authenticator address', () => {
    expect(otpauthUri('jo@example.org', RFC_SECRET)).toBe(
      `otpauth://totp/Valecare:jo%40example.org?issuer=Valecare&secret=${RFC_SECRET}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
