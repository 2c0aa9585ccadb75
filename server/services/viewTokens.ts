import crypto from 'node:crypto';
import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import { viewTokenKeysRepo } from '../repos/viewTokenKeys.js';

/**
 * View tokens of the phone app's page images (server/services/mobileViewer.ts):
 * T = <chapter>-<expiry>-<mac>, mac the first 128 bits of HMAC-SHA-256 over
 * the chapter and the expiry with the deployment's secret key, so nobody
 * without the key makes one (the page keys, which the web viewer hands out,
 * are not in it). The key: VIEW_TOKEN_SECRET, or the newest row of
 * view_token_keys (the first node to start stores one; rotate() adds a newer
 * one). Tokens signed with the previous key are accepted for an overlap
 * after a rotation (VIEW_TOKEN_SECRET_PREVIOUS while it is set; a stored
 * key's successor younger than overlapS), so readers in the middle of a
 * chapter keep their pages. A token opens pages only of its chapter, until
 * its expiry, and only while the chapter is readable (the page route checks).
 */
export interface ViewTokenKeys {
  /** A token for this chapter valid until exp (s). */
  sign(chapterId: number, exp: number): Promise<string>;
  /** Whether t is a token of this chapter, signed with an accepted key, not expired at now (s). */
  opens(t: string, chapterId: number, now: number): Promise<boolean>;
  /** Reads the keys, storing the deployment's first one if there is none (at start, so a backup holds it). */
  ready(): Promise<void>;
  /** Stores a new signing key (the current one stays accepted for the overlap). */
  rotate(): Promise<void>;
}

const TOKEN = /^(\d{1,10})-(\d{1,10})-([0-9a-f]{32})$/;
/** How long keys read from the database are used before reading them again (another node may have rotated). */
const RELOAD_MS = 60_000;

const mac = (key: string, chapterId: number, exp: number) =>
  crypto.createHmac('sha256', key).update(`plus_vw_token|${chapterId}|${exp}`).digest('hex').slice(0, 32);

export function viewTokenKeys(
  db: DB,
  clock: ServerClock,
  cfg: { viewTokenSecret: string; viewTokenSecretPrevious: string; viewTokenOverlapS: number },
): ViewTokenKeys {
  const stored = viewTokenKeysRepo(db);
  let loaded: { at: number; keys: string[] } | null = null;

  /** The accepted keys, the signing one first. */
  async function keys(): Promise<string[]> {
    if (cfg.viewTokenSecret) return [cfg.viewTokenSecret, ...(cfg.viewTokenSecretPrevious ? [cfg.viewTokenSecretPrevious] : [])];
    if (loaded && clock.now() - loaded.at < RELOAD_MS) return loaded.keys;
    let rows = await stored.newest();
    if (rows.length === 0) {
      await store();
      rows = await stored.newest();
    }
    const [newest, previous] = rows;
    if (!newest) throw new Error('view_token_keys: no key after insert');
    const overlap = previous && clock.nowSec() - newest.created_at < cfg.viewTokenOverlapS;
    loaded = { at: clock.now(), keys: [newest.secret, ...(overlap ? [previous.secret] : [])] };
    return loaded.keys;
  }

  async function store(): Promise<void> {
    await stored.add(crypto.randomBytes(32).toString('hex'), clock.nowSec());
  }

  return {
    async ready() {
      await keys();
    },
    async sign(chapterId, exp) {
      const [key] = await keys();
      return `${chapterId}-${exp}-${mac(key, chapterId, exp)}`;
    },
    async opens(t, chapterId, now) {
      const m = TOKEN.exec(t);
      if (!m || Number(m[1]) !== chapterId || Number(m[2]) < now) return false;
      const given = Buffer.from(m[3]);
      return (await keys()).some((k) => crypto.timingSafeEqual(Buffer.from(mac(k, chapterId, Number(m[2]))), given));
    },
    async rotate() {
      if (cfg.viewTokenSecret) throw new Error('VIEW_TOKEN_SECRET is set: rotate it in the environment (VIEW_TOKEN_SECRET_PREVIOUS)');
      await store();
      loaded = null;
    },
  };
}
