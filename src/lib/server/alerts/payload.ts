/** An event as the outside sees it: the webhook's body and the JSON Feed item's `_alert` (one shape for both). */
import { KIND_LABEL, type StoredAlert } from './types.ts';

export const alertPath = (id: string) => `/alerts/${encodeURIComponent(id)}`;

export function payloadOf(e: StoredAlert, origin: string) {
  return {
    id: e.id,
    kind: e.kind,
    kindLabel: KIND_LABEL[e.kind],
    day: e.day,
    title: e.title,
    asset: e.assetSymbol ? { symbol: e.assetSymbol, class: e.assetClass } : null,
    network: e.chain,
    networks: e.chains,
    url: origin + alertPath(e.id),
    evidence: e.evidence,
    createdAt: e.createdAt,
  };
}
