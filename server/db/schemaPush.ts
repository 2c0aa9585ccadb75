import type { Generated } from 'kysely';

/** Tables of release notifications (migration 0004_push). */

/** The deployment's one VAPID key pair (row id 1), when not given in the environment. */
export interface PushVapidTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: number;
}

/**
 * A notification the push service accepted: one row per subscription
 * (sha256 of its endpoint, hex) and chapter, written on the push service's
 * 2xx and checked before every send, so no subscription gets a chapter twice.
 */
export interface PushDeliveryTable {
  endpoint_hash: string;
  chapter_id: number;
  delivered_at: number;
}

/**
 * The fan-out outbox on SQLite (PostgreSQL uses pg-boss): one row per batch
 * of subscribers of a released chapter, created in the transaction that
 * claims the chapter, deleted when done; a row whose lease ran out (its
 * process died) is taken again.
 */
export interface PushJobTable {
  id: Generated<number>;
  /** JSON PushJob: chapter, visitor tokens, attempt. */
  data: string;
  /** Not before (ms since the epoch). */
  run_at: number;
  /** Leased by a worker until (ms since the epoch); 0 = free. */
  locked_until: number;
  /** Runs that threw (a database failure); the job is dropped after PUSH_MAX_ATTEMPTS. */
  failures: number;
}

/** A key view tokens are signed with (server/services/viewTokens.ts): the newest signs. */
export interface ViewTokenKeyTable {
  id: Generated<number>;
  secret: string;
  created_at: number;
}
