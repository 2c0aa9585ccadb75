import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { DB } from '../db/index.js';
import type { ServerClock } from '../lib/clock.js';
import { vapidKeysRepo } from '../repos/vapidKeys.js';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const isKey = (k: unknown, bytes: number): k is string => typeof k === 'string' && Buffer.from(k, 'base64url').length === bytes;

/** A file of the older per-node layout (DATA_DIR/vapid.json), so a single machine keeps its subscribers on upgrade. */
function legacyKeys(dataDir: string): VapidKeys | null {
  try {
    const k = JSON.parse(fs.readFileSync(path.join(dataDir, 'vapid.json'), 'utf8')) as Partial<VapidKeys>;
    if (isKey(k.publicKey, 65) && isKey(k.privateKey, 32)) return { publicKey: k.publicKey, privateKey: k.privateKey };
  } catch {
    // none
  }
  return null;
}

/**
 * The deployment's one VAPID key pair (base64url): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when both are set; else the pair stored in the database
 * (push_vapid, row 1). The first node to start stores one (the node's old
 * DATA_DIR/vapid.json, or a new pair) with an insert that does nothing when
 * another node won the race; every node then reads the row that is there.
 */
export async function loadVapidKeys(
  db: DB,
  env: { publicKey: string; privateKey: string },
  dataDir: string,
  clock: ServerClock,
): Promise<VapidKeys> {
  if (env.publicKey || env.privateKey) {
    if (!isKey(env.publicKey, 65) || !isKey(env.privateKey, 32))
      throw new Error('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: both needed, base64url (65-byte public point, 32-byte private key)');
    return { publicKey: env.publicKey, privateKey: env.privateKey };
  }
  const stored = vapidKeysRepo(db);
  let keys = await stored.read();
  if (!keys) {
    const fresh = legacyKeys(dataDir) ?? webpush.generateVAPIDKeys();
    await stored.storeFirst(fresh, clock.nowSec());
    keys = await stored.read();
  }
  if (!keys) throw new Error('push_vapid: no key pair after insert');
  return keys;
}
