import { exportJWK, generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/shared/permissions';
import { InvalidTokenError, localKeys, tokenVerifier } from './token-verifier';

const ISSUER = 'http://127.0.0.1/auth';
const AUDIENCE = 'valecare';

async function signer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const keys = localKeys([{ ...(await exportJWK(publicKey)), alg: 'RS256', kid: 'k' }]);
  const sign = (expiresAt: number) =>
    new SignJWT({ given_name: 'Ann', family_name: 'Lee', email: 'ann@valecare.test', groups: ['Coordinator'], sid: 's1' })
      .setProtectedHeader({ alg: 'RS256', kid: 'k' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('u1')
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(privateKey);
  return { keys, sign };
}

/** The keys, counting how often a signature is checked with them. */
function counted(keys: JWTVerifyGetKey) {
  const counter = { checks: 0 };
  const wrapped: JWTVerifyGetKey = (header, token) => {
    counter.checks++;
    return keys(header, token);
  };
  return { counter, keys: wrapped };
}

describe('tokenVerifier', () => {
  afterEach(() => vi.useRealTimers());

  it('with fixed keys, checks a token’s signature once while it lasts, the session on every call, and refuses it once expired', async () => {
    const { keys, sign } = await signer();
    const now = Math.floor(Date.now() / 1000);
    const token = await sign(now + 60);
    const { counter, keys: countedKeys } = counted(keys);
    const account = { role: 'Coordinator' as Role | undefined };
    const verify = tokenVerifier({ issuer: ISSUER, audience: AUDIENCE, groupsClaim: 'groups', keys: countedKeys, fixedKeys: true, sessionRole: async () => account.role });

    const user = { givenName: 'Ann', familyName: 'Lee', email: 'ann@valecare.test', role: 'Coordinator' };
    expect(await verify(token)).toEqual({ ...user, sessionId: 's1' });
    expect(await verify(token)).toEqual({ ...user, sessionId: 's1' });
    expect(counter.checks).toBe(1);

    // The account's role now, not the token's groups claim.
    account.role = 'Finance';
    expect(await verify(token)).toEqual({ ...user, role: 'Finance', sessionId: 's1' });
    account.role = undefined;
    await expect(verify(token)).rejects.toThrow(new InvalidTokenError('The sign-in session has ended'));
    account.role = 'Coordinator';

    // The clock tolerance (30 s) past its expiry, it is refused as jose refuses it.
    vi.useFakeTimers({ now: (now + 60 + 30) * 1000 });
    await expect(verify(token)).rejects.toThrow(InvalidTokenError);
    vi.setSystemTime((now + 60 + 29) * 1000);
    const fresh = tokenVerifier({ issuer: ISSUER, audience: AUDIENCE, groupsClaim: 'groups', keys, fixedKeys: true });
    expect(await fresh(token)).toEqual(user);
  });

  it('without fixed keys, checks the signature on every call', async () => {
    const { keys, sign } = await signer();
    const token = await sign(Math.floor(Date.now() / 1000) + 60);
    const { counter, keys: countedKeys } = counted(keys);
    const verify = tokenVerifier({ issuer: ISSUER, audience: AUDIENCE, groupsClaim: 'groups', keys: countedKeys });
    await verify(token);
    await verify(token);
    expect(counter.checks).toBe(2);
  });

  it('never remembers a token it refused', async () => {
    const { keys, sign } = await signer();
    const other = await signer();
    const token = await other.sign(Math.floor(Date.now() / 1000) + 60);
    const verify = tokenVerifier({ issuer: ISSUER, audience: AUDIENCE, groupsClaim: 'groups', keys, fixedKeys: true });
    await expect(verify(token)).rejects.toThrow(InvalidTokenError);
    await expect(verify(token)).rejects.toThrow(InvalidTokenError);
    expect(await verify(await sign(Math.floor(Date.now() / 1000) + 60))).toMatchObject({ role: 'Coordinator' });
  });
});
