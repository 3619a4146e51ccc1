/**
 * The webhook signature, as Stripe signs its webhooks: `X-Signature: t=<unix seconds>,v1=<hex>`,
 * where v1 is HMAC-SHA256 of `<t>.<body>` under the webhook's secret. The timestamp is signed too,
 * so a receiver can refuse a replay older than it allows (verifySignature's tolerance).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Signature';

/** A new webhook's secret: 32 random bytes, as `whsec_` + hex. */
export const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

const mac = (secret: string, t: number, body: string) => createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');

export function signatureHeader(secret: string, body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}

/** What a receiver does: the header's v1 matches the body under the secret, and t is within `toleranceS` of now. */
export function verifySignature(secret: string, body: string, header: string, now = Date.now(), toleranceS = 300): boolean {
  const parts = new Map(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceS || !/^[0-9a-f]{64}$/.test(v1)) return false;
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(mac(secret, t, body), 'hex'));
}
