import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP baseline: m=19456 KiB, t=2, p=1 (`algorithm: 2` is Argon2id). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown username) it still verifies
 * against a dummy hash, so an unknown user costs the same time as a wrong password.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  const target = storedHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return storedHash !== undefined && ok;
}
