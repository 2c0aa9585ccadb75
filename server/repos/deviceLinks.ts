import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';

/** The tables a group's reading lives in: moved under the group's key when its first device links. */
const SHARED_TABLES = ['bookmarks', 'viewed_chapters', 'reading_positions', 'comment_likes', 'page_bookmarks', 'reader_settings'] as const;

/** How long this process trusts what it read of a device's group: another node's unlink shows within it. */
const GROUP_CACHE_S = 30;
const GROUP_CACHE_MAX = 100_000;
/** How long a spent or expired code is kept after it expires: longer than any limit's window. */
const CODE_KEEP_S = 3600;

export interface LinkedDeviceRow {
  device_token: string;
  device_id: string;
  name: string;
  created_at: number;
}

/** A claimed code waiting for its owner's confirmation. */
export interface PendingClaim {
  code_hash: string;
  claimed_by: string;
  claimed_name: string;
}

/**
 * Devices sharing a reading without an account. A linked device's
 * token reads and writes under its group's key (device_links); a code
 * (link_codes, kept as its SHA-256) goes waiting → claimed (by the device
 * that typed it) → used (confirmed on the device that made it), each step
 * one conditional UPDATE, so a code is claimed and confirmed once whatever
 * races it. Wrong codes are counted (link_failures) for the guessing limit.
 */
