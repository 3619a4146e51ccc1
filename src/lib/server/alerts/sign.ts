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

/**
 * The header for one body: one v1 per secret, the current one first. During a rotation's grace period
 * the previous secret signs too (`t=...,v1=<new>,v1=<old>`, as Stripe does when it rolls a secret), so
 * a receiver still on the old secret keeps accepting while it is updated, and Stripe's own library
 * (`stripe.webhooks.constructEvent`) accepts the header under either secret.
 */
export function signatureHeader(secrets: string | readonly string[], body: string, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  return [`t=${t}`, ...[secrets].flat().map((s) => `v1=${mac(s, t, body)}`)].join(',');
}

/** What a receiver does: one of the header's v1 matches the body under the secret, and t is within `toleranceS` of now. */
export function verifySignature(secret: string, body: string, header: string, now = Date.now(), toleranceS = 300): boolean {
  const parts = header.split(',').map((p) => p.split('=', 2) as [string, string | undefined]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceS) return false;
  const expected = Buffer.from(mac(secret, t, body), 'hex');
  return parts.some(
    ([k, v]) => k === 'v1' && v !== undefined && /^[0-9a-f]{64}$/.test(v) && timingSafeEqual(Buffer.from(v, 'hex'), expected),
  );
}
