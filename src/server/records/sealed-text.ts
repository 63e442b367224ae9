import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Executor } from '@/server/db/client';
import { storedSecret } from '@/server/db/app-secrets';

// Text kept encrypted at rest (AES-256-GCM) under a key of its own among the app's secrets, which backups never hold
// in clear: a copy of the table alone reveals nothing.

/** The key named `name`, made once (32 random bytes) and kept in app_secrets. */
export async function sealingKey(db: Executor, name: string): Promise<Buffer> {
  return Buffer.from(await storedSecret(db, name, async () => randomBytes(32).toString('base64url')), 'base64url');
}

/** `text` sealed under `key`, bound to `boundTo` (the row's owner): a value copied onto another row does not open. */
export function sealText(key: Buffer, boundTo: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(boundTo));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The text sealed by sealText under the same key and owner; throws for anything else. */
export function openText(key: Buffer, boundTo: string, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error(`The sealed value of ${boundTo} is unreadable`);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(boundTo)).setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
