import type { SupplyDto } from './supplies';

/**
 * Suppliers pulling their orders through the gateway (issue 18 item 6, docs/supplier-api.md): API clients per
 * supplier (identity keeps their credentials), the OAuth 2.0 client credentials sign-in, the supplies feed and the
 * acknowledgement (supply service).
 */

/** Request/reply subjects of the API clients, served by the identity service. */
export const ApiClientSubjects = {
  list: 'identity.api_client.list',
  create: 'identity.api_client.create',
  revoke: 'identity.api_client.revoke',
  /** the client credentials grant: client id and secret -> an access token for the supplier API */
  token: 'identity.api_client.token',
  /** on every supplier API call: the client is there and not revoked (and its last use is noted) */
  check: 'identity.api_client.check',
} as const;

/** Request/reply subjects of the supplier feed, served by the supply service. */
export const SupplierFeedSubjects = {
  pull: 'supply.feed.pull',
  get: 'supply.feed.get',
  ack: 'supply.feed.ack',
} as const;

/** Durable events of the supplier feed (JetStream stream EVT_supply). */
export const SupplierFeedEvents = {
  /** a supplier's system acknowledged a supply (lines TR) or sent its order number (lines PO): the orders service follows */
  acknowledged: 'evt.supply.acknowledged',
} as const;

/** An API client of a supplier (the secret is never answered, except once by create). */
export interface ApiClientDto {
  id: number;
  supplier_id: number;
  name: string;
  /** public, random: what the supplier's system signs in with, beside the secret */
  client_id: string;
  created_at: string;
  created_by: number | null;
  last_used_at: string | null;
  /** null while the client works; revoked clients stay listed */
  revoked_at: string | null;
}

/** What create answers: the client and its secret, shown this once (only a hash is stored). */
export interface ApiClientCreated extends ApiClientDto {
  client_secret: string;
}

export interface ApiClientInput {
  name?: string;
}

export interface ApiClientScope {
  supplierId: number;
}

/** What the client credentials grant answers (RFC 6749 section 4.4.3). */
export interface ApiClientToken {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  /** the company and supplier the token is for (not part of RFC 6749; handy for the client's paths) */
  company_id: number;
  supplier_id: number;
}

/** The claims of a supplier API access token (audience `kanban-supplier-api`): never accepted by the rest of the API. */
export interface ApiClientClaims {
  /** the client's public id */
  sub: string;
  /** company id */
  c: number;
  /** supplier id */
  s: number;
}

/** What `check` answers for a client that works; revoked or unknown clients answer 401. */
export interface ApiClientCheck {
  id: number;
  company_id: number;
  supplier_id: number;
}

/** The caller of the supply service's feed calls: the company, the supplier and the client (no user). */
export interface FeedCaller {
  companyId: number;
  supplierId: number;
  /** the client's public id */
  clientId: string;
}

export const FEED_PAGE_SIZE_MAX = 500;
export const FEED_PAGE_SIZE_DEFAULT = 100;

export interface FeedQuery {
  /** the cursor: `next_cursor` of the previous pull; absent or 0: from the start */
  since?: string;
  /** at most this many supplies (1-500, default 100) */
  limit?: number;
}

/** A supply in the feed: the supply with its lines, each line's external status, and the supply's change number. */
export interface FeedSupplyDto extends SupplyDto {
  /** the change sequence number of the supply's latest change (what the cursor counts) */
  seq: string;
  /** the supplier's order number once acknowledged with one */
  po_number: string | null;
  /** when the supplier's system first acknowledged it */
  acknowledged_at: string | null;
}

/** The line external statuses the supplier API sets (shared/design/spec-clarifications.md): TR transmitted, PO order number received. */
export type FeedLineStatus = 'TR' | 'PO';

export interface FeedPage {
  items: FeedSupplyDto[];
  /** pass as `since` next time; the same as `since` when nothing new came */
  next_cursor: string;
  /** more supplies are waiting beyond this page */
  has_more: boolean;
}

export interface FeedAckInput {
  /** the supplier's own order number: lines become PO (else TR) */
  po_number?: string | null;
}

/** evt.supply.acknowledged: the orders service sets the order's po number and status, and its lines' external status. */
export interface SupplyAcknowledged {
  id: number;
  company_id: number;
  order_id: number;
  supplier_id: number;
  status: FeedLineStatus;
  po_number: string | null;
  positions: number[];
  at: string;
}
