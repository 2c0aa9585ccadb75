import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair (base64url), generated on first start and kept
 * in DATA_DIR/vapid.json (mode 0600) so existing subscriptions stay valid
 * across restarts.
 */
export function loadVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  try {
    const k = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof k.publicKey === 'string' && typeof k.privateKey === 'string') return { publicKey: k.publicKey, privateKey: k.privateKey };
  } catch {
    // missing or unreadable: generate below
  }
  const keys = webpush.generateVAPIDKeys();
  fs.mkdirSync(dataDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(keys), { mode: 0o600 });
  fs.renameSync(tmp, file);
  return keys;
}
