/**
 * Webhook secrets at rest: AES-256-GCM under ALERTS_WEBHOOK_KEY, so a copy of the database (a backup,
 * a leaked file, a read-only SQL injection) does not hand out the keys that sign our deliveries.
 * Stored as `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url): the key id (the first 8 hex digits
 * of the key's SHA-256) says which key sealed it, so a server given another key says so instead of
 * failing as a forged tag. Without a key the secret is stored as made; a stored value is read either way.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
/** Bound to its use: a sealed value of another kind, moved into this column, does not open. */
const AAD = Buffer.from('rwa-analytics alert webhook secret v1');

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function seal(secret: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${PREFIX}${keyId(key)}:${[iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join(':')}`;
}

/** What is stored for a secret: sealed when there is a key, else as made. */
export const toStored = (secret: string, key: Buffer | undefined) => (key ? seal(secret, key) : secret);

/** The secret a stored value holds; throws, naming the variable, when it cannot be opened. */
export function openStored(stored: string, key: Buffer | undefined): string {
  if (!isSealed(stored)) return stored;
  if (!key) throw new Error('the secret is stored encrypted and ALERTS_WEBHOOK_KEY is not set');
  const [id, iv, tag, sealed] = stored.slice(PREFIX.length).split(':');
  if (id !== keyId(key)) throw new Error('the secret was encrypted with another ALERTS_WEBHOOK_KEY');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(AAD);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('the stored secret does not open with ALERTS_WEBHOOK_KEY (altered, or sealed by another key)');
  }
}

/** How Settings names a secret without showing it: its kind and last four characters. */
export const secretHint = (secret: string) => `whsec_…${secret.slice(-4)}`;
