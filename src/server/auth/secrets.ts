import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '@/server/db/client';
import { storedSecret } from '@/server/db/app-secrets';

/** The private signing key of the built-in provider; ID tokens stay valid across restarts. */
export function signingKey(db: Database): Promise<JWK> {
  return storedSecret(db, 'oidc-signing-key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
  });
}

/** Keys that sign the provider's cookies. */
export function cookieKeys(db: Database): Promise<string[]> {
  return storedSecret(db, 'oidc-cookie-keys', async () => [randomBytes(32).toString('base64url')]);
}

/** The public half of a private JWK. */
export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, alg, use, kid, crv, x, y } = jwk;
  return Object.fromEntries(Object.entries({ kty, n, e, alg, use, kid, crv, x, y }).filter(([, v]) => v !== undefined));
}
