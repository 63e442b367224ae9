import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database } from '@/server/db/client';
import { appSecrets } from '@/server/db/schema/auth';

/** Reads a generated secret, creating it once; concurrent first starts agree on one value. */
async function secret<T>(db: Database, name: string, create: () => Promise<T>): Promise<T> {
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (existing) return existing.value as T;
  await db
    .insert(appSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const [stored] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return stored!.value as T;
}

/** The private signing key of the built-in provider; ID tokens stay valid across restarts. */
export function signingKey(db: Database): Promise<JWK> {
  return secret(db, 'oidc-signing-key', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { ...jwk, alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
  });
}

/** Keys that sign the provider's cookies. */
export function cookieKeys(db: Database): Promise<string[]> {
  return secret(db, 'oidc-cookie-keys', async () => [randomBytes(32).toString('base64url')]);
}

/** The key that encrypts authenticator secrets at rest (AES-256-GCM), so a copy of that table alone reveals none. */
export async function mfaSecretKey(db: Database): Promise<Buffer> {
  return Buffer.from(await secret(db, 'mfa-secret-key', async () => randomBytes(32).toString('base64url')), 'base64url');
}

/** The public half of a private JWK. */
export function publicJwk(jwk: JWK): JWK {
  const { kty, n, e, alg, use, kid, crv, x, y } = jwk;
  return Object.fromEntries(Object.entries({ kty, n, e, alg, use, kid, crv, x, y }).filter(([, v]) => v !== undefined));
}