export function deviceLinksRepo(db: DB, clock: ServerClock) {
  const cache = new Map<string, { group: string | null; until: number }>();
  const forget = (...tokens: string[]) => tokens.forEach((t) => cache.delete(t));

  return {
    /** What groupOf would answer from this process's memory alone (undefined: not known here, or too old to trust). */
    cachedGroupOf(token: string): string | null | undefined {
      const hit = cache.get(token);
      return hit && hit.until > clock.nowSec() ? hit.group : undefined;
    },

    /** The group key a device token reads and writes under, or null when the device is not linked. */
    async groupOf(token: string): Promise<string | null> {
      const now = clock.nowSec();
      const hit = cache.get(token);
      if (hit && hit.until > now) return hit.group;
      const row = await db.selectFrom('device_links').select('group_key').where('device_token', '=', token).executeTakeFirst();
      if (cache.size >= GROUP_CACHE_MAX) cache.clear();
      cache.set(token, { group: row?.group_key ?? null, until: now + GROUP_CACHE_S });
      return row?.group_key ?? null;
    },

    async codesMadeSince(owner: string, since: number): Promise<number> {
      const { n } = await db
        .selectFrom('link_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('owner_token', '=', owner)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** A new code for this owner; any earlier code of theirs not yet used stops working. */
    async makeCode(owner: string, codeHash: string, expiresAt: number): Promise<void> {
      const now = clock.nowSec();
      await db.transaction().execute(async (trx) => {
        // Spent, not deleted: the codes a device made count against its limit for the window.
        await trx.updateTable('link_codes').set({ state: 'used' }).where('owner_token', '=', owner).where('state', '!=', 'used').execute();
        await trx
          .deleteFrom('link_codes')
          .where('expires_at', '<', now - CODE_KEEP_S)
          .execute();
        await trx
          .insertInto('link_codes')
          .values({
            code_hash: codeHash,
            owner_token: owner,
            created_at: now,
            expires_at: expiresAt,
            state: 'waiting',
            claimed_by: null,
            claimed_name: '',
          })
          .execute();
      });
    },

    async failuresSince(keys: string[], since: number): Promise<number> {
      const { n } = await db
        .selectFrom('link_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('key', 'in', keys)
        .where('at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async noteFailure(keys: string[], olderThan: number): Promise<void> {
      const at = clock.nowSec();
      await db.deleteFrom('link_failures').where('at', '<', olderThan).execute();
      await db
        .insertInto('link_failures')
        .values(keys.map((key) => ({ key, at })))
        .execute();
    },

    /** Claims a waiting, unexpired code of another device; false when there is none (wrong, expired, already claimed or used). */
    async claim(codeHash: string, claimant: string, name: string): Promise<boolean> {
      const r = await db
        .updateTable('link_codes')
        .set({ state: 'claimed', claimed_by: claimant, claimed_name: name })
        .where('code_hash', '=', codeHash)
        .where('state', '=', 'waiting')
        .where('expires_at', '>', clock.nowSec())
        .where('owner_token', '!=', claimant)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The claim waiting for this owner's confirmation, if any (unexpired). */
    async pendingFor(owner: string): Promise<PendingClaim | undefined> {
      const row = await db
        .selectFrom('link_codes')
        .select(['code_hash', 'claimed_by', 'claimed_name'])
        .where('owner_token', '=', owner)
        .where('state', '=', 'claimed')
        .where('expires_at', '>', clock.nowSec())
        .executeTakeFirst();
      return row && row.claimed_by ? { code_hash: row.code_hash, claimed_by: row.claimed_by, claimed_name: row.claimed_name } : undefined;
    },

    /** Whether this device claimed a code that its owner has not confirmed yet. */
    async waiting(claimant: string): Promise<boolean> {
      const row = await db
        .selectFrom('link_codes')
        .select('code_hash')
        .where('claimed_by', '=', claimant)
        .where('state', '=', 'claimed')
        .where('expires_at', '>', clock.nowSec())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Drops the claim waiting for this owner (declined); the code is spent. */
    async decline(owner: string): Promise<void> {
      await db.updateTable('link_codes').set({ state: 'used' }).where('owner_token', '=', owner).where('state', '=', 'claimed').execute();
    },

    /**
     * Confirms the claim waiting for this owner: the owner joins (or makes)
     * a group, its reading moved under the group's new key; the claimant
     * leaves any group it was in and joins this one. False when no claim
     * waits (confirmed already: the code is used once).
     */
    async confirm(owner: string, ids: { groupKey: string; ownerId: string; claimantId: string; ownerName: string }): Promise<boolean> {
      const now = clock.nowSec();
      const done = await db.transaction().execute(async (trx) => {
        const claim = await trx
          .selectFrom('link_codes')
          .select(['code_hash', 'claimed_by', 'claimed_name'])
          .where('owner_token', '=', owner)
          .where('state', '=', 'claimed')
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (!claim?.claimed_by) return null;
        const used = await trx
          .updateTable('link_codes')
          .set({ state: 'used' })
          .where('code_hash', '=', claim.code_hash)
          .where('state', '=', 'claimed')
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return null;
        let group = (await trx.selectFrom('device_links').select('group_key').where('device_token', '=', owner).executeTakeFirst())
          ?.group_key;
        if (!group) {
          group = ids.groupKey;
          for (const table of SHARED_TABLES)
            await trx.updateTable(table).set({ visitor_token: group }).where('visitor_token', '=', owner).execute();
          await trx
            .insertInto('device_links')
            .values({ device_token: owner, group_key: group, device_id: ids.ownerId, name: ids.ownerName, created_at: now })
            .execute();
        }
        await trx.deleteFrom('device_links').where('device_token', '=', claim.claimed_by).execute();
        await trx
          .insertInto('device_links')
          .values({
            device_token: claim.claimed_by,
            group_key: group,
            device_id: ids.claimantId,
            name: claim.claimed_name,
            created_at: now,
          })
          .execute();
        return claim.claimed_by;
      });
      if (done) forget(owner, done);
      return done !== null;
    },

    async devices(group: string): Promise<LinkedDeviceRow[]> {
      return db
        .selectFrom('device_links')
        .select(['device_token', 'device_id', 'name', 'created_at'])
        .where('group_key', '=', group)
        .orderBy('created_at')
        .orderBy('device_id')
        .execute();
    },

    /** Takes a device out of the group (it then reads its own, fresh data); false when the group has no such device. */
    async unlink(group: string, deviceId: string): Promise<boolean> {
      const row = await db
        .selectFrom('device_links')
        .select('device_token')
        .where('group_key', '=', group)
        .where('device_id', '=', deviceId)
        .executeTakeFirst();
      if (!row) return false;
      await db.deleteFrom('device_links').where('device_token', '=', row.device_token).execute();
      forget(row.device_token);
      return true;
    },
  };
}
