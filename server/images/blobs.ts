import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { firstUse } from '../lib/firstUse.js';

/**
 * Where page images and art are kept, by the path of their URL under /img/
 * ("page/12/0/high.webp", "title/100001/portrait.webp"): files under
 * <dataDir>/img (one machine, the default), or an S3-compatible bucket
 * (OBJECT_STORE_URL) that every node of a deployment shares.
 */
export interface Blobs {
  get(key: string): Promise<Buffer | undefined>;
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a prepared folder to prefix, replacing what was there (the importer's pages). */
  putFolder(dir: string, prefix: string): Promise<void>;
  /** Removes everything under prefix/ (a draft's pages that are no more: issue 31). */
  removeFolder(prefix: string): Promise<void>;
}

/** Writes a file so that readers never see half of it: 0600 in folders made 0700 (this process's user serves them). */
function writeAtomic(file: string, data: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, data, { mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** Files under root. */
function localBlobs(root: string): Blobs {
  return {
    async get(key) {
      try {
        return await fs.promises.readFile(path.join(root, key));
      } catch {
        return undefined;
      }
    },
    put(key, data) {
      writeAtomic(path.join(root, key), data);
      return Promise.resolve();
    },
    putFolder(dir, prefix) {
      const dest = path.join(root, prefix);
      fs.rmSync(dest, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(dest), { recursive: true, mode: 0o700 });
      fs.renameSync(dir, dest);
      return Promise.resolve();
    },
    removeFolder(prefix) {
      fs.rmSync(path.join(root, prefix), { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

/** Uploads at once while the importer moves a chapter to the bucket. */
const UPLOADS = 8;

/**
 * The S3 SDK, loaded at its first use: a node whose images are on its disk
 * never holds it (about 3 MB of heap every request's garbage collection
 * would walk: bench/api).
 */
const sdk = () => import('@aws-sdk/client-s3');

/**
 * OBJECT_STORE_URL, s3://ACCESS_KEY:SECRET@host[:port]/bucket?region=…
 * (s3+http:// for a plain-HTTP endpoint): the client's settings, the bucket,
 * and a key prefix (path segments after the bucket). Path-style requests
 * (every S3-compatible server takes them). Throws on a URL that is not one.
 */
export function objectStoreAddress(url: string): { settings: S3ClientConfig; bucket: string; prefix: string } {
  const u = new URL(url);
  if (u.protocol !== 's3:' && u.protocol !== 's3+http:')
    throw new Error(`OBJECT_STORE_URL: s3:// or s3+http:// expected, not ${u.protocol}`);
  const [bucket = '', ...rest] = u.pathname.split('/').filter(Boolean);
  if (!bucket) throw new Error('OBJECT_STORE_URL: no bucket (s3://KEY:SECRET@host/bucket)');
  const settings: S3ClientConfig = {
    endpoint: `${u.protocol === 's3:' ? 'https' : 'http'}://${u.host}`,
    region: u.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: true,
    ...(u.username
      ? { credentials: { accessKeyId: decodeURIComponent(u.username), secretAccessKey: decodeURIComponent(u.password) } }
      : {}),
    // Checksums only where S3 requires them (not every S3-compatible server knows the newer ones).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  return { settings, bucket, prefix: rest.map((s) => `${s}/`).join('') };
}

/** The client of OBJECT_STORE_URL, with its bucket and prefix (the SDK loaded if it was not). */
export async function objectStoreClient(url: string): Promise<{ client: S3Client; bucket: string; prefix: string }> {
  const { settings, bucket, prefix } = objectStoreAddress(url);
  const { S3Client } = await sdk();
  return { client: new S3Client(settings), bucket, prefix };
}

function s3Blobs(url: string): Blobs {
  // The URL is checked now (at start); the SDK and the client come with the first call.
  const { settings, bucket, prefix } = objectStoreAddress(url);
  const { get: s3 } = firstUse(async () => {
    const m = await sdk();
    return { s3: m, client: new m.S3Client(settings) };
  });
  const put = async (key: string, data: Buffer) => {
    const { s3: m, client } = await s3();
    await client.send(new m.PutObjectCommand({ Bucket: bucket, Key: prefix + key, Body: data, ContentType: 'image/webp' }));
  };
  return {
    async get(key) {
      const { s3: m, client } = await s3();
      try {
        const r = await client.send(new m.GetObjectCommand({ Bucket: bucket, Key: prefix + key }));
        return r.Body ? Buffer.from(await r.Body.transformToByteArray()) : undefined;
      } catch (e) {
        const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404) return undefined;
        throw e;
      }
    },
    put,
    async putFolder(dir, dest) {
      const files = (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
      let next = 0;
      const worker = async () => {
        while (next < files.length) {
          const f = files[next++];
          await put(`${dest}/${f.split(path.sep).join('/')}`, fs.readFileSync(path.join(dir, f)));
        }
      };
      await Promise.all(Array.from({ length: Math.min(UPLOADS, files.length) }, worker));
    },
    async removeFolder(dest) {
      const { s3: m, client } = await s3();
      for (;;) {
        const list = await client.send(new m.ListObjectsV2Command({ Bucket: bucket, Prefix: `${prefix}${dest}/`, MaxKeys: 1000 }));
        const keys = (list.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length === 0) return;
        await client.send(new m.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }));
        if (!list.IsTruncated) return;
      }
    },
  };
}

/** The image store of a configuration: the bucket of OBJECT_STORE_URL, else <dataDir>/img. */
export function imageBlobs(config: { dataDir: string; objectStoreUrl: string }): Blobs {
  return config.objectStoreUrl ? s3Blobs(config.objectStoreUrl) : localBlobs(path.join(config.dataDir, 'img'));
}
